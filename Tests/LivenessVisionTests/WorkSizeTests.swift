import DataTestSupport
import LivenessCore
import LivenessVision
import XCTest

/// A frame at least twice `MeasuresConfig.workShortSide` on its shorter side is worked on halved
/// (issue 47), and what leaves the analyzer is in the frame's pixels: on a 1080p selfie the halved
/// analysis puts the face where the full-size one does, frame by frame.
final class WorkSizeTests: XCTestCase {
    private func analyses(_ path: String, frames: Int, config: LivenessConfig) throws -> [FrameAnalyzer.Analysis] {
        let analyzer = try SharedAnalyzer.fresh()
        let video = try VideoSource(file: path)
        var out: [FrameAnalyzer.Analysis] = []
        while out.count < frames, let frame = try video.next() {
            out.append(try analyzer.analyze(frame, config: config))
        }
        return out
    }

    func testAHalvedFrameGivesTheFullFramesFaceInTheFramesPixels() throws {
        let path = try TestData.require("openwillis_selfie_videos/not_expressive.mp4")
        var full = LivenessConfig()
        full.measures.workShortSide = 100_000
        let halved = try analyses(path, frames: 60, config: LivenessConfig())
        let whole = try analyses(path, frames: 60, config: full)
        XCTAssertEqual(halved.count, 60)
        var worstShift = 0.0, worstYaw = 0.0, worstBox = 0.0, framesFittedOtherwise = 0
        for (h, w) in zip(halved, whole) {
            let frame = h.measurement.frameIndex
            XCTAssertEqual(h.measurement.frameWidth, 1920, "frame \(frame): the frame's own size")
            let a = try XCTUnwrap(h.measurement.face, "frame \(frame): no face halved"), b = try XCTUnwrap(w.measurement.face, "frame \(frame)")
            if a.landmarks != b.landmarks { framesFittedOtherwise += 1 }
            let eyes = Landmarks68.eyeDistance(b.landmarks)
            worstShift = max(worstShift, Point2.centroid(a.landmarks).distance(to: Point2.centroid(b.landmarks)) / eyes)
            worstYaw = max(worstYaw, abs(a.yaw - b.yaw))
            let boxA = try XCTUnwrap(h.faceBox), boxB = try XCTUnwrap(w.faceBox)
            worstBox = max(worstBox, abs(boxA.width / boxB.width - 1), boxA.centre.distance(to: boxB.centre) / boxB.width)
        }
        // Measured: the points' centroid 0.009 eye distances apart at most, yaw 1.4 degrees, the
        // box's centre and width 11 % (its detector ran on other pixels). Points left in the half
        // frame's pixels would sit hundreds of eye distances away.
        XCTAssertLessThan(worstShift, 0.05, "the landmarks' centroid, in eye distances")
        XCTAssertLessThan(worstYaw, 3, "yaw, degrees")
        XCTAssertLessThan(worstBox, 0.25, "the face box's centre and width, in its widths")
        XCTAssertEqual(framesFittedOtherwise, 60, "the full-size analysis works on the frame's own pixels, the default on half")
    }
}
