@testable import LivenessCore
import XCTest

/// SPEC §3 steps 2-3, the rule alone (`AutoshotRun`): three consecutive framed frames, the neutral
/// yaw their median.
final class AutoshotRunTests: XCTestCase {
    func testTheThirdConsecutiveFramedFrameCompletesTheRunWithItsMedianYaw() {
        var run = AutoshotRun(config: LivenessConfig())
        XCTAssertNil(run.observe(framedYaw: 4))
        XCTAssertNil(run.observe(framedYaw: 9))
        XCTAssertEqual(run.observe(framedYaw: 6), 6, "the median of 4, 9 and 6")
    }

    func testAFrameOutOfTheCircleRestartsTheRun() {
        var run = AutoshotRun(config: LivenessConfig())
        XCTAssertNil(run.observe(framedYaw: 1))
        XCTAssertNil(run.observe(framedYaw: 2))
        XCTAssertNil(run.observe(framedYaw: nil))
        XCTAssertNil(run.observe(framedYaw: 3))
        XCTAssertNil(run.observe(framedYaw: 4))
        XCTAssertEqual(run.observe(framedYaw: 5), 4, "only the three after the break count")
    }

    func testTheRunsLengthIsConfigured() {
        var config = LivenessConfig()
        config.framesToAutoshot = 4
        var run = AutoshotRun(config: config)
        for yaw in [1.0, 2, 3] { XCTAssertNil(run.observe(framedYaw: yaw)) }
        XCTAssertEqual(run.observe(framedYaw: 10), 2.5, "the mean of the middle two of four")
    }
}
