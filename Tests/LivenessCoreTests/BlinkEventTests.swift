import LivenessCore
import XCTest

/// SPEC §2 blink as an event in the lids' own motion (`BlinkEvent`); the session's use of it is
/// in SessionRuleTests.
final class BlinkEventTests: XCTestCase {
    let config = LivenessConfig()

    /// One frame of a script: the closure, the lids' descent since the frame before, whether a
    /// closed reading on it may count.
    struct Step {
        var closure: Double?
        var descent: Double?
        var counts = true
    }

    /// Feeds `steps` at `fps` and returns the blinks, with the frame each completed on. The eyes
    /// count as seen open since the autoshot (`EyesSeenOpen.isSeen`) from the start, or with
    /// `eyesSeenOpen` false never; seen open again since the last closed reading
    /// (`EyesSeenOpen.isSeenAgain`) from the start too, ended by a closed frame until two open
    /// frames follow.
    func run(_ steps: [Step], fps: Double = 30, eyesSeenOpen: Bool = true) -> [(completedOn: Int, blink: BlinkEvent.Blink)] {
        var event = BlinkEvent(config: config)
        var blinks: [(Int, BlinkEvent.Blink)] = []
        var again = eyesSeenOpen, openFrames = 0
        for (k, s) in steps.enumerated() {
            let frame = ChosenFrame(frame: k, ms: Double(k) * 1000 / fps)
            let refusals = s.counts ? [] : [Refusal(.outOfCircle)]
            if case .blink(let blink)? = event.observe(
                frame, closure: s.closure, lidDescent: s.descent, eyesSeenOpen: eyesSeenOpen, eyesSeenOpenAgain: again,
                refusals: refusals) {
                blinks.append((k, blink))
            }
            let closure = s.closure ?? 1
            openFrames = closure < config.blinkSeenOpenClosure ? openFrames + 1 : 0
            if closure >= config.blinkClosure { again = false } else if eyesSeenOpen && openFrames >= 2 { again = true }
        }
        return blinks
    }

    /// Open, `closedFrames` frames closed while the lids come down by `travel` in all, then
    /// open while they go back up by as much, `closedFrames` frames apart each way.
    func blink(closedFrames: Int, travel: Double = 0.15, open: Int = 5, after: Int = 8) -> [Step] {
        let stepDown = travel / Double(closedFrames)
        return Array(repeating: Step(closure: 0, descent: 0), count: open)
            + (0..<closedFrames).map { _ in Step(closure: 0.6, descent: stepDown) }
            + (0..<closedFrames).map { _ in Step(closure: 0.05, descent: -stepDown) }
            + Array(repeating: Step(closure: 0, descent: 0), count: after)
    }

    func testAClosingThatReopensWithTheLidsSeenGoingDownAndUpIsABlink() throws {
        let blinks = run(blink(closedFrames: 3))
        XCTAssertEqual(blinks.count, 1)
        let b = try XCTUnwrap(blinks.first?.blink)
        XCTAssertEqual(b.frame.frame, 5, "credited on the frame that reached the closure")
        XCTAssertEqual(b.reopened.frame, 8, "the first frame back under the closure")
        XCTAssertEqual(b.down, 0.15, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(b.up, config.blinkMinLidTravel)
        XCTAssertGreaterThanOrEqual(blinks[0].completedOn, 8, "given once the reopening is seen")
    }

    func testAClosedReadingWithoutTheLidsMovingIsNoBlink() {
        // The fit's lid points slipping (a moving head, a bent photo): closed and open again by
        // the landmarks, while the eye region's flow shows no lid coming down.
        var steps = blink(closedFrames: 2)
        for k in steps.indices { steps[k].descent = 0 }
        XCTAssertTrue(run(steps).isEmpty)
    }

    func testTheTravelBoundDecides() {
        let bound = config.blinkMinLidTravel
        XCTAssertEqual(run(blink(closedFrames: 2, travel: bound * 1.05)).count, 1)
        XCTAssertTrue(run(blink(closedFrames: 2, travel: bound * 0.95)).isEmpty)
    }

    func testLidsThatComeDownAndStayDownAreNoBlink() {
        // Closed for 600 ms (a look down at the phone), then open again with the lids' motion.
        let closedFrames = 18
        XCTAssertGreaterThan(Double(closedFrames) * 1000 / 30, config.blinkMaxClosedMs)
        XCTAssertTrue(run(blink(closedFrames: closedFrames)).isEmpty)
        XCTAssertEqual(run(blink(closedFrames: 12)).count, 1, "400 ms closed is still a blink")
    }

    func testLidsThatDoNotGoBackUpAreNoBlink() {
        // The closure reads open again but the lids' flow shows no rise: not a reopening seen.
        var steps = blink(closedFrames: 3)
        for k in 8..<11 { steps[k].descent = 0 }
        XCTAssertTrue(run(steps).isEmpty)
    }

    func testEyesSeenOpenBetweenTwoClosingsMakeThemTwo() {
        // A twitch that reopens without the lids' travel, the eyes open again, then a blink: the
        // blink is credited on its own closed frame, not on the twitch's.
        let twitch = [Step(closure: 0.3, descent: 0.03), Step(closure: 0.05, descent: -0.01)]
        let steps = Array(repeating: Step(closure: 0, descent: 0), count: 5) + twitch
            + Array(repeating: Step(closure: 0, descent: 0), count: 4) + blink(closedFrames: 3, open: 0)
        let blinks = run(steps)
        XCTAssertEqual(blinks.count, 1)
        XCTAssertEqual(blinks.first?.blink.frame.frame, 11)
    }

    func testEyesNotSeenOpenFirstGiveNoBlink() {
        XCTAssertTrue(run(blink(closedFrames: 3), eyesSeenOpen: false).isEmpty)
    }

    func testAClosingWithNoFrameThatMayCountIsNoBlink() {
        var steps = blink(closedFrames: 3)
        for k in 5..<8 { steps[k].counts = false }
        XCTAssertTrue(run(steps).isEmpty)
        steps[7].counts = true
        XCTAssertEqual(run(steps).first?.blink.frame.frame, 7, "the first closed frame that may count")
    }

    func testAFrameWithoutTheLidsMotionBreaksTheEvent() {
        var steps = blink(closedFrames: 3)
        steps[6].descent = nil
        XCTAssertTrue(run(steps).isEmpty)
    }

    func testTheSameBlinkIsOneAtAnyFrameRate() {
        // 130 ms down and 130 ms up at 15, 30 and 60 fps: the travel is the same sum.
        for (fps, frames) in [(15.0, 2), (30.0, 4), (60.0, 8)] {
            XCTAssertEqual(run(blink(closedFrames: frames, open: 10, after: 20), fps: fps).count, 1, "\(fps) fps")
        }
    }
}
