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

    // MARK: - The event timed by the lids' own motion

    /// Open frames (closure 0, the lids still).
    func open(_ n: Int) -> [Step] { Array(repeating: Step(closure: 0, descent: 0), count: n) }

    func testTheLidsMustComeDownAndGoBackUpWithinTheLongestBlinkFromWhereTheirDescentBegan() {
        // The lids sink by 0.04 eye widths while the eyes still read open, then come down 0.04 more
        // with the eyes read shut for 67 ms, then go back up by 0.08: each way is over the travel
        // only when counted from the start of the slow sinking. Sinking over 400 ms, the whole
        // down and up takes 400 ms from the last frame the lids were a full travel above their
        // lowest: a blink. Over 667 ms it takes 567 ms, past blinkMaxClosedMs: none.
        func steps(sinkingFrames n: Int) -> [Step] {
            open(5) + Array(repeating: Step(closure: 0.1, descent: 0.04 / Double(n)), count: n)
                + [Step(closure: 0.6, descent: 0.04), Step(closure: 0.6, descent: 0), Step(closure: 0.05, descent: -0.04),
                   Step(closure: 0, descent: -0.04)] + open(10)
        }
        XCTAssertLessThan(0.04, config.blinkMinLidTravel, "the fast part alone is not a blink")
        XCTAssertGreaterThanOrEqual(0.08, config.blinkMinLidTravel)
        XCTAssertEqual(run(steps(sinkingFrames: 12)).count, 1)
        XCTAssertEqual(run(steps(sinkingFrames: 20)).count, 0)
    }

    func testTheLidsLowestPointMustLieInsideTheClosing() {
        // The lids come down and back up by 0.08 while the eyes read open (0.15: a glance, a
        // squint), then the fit reads them shut for one frame with the lids still: the lids'
        // event and the closing are two things, and neither is a blink.
        let steps = open(5) + [Step(closure: 0.15, descent: 0.08), Step(closure: 0.15, descent: -0.08), Step(closure: 0.5, descent: 0)]
            + open(10)
        XCTAssertTrue(run(steps).isEmpty)
    }

    func testTheLidsEventMayCompleteBeforeTheClosureReopens() throws {
        // 8 fps: the lids come down in one frame and are back up two frames later, but the fit's
        // closure lags and reads open only 500 ms after it reached the blink's: by then the
        // descent is older than the longest blink. The lids' event, seen on the frame they were
        // back up, is credited once the closure reopens, on the frame that reached it.
        let steps = open(5) + [Step(closure: 1, descent: 0.12), Step(closure: 0.5, descent: -0.05), Step(closure: 0.3, descent: -0.05),
                               Step(closure: 0.25, descent: -0.01), Step(closure: 0.05, descent: 0)] + open(5)
        let blinks = run(steps, fps: 8)
        XCTAssertEqual(blinks.count, 1)
        XCTAssertEqual(blinks.first?.completedOn, 9, "given once the closure reopens")
        let b = try XCTUnwrap(blinks.first?.blink)
        XCTAssertEqual(b.frame.frame, 5)
        XCTAssertEqual(b.reopened.frame, 9)
        XCTAssertEqual(b.down, 0.12, accuracy: 1e-9)
    }

    /// A look down (the eyes narrowed to 0.3 from frame 5, the lids 0.05 lower), a blink in it
    /// whose lids come down 0.1 on frame `blinkAt` and are back up two frames later, and the eyes
    /// open again on frame `blinkAt + 9`: the closure never falls under the blink's between the
    /// look down and the blink (reddy_capture at 4.40 s).
    func blinkInsideALookDown(at blinkAt: Int) -> [Step] {
        open(5) + [Step(closure: 0.3, descent: 0.05)] + Array(repeating: Step(closure: 0.3, descent: 0), count: blinkAt - 6)
            + [Step(closure: 0.8, descent: 0.1), Step(closure: 0.5, descent: -0.06), Step(closure: 0.3, descent: -0.04)]
            + Array(repeating: Step(closure: 0.3, descent: 0), count: 6) + [Step(closure: 0.15, descent: -0.05)] + open(5)
    }

    func testABlinkInsideALookDownIsItsOwnEvent() throws {
        // The look down's closing, from frame 5, is shut too long on frame 21 (533 ms), the very
        // frame the blink's lids come down: the next closing starts on that frame, and its lids
        // show their own descent and rise.
        XCTAssertGreaterThan(21.0 * 1000 / 30 - 5.0 * 1000 / 30, config.blinkMaxClosedMs)
        XCTAssertLessThanOrEqual(20.0 * 1000 / 30 - 5.0 * 1000 / 30, config.blinkMaxClosedMs)
        let blinks = run(blinkInsideALookDown(at: 21))
        XCTAssertEqual(blinks.count, 1)
        let b = try XCTUnwrap(blinks.first?.blink)
        XCTAssertEqual(b.frame.frame, 21, "the blink's own frame")
        XCTAssertEqual(b.reopened.frame, 23, "as open as where the lids' descent began (frame 20, 0.3), still looking down")
        XCTAssertEqual(b.down, 0.1, accuracy: 1e-9)
        XCTAssertEqual(b.up, 0.1, accuracy: 1e-9)
    }

    func testABlinkInsideALookDownThatGoesOnReopensWhereItsDescentBegan() throws {
        // The look down goes on to the end: the closure never falls under the blink's again. The
        // blink reopens once the eyes read as open as where its lids' descent began (0.3 on frame
        // 20), on frame 23; eyes left narrower than that (0.5) have not reopened.
        let lookingOn = Array(blinkInsideALookDown(at: 21).prefix(24)) + Array(repeating: Step(closure: 0.3, descent: 0), count: 20)
        let b = try XCTUnwrap(run(lookingOn).first?.blink)
        XCTAssertEqual(b.frame.frame, 21)
        XCTAssertEqual(b.reopened.frame, 23)
        let stillNarrower = Array(blinkInsideALookDown(at: 21).prefix(21))
            + [Step(closure: 0.8, descent: 0.1), Step(closure: 0.6, descent: -0.06), Step(closure: 0.5, descent: -0.04)]
            + Array(repeating: Step(closure: 0.5, descent: 0), count: 20)
        XCTAssertTrue(run(stillNarrower).isEmpty, "the lids went back up, but the eyes read narrower than before the blink")
    }

    func testABlinkLaterInALookDownIsCreditedOnItsOwnFrame() {
        // The look down's closing is shut too long on frame 21 and the next starts there; the
        // blink comes on frame 25. The credit is the first closed frame after the lids' descent
        // began, the blink's, not the look down's frame 21.
        let blinks = run(blinkInsideALookDown(at: 25))
        XCTAssertEqual(blinks.count, 1)
        XCTAssertEqual(blinks.first?.blink.frame.frame, 25)
    }

    func testABlinkAtTheEndOfAClosingShutTooLongIsCreditedOnItsOwnFrame() throws {
        // 8 fps, eyes narrowed (closure 0.3, the lids 0.03 lower) from frame 5; the blink's lids
        // come down 0.12 on frame 9 and are back up on frame 10, the very frame the narrowed
        // closing is shut too long (625 ms): the next closing starts on it, and the blink's lowest
        // point, on the closing before, lies inside the eyes' unbroken run of closed readings
        // (proctor_liveness at 11250 ms). It is a blink, credited on frame 9, once the eyes read
        // open on frame 13.
        XCTAssertGreaterThan(10.0 * 125 - 5.0 * 125, config.blinkMaxClosedMs)
        XCTAssertLessThanOrEqual(9.0 * 125 - 5.0 * 125, config.blinkMaxClosedMs)
        let steps = open(5) + [Step(closure: 0.3, descent: 0.03)] + Array(repeating: Step(closure: 0.3, descent: 0), count: 3)
            + [Step(closure: 0.9, descent: 0.12), Step(closure: 0.35, descent: -0.12), Step(closure: 0.3, descent: 0),
               Step(closure: 0.3, descent: 0), Step(closure: 0.05, descent: -0.03)] + open(5)
        let blinks = run(steps, fps: 8)
        XCTAssertEqual(blinks.count, 1)
        let b = try XCTUnwrap(blinks.first?.blink)
        XCTAssertEqual(b.frame.frame, 9, "the blink's own frame, carried over from the closing shut too long")
        XCTAssertEqual(b.reopened.frame, 11, "back to the narrowed eyes' 0.3 of frame 8, where the descent began")
        XCTAssertEqual(b.down, 0.12, accuracy: 1e-9)
    }

    func testALowPointBeforeAFrameReadOpenIsNotBridgedIntoTheNextClosing() {
        // 30 fps, eyes narrowed (0.3) from frame 5; the lids come down 0.07 on frame 14 and creep
        // back up 0.01 a frame from frame 15. The closing is shut too long on frame 21 (533 ms from
        // frame 5) and the next starts there. With every frame read closed, the low point on
        // frame 14 is inside the unbroken run of closed readings that goes on into the next
        // closing: a blink once the eyes open on frame 24. With frame 15 read open for one frame
        // (0.15, too short to be seen open again, so the closing goes on), the run restarts on
        // frame 16: the low point is another event's, and what is left of the rise after it
        // (0.05 down) is no blink (tranvanluyt_fake at 4.87 s).
        func steps(frame15 closure: Double) -> [Step] {
            open(5) + Array(repeating: Step(closure: 0.3, descent: 0), count: 9) + [Step(closure: 0.35, descent: 0.07),
                Step(closure: closure, descent: -0.01)] + Array(repeating: Step(closure: 0.3, descent: -0.01), count: 8)
                + [Step(closure: 0.05, descent: 0)] + open(5)
        }
        XCTAssertGreaterThan(21.0 * 1000 / 30 - 5.0 * 1000 / 30, config.blinkMaxClosedMs)
        XCTAssertGreaterThanOrEqual(0.07, config.blinkMinLidTravel)
        XCTAssertLessThan(0.05, config.blinkMinLidTravel)
        XCTAssertEqual(run(steps(frame15: 0.3)).map(\.blink.frame.frame), [14])
        XCTAssertTrue(run(steps(frame15: 0.15)).isEmpty)
    }
}
