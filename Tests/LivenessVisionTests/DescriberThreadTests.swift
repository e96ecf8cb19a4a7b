import DataTestSupport
import LivenessCore
import LivenessVision
import XCTest

/// Faces described on their own thread (`StreamScorer.describeAside`, as `live` does) while the
/// next frames are analysed: the session still judges every frame in order, on the same
/// descriptors, so the decisions are those of describing inline. The video source reuses its
/// frame buffer, so a frame held while its predecessor's face is described must keep its own image.
final class DescriberThreadTests: XCTestCase {
    static let clips = [
        "liveness_real_vs_spoof_samples/videos/real.mov",
        "pyfeat_face_videos/single_face.mp4",
        "github_selfie_clips/videos/faceswap_data1.mp4",
    ]

    func testDescribingAsideDecidesAsDescribingInline() throws {
        var described = 0
        for clip in Self.clips {
            let path = try TestData.require(clip)
            func score(aside: Bool) throws -> (result: StreamScorer.Result, steps: [Int]) {
                let source = try VideoSource(file: path)
                var steps: [Int] = []
                let result = try StreamScorer(analyzer: try SharedAnalyzer.fresh(), config: LivenessConfig(), describeAside: aside)
                    .score(seed: 1, nextFrame: source.next, onStep: { steps.append($0.frame.index) })
                return (result, steps)
            }
            let (inline, inlineSteps) = try score(aside: false)
            let (aside, asideSteps) = try score(aside: true)
            XCTAssertEqual(asideSteps, inlineSteps, "\(clip): every frame judged once, in order")
            XCTAssertEqual(aside.events, inline.events, "\(clip): events")
            XCTAssertEqual(aside.session.credits, inline.session.credits, "\(clip): credits")
            XCTAssertEqual(aside.session.identity.creditDistances.map(\.distance), inline.session.identity.creditDistances.map(\.distance),
                           "\(clip): the same faces described")
            XCTAssertEqual(aside.session.identity.snapshotDistance, inline.session.identity.snapshotDistance, "\(clip): snapshot")
            XCTAssertEqual(aside.descriptors, inline.descriptors, "\(clip): descriptors")
            XCTAssertEqual(aside.autoshotImage.map { [$0.width, $0.height] }, inline.autoshotImage.map { [$0.width, $0.height] })
            if inline.descriptors > 0 {
                XCTAssertGreaterThan(aside.timings.describe, 0, "\(clip): the describer's time is its own stage")
            }
            described += inline.descriptors
        }
        XCTAssertGreaterThanOrEqual(described, 4, "faces described over the clips")
    }
}
