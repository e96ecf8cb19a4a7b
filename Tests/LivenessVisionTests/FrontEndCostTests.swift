import DataTestSupport
import LivenessCore
import LivenessData
import LivenessVision
import XCTest

/// The work the front end does per frame, counted rather than timed (times belong to
/// Benchmarks/): a followed face costs one landmark fit per frame; the detectors only find it or
/// confirm it.
final class FrontEndCostTests: XCTestCase {
    /// single_face.mp4 shows one upright face on all 72 frames: 72 fits, however often the
    /// detectors confirm the face or search the whole frame.
    func testAFollowedFaceCostsOneFitPerFrame() throws {
        let analyzer = try SharedAnalyzer.fresh()
        let video = try VideoSource(file: try TestData.require("pyfeat_face_videos/single_face.mp4"))
        var frames = 0, withFace = 0
        while let frame = try video.next() {
            if try analyzer.analyze(frame, config: LivenessConfig()).measurement.face != nil { withFace += 1 }
            frames += 1
        }
        XCTAssertEqual(frames, 72, "single_face.mp4 frames decoded")
        XCTAssertEqual(withFace, frames, "frames with a face")
        XCTAssertEqual(analyzer.fitCount, frames, "landmark fits for \(frames) frames")
    }
}
