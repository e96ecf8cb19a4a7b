import LivenessCore
import XCTest

/// A timed run of frames read open (`OpenRun`), the same at any frame rate.
final class OpenRunTests: XCTestCase {
    func testARunCountsOnceItHasLastedTheSustainAndABreakRestartsIt() {
        let sustain = LivenessConfig().blinkSeenOpenMs
        for fps in [10.0, 30, 60] {
            var run = OpenRun(config: LivenessConfig())
            let step = 1000 / fps
            var lasted: [Bool] = []
            for k in 0..<6 { lasted.append(run.observe(open: true, at: Double(k) * step)) }
            XCTAssertEqual(lasted.firstIndex(of: true), Int((sustain / step).rounded(.up)), "\(fps) fps")
            XCTAssertFalse(run.observe(open: false, at: 6 * step), "a frame not read open breaks it")
            XCTAssertFalse(run.observe(open: true, at: 7 * step), "and the next run starts again")
        }
    }
}
