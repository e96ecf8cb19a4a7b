import LivenessCore
import XCTest

/// SPEC §2 blink, the rule alone (`BlinkRule`); the session's use of it is in SessionRuleTests.
final class BlinkRuleTests: XCTestCase {
    let config = LivenessConfig()

    func testAClosureAtTheThresholdFromOpenReadableEyesIsABlink() {
        XCTAssertTrue(BlinkRule.isMet(closure: config.blinkClosure, yaw: 0, eyesSeenOpen: true, eyesReadable: true, eyeChange: nil, config: config))
        XCTAssertFalse(BlinkRule.isMet(closure: config.blinkClosure - 0.01, yaw: 0, eyesSeenOpen: true, eyesReadable: true, eyeChange: nil, config: config))
    }

    func testEachConditionIsNeeded() {
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: 0, eyesSeenOpen: false, eyesReadable: true, eyeChange: nil, config: config), "eyes not seen open")
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: 0, eyesSeenOpen: true, eyesReadable: false, eyeChange: nil, config: config), "head too fast")
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: -config.blinkMaxAbsYaw, eyesSeenOpen: true, eyesReadable: true, eyeChange: nil, config: config), "turned away")
    }

    func testAClosureThePixelsDoNotBearOutIsNoClosedReading() {
        let bound = config.blinkMinEyeChange
        XCTAssertTrue(BlinkRule.readsClosed(closure: 0.5, eyeChange: bound, config: config))
        XCTAssertFalse(BlinkRule.readsClosed(closure: 0.5, eyeChange: bound - 0.01, config: config), "the fit's closure, not the lid's")
        XCTAssertTrue(BlinkRule.readsClosed(closure: 0.5, eyeChange: nil, config: config), "pixels not measured")
        XCTAssertFalse(BlinkRule.isMet(closure: 0.5, yaw: 0, eyesSeenOpen: true, eyesReadable: true, eyeChange: bound - 0.01, config: config))
    }

    func testAClosureThePixelsDoNotBearOutLeavesTheEyesSeenOpen() {
        // A bent photo's fit reads 0.39 on open eyes whose pixels barely change: that reading
        // neither credits nor ends "seen open"; a closure the pixels bear out ends it.
        var seen = EyesSeenOpen(config: config)
        let open = OpenEye(right: OpenLids(upper: 0.25, lower: 0.08), left: OpenLids(upper: 0.25, lower: 0.08))
        for k in 0..<5 { seen.observe(closure: 0, eyeChange: 0, yaw: 0, openEye: open, at: Double(k) * 33) }
        XCTAssertTrue(seen.isSeen)
        seen.observe(closure: 0.39, eyeChange: config.blinkMinEyeChange / 2, yaw: 0, openEye: open, at: 200)
        XCTAssertTrue(seen.isSeen, "not a closed reading")
        seen.observe(closure: 0.39, eyeChange: config.blinkMinEyeChange * 2, yaw: 0, openEye: open, at: 233)
        XCTAssertFalse(seen.isSeen, "a closed reading")
    }
}
