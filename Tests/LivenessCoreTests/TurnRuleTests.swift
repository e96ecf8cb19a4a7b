import LivenessCore
import XCTest

/// SPEC §2 head turn, the rule alone (`TurnRule`).
final class TurnRuleTests: XCTestCase {
    func testATurnIsHeldTwoConsecutiveFramesEitherWay() {
        var rule = TurnRule(config: LivenessConfig())
        XCTAssertFalse(rule.observe(yawFromNeutral: 8))
        XCTAssertTrue(rule.observe(yawFromNeutral: 9), "the second frame at 7.5 or more")
        var left = TurnRule(config: LivenessConfig())
        XCTAssertFalse(left.observe(yawFromNeutral: -7.5))
        XCTAssertTrue(left.observe(yawFromNeutral: -7.6))
    }

    func testAFrameUnderTheTurnOrNotEligibleRestartsTheHold() {
        var rule = TurnRule(config: LivenessConfig())
        XCTAssertFalse(rule.observe(yawFromNeutral: 8))
        XCTAssertFalse(rule.observe(yawFromNeutral: 7))
        XCTAssertFalse(rule.observe(yawFromNeutral: 8))
        XCTAssertFalse(rule.observe(yawFromNeutral: nil), "face out or camera moving")
        XCTAssertFalse(rule.observe(yawFromNeutral: 8))
        XCTAssertTrue(rule.observe(yawFromNeutral: 8))
    }
}
