import LivenessCore
import XCTest

/// SPEC §2 blink as an event (`BlinkEvent`): a closing from the level the eyes held open just
/// before, beyond the fit's own noise, that reopens within the longest blink, with the lids' own
/// motion in the eye region's flow; the session's use of it is in SessionRuleTests.
final class BlinkEventTests: XCTestCase {
    let config = LivenessConfig()
    let open = OpenEyeReference.Reading(open: OpenEye(fallbackUpper: 0.22), noise: 0.02)

    /// One frame of a script: the closure, the lids' descent since the frame before, whether a
    /// closed reading on it may count.
    struct Step {
        var closure: Double?
        var descent: Double?
        var counts = true
    }

    /// Feeds `steps` at `fps` against `reference` and returns the blinks, with the frame each
    /// completed on, and the misses.
    func run(_ steps: [Step], fps: Double = 30, reference: OpenEyeReference.Reading? = nil)
        -> (blinks: [(completedOn: Int, blink: BlinkEvent.Blink)], misses: [ActionMiss]) {
        var event = BlinkEvent(config: config)
        var blinks: [(Int, BlinkEvent.Blink)] = [], misses: [ActionMiss] = []
        for (k, s) in steps.enumerated() {
            let frame = ChosenFrame(frame: k, ms: Double(k) * 1000 / fps)
            switch event.observe(
                frame, closure: s.closure, reference: reference ?? open, lidDescent: s.descent,
                refusals: s.counts ? [] : [Refusal(.outOfCircle)]) {
            case .blink(let blink)?: blinks.append((k, blink))
            case .missed(let miss)?: misses.append(miss)
            case nil: break
            }
        }
        if let miss = event.end() { misses.append(miss) }
        return (blinks, misses)
    }

    /// `open` open frames, `closedFrames` closed while the lids come down by `travel` in all, then
    /// open while they go back up by as much, `closedFrames` frames apart each way.
    func blink(closedFrames: Int, closure: Double = 0.6, travel: Double = 0.1, open: Int = 5, after: Int = 8) -> [Step] {
        let stepDown = travel / Double(closedFrames)
        return Array(repeating: Step(closure: 0, descent: 0), count: open)
            + (0..<closedFrames).map { _ in Step(closure: closure, descent: stepDown) }
            + (0..<closedFrames).map { _ in Step(closure: 0.05, descent: -stepDown) }
            + Array(repeating: Step(closure: 0, descent: 0), count: after)
    }

    func testAClosingFromOpenEyesThatReopensWithTheLidsDownAndUpIsABlink() throws {
        let result = run(blink(closedFrames: 3))
        XCTAssertEqual(result.blinks.count, 1)
        let b = try XCTUnwrap(result.blinks.first?.blink)
        XCTAssertEqual(b.frame.frame, 5, "credited on the frame that reached the closure")
        XCTAssertEqual(b.reopened.frame, 8, "the first frame back under half the deepest closure")
        XCTAssertEqual(b.down, 0.1, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(result.blinks[0].completedOn, 8, "given once the reopening is seen")
    }

    func testAClosedReadingWithoutTheLidsMovingIsNoBlink() {
        // The fit's lid points slipping (a moving head, a bent photo): closed and open again by
        // the landmarks, while the eye region's flow shows no lid coming down.
        var steps = blink(closedFrames: 2)
        for k in steps.indices { steps[k].descent = 0 }
        let result = run(steps)
        XCTAssertTrue(result.blinks.isEmpty)
        XCTAssertEqual(result.misses.last?.refusedBy.rule, .lidsStill)
    }

    func testTheTravelBoundDecides() {
        let bound = config.blinkMinLidTravel
        XCTAssertEqual(run(blink(closedFrames: 2, travel: bound * 1.05)).blinks.count, 1)
        XCTAssertTrue(run(blink(closedFrames: 2, travel: bound * 0.95)).blinks.isEmpty)
    }

    func testAClosingWithinTheFitsOwnNoiseIsNoClosing() {
        // On a face whose fit steps by a tenth of the open eye from frame to frame, a closure of
        // 0.5 is within six times that noise: no closing, a miss that says so.
        let noisy = OpenEyeReference.Reading(open: OpenEye(fallbackUpper: 0.22), noise: 0.1)
        let result = run(blink(closedFrames: 2, closure: 0.5), reference: noisy)
        XCTAssertTrue(result.blinks.isEmpty)
        XCTAssertEqual(result.misses.first?.refusedBy.rule, .withinNoise)
        XCTAssertEqual(result.misses.first?.refusedBy.bound ?? 0, config.blinkNoiseMultiple * 0.1, accuracy: 1e-9)
        // Beyond it, the same lids make a blink.
        XCTAssertEqual(run(blink(closedFrames: 2, closure: 0.7), reference: noisy).blinks.count, 1)
    }

    func testALookDownThatStaysDownIsNoBlink() {
        // The lids come down and stay down 600 ms (a look down at the phone), then go back up.
        let closedFrames = 18
        XCTAssertGreaterThan(Double(closedFrames) * 1000 / 30, config.blinkMaxClosedMs)
        let result = run(blink(closedFrames: closedFrames))
        XCTAssertTrue(result.blinks.isEmpty)
        XCTAssertEqual(result.misses.first?.refusedBy.rule, .closedTooLong)
    }

    func testAfterAClosingTooLongTheEyesMustReadOpenBeforeTheNext() {
        // Shut 600 ms, then the fit's closure wobbles between 0.3 and 0.6 with the lids moving:
        // the eyes never read open (under half the blink's closure), so no blink starts in it.
        let shut = Array(repeating: Step(closure: 0.6, descent: 0), count: 18)
        let wobble = (0..<12).map { k in Step(closure: k % 2 == 0 ? 0.3 : 0.6, descent: k % 2 == 0 ? -0.05 : 0.05) }
        XCTAssertTrue(run(Array(repeating: Step(closure: 0, descent: 0), count: 5) + shut + wobble).blinks.isEmpty)
        // Once they read open, a blink counts.
        let reopened = Array(repeating: Step(closure: 0, descent: 0), count: 3)
        XCTAssertEqual(run(Array(repeating: Step(closure: 0, descent: 0), count: 5) + shut + reopened + blink(closedFrames: 2)).blinks.count, 1)
    }

    func testAOneFrameClosingAt8FpsIsABlink() throws {
        // 8 fps: open, shut on one frame, open. The flow cannot follow the lid down across the
        // 125 ms interval (it reads 0.01), and follows it back up (0.1): the descent is the fit's.
        let steps = [Step(closure: 0, descent: 0), Step(closure: 0, descent: 0), Step(closure: 0, descent: 0),
                     Step(closure: 0.9, descent: 0.01), Step(closure: 0.05, descent: -0.1), Step(closure: 0, descent: 0)]
        let b = try XCTUnwrap(run(steps, fps: 8).blinks.first?.blink)
        XCTAssertEqual(b.frame.frame, 3)
        // At 30 fps the same readings are a lid the flow saw not come down: no blink.
        XCTAssertTrue(run(steps, fps: 30).blinks.isEmpty)
        // Nor at 8 fps when the flow sees the lid move neither way.
        var still = steps
        still[3].descent = 0; still[4].descent = 0
        XCTAssertTrue(run(still, fps: 8).blinks.isEmpty)
    }

    func testAClosingWithNoFrameThatMayCountIsNoBlink() {
        var steps = blink(closedFrames: 3)
        for k in 5..<8 { steps[k].counts = false }
        let result = run(steps)
        XCTAssertTrue(result.blinks.isEmpty)
        XCTAssertEqual(result.misses.first?.refusedBy.rule, .outOfCircle)
    }

    func testTheCreditIsTheFirstClosedFrameThatMayCount() {
        var steps = blink(closedFrames: 3)
        steps[5].counts = false
        XCTAssertEqual(run(steps).blinks.first?.blink.frame.frame, 6)
    }

    func testAClosingIsTimedAcrossFramesWhoseEyesCannotBeRead() {
        // Closed at frame 5, then the eyes unreadable (the face turned away) for 600 ms: the
        // closing's clock runs on, and the reopening after it is no blink.
        let steps = Array(repeating: Step(closure: 0, descent: 0), count: 5) + [Step(closure: 0.6, descent: 0.1)]
            + Array(repeating: Step(closure: nil, descent: 0), count: 18) + [Step(closure: 0, descent: -0.1)]
        let result = run(steps)
        XCTAssertTrue(result.blinks.isEmpty)
        XCTAssertEqual(result.misses.first?.refusedBy.rule, .closedTooLong)
    }

    func testTheSameBlinkIsOneAtAnyFrameRate() {
        // 130 ms down and 130 ms up at 15, 30 and 60 fps: the travel is the same sum.
        for fps in [15.0, 30, 60] {
            let frames = max(1, Int((0.13 * fps).rounded()))
            XCTAssertEqual(run(blink(closedFrames: frames), fps: fps).blinks.count, 1, "\(fps) fps")
        }
    }
}
