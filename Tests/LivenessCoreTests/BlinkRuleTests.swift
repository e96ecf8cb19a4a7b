import LivenessCore
import XCTest

/// SPEC §2 blink, the rule alone (`BlinkRule`); the session's use of it is in SessionRuleTests.
final class BlinkRuleTests: XCTestCase {
    let config = LivenessConfig()

    func testAClosureAtTheThresholdFromOpenReadableEyesIsABlink() {
        XCTAssertTrue(BlinkRule.isMet(closure: config.blinkClosure, yaw: 0, eyesSeenOpen: true, eyesReadable: true, config: config))
        XCTAssertFalse(BlinkRule.isMet(closure: config.blinkClosure - 0.01, yaw: 0, eyesSeenOpen: true, eyesReadable: true, config: config))
    }

    func testEachConditionIsNeeded() {
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: 0, eyesSeenOpen: false, eyesReadable: true, config: config), "eyes not seen open")
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: 0, eyesSeenOpen: true, eyesReadable: false, config: config), "head too fast")
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: -config.blinkMaxAbsYaw, eyesSeenOpen: true, eyesReadable: true, config: config), "turned away")
    }
}
