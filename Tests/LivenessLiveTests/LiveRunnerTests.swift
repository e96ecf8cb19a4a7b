import DataTestSupport
import LivenessCore
import LivenessLive
import LivenessVision
import XCTest

final class LiveRunnerTests: XCTestCase {
    /// A file played `everyFrame` is analysed from its first frame, however soon the capture
    /// thread delivers it: on a busy machine it was in the slot before the session began, and the
    /// session's start threw it away (the live run then settled, framed and credited a frame off
    /// `liveness score`'s).
    func testTheFirstFrameIsAnalysedWhenItArrivedBeforeTheSession() throws {
        let clip = try TestData.require("liveness_real_vs_spoof_samples/videos/real.mov")
        let analyzer = try SharedAnalyzer.fresh()
        let capture = try LiveCapture(.file(path: clip, everyFrame: true))
        defer { capture.stop() }
        // The capture thread puts frame 0 in the slot, then waits for room: wait for that.
        let arrived = expectation(description: "frame 0 delivered to the slot")
        DispatchQueue.global().async {
            while capture.counts.captured < 1 { usleep(1000) }
            arrived.fulfill()
        }
        wait(for: [arrived], timeout: 60)

        var indices: [Int] = []
        var options = LiveRunner.Options(seed: 7)
        // Ten frames tell; the frames analysed while a face was described are judged after the stop.
        options.stopRequested = { indices.count >= 10 }
        let summary = try LiveRunner(analyzer: analyzer, config: LivenessConfig(), capture: capture, options: options)
            .run(onStep: { indices.append($0.frame.index) }, onEvents: { _ in }, onRestart: { _, _, _ in })
        XCTAssertEqual(indices.first, 0, "the session's first frame")
        XCTAssertGreaterThanOrEqual(indices.count, 10)
        XCTAssertEqual(indices, Array(0..<indices.count), "every frame in order, none skipped")
        XCTAssertEqual(summary.dropped, 0)
    }
}
