import LivenessCore
import XCTest

/// SPEC §3 step 4's cap, the rule alone (`ScanCap`): 20 s from the autoshot.
final class ScanCapTests: XCTestCase {
    func testTheCapIsReachedTwentySecondsAfterTheAutoshot() {
        let cap = ScanCap(autoshotMs: 500, config: LivenessConfig())
        XCTAssertFalse(cap.isReached(at: 20_499))
        XCTAssertTrue(cap.isReached(at: 20_500))
        XCTAssertEqual(cap.msLeft(at: 10_500), 10_000)
        XCTAssertEqual(cap.msLeft(at: 25_000), 0, "never below 0")
    }
}
