@testable import LivenessCore
import TestSupport
import XCTest

/// A scan frame's actions, the rules alone (`ActionRules`): eligibility (face in, camera still),
/// the turn held two frames, a cut announced once.
final class ActionRulesTests: XCTestCase {
    let open = OpenEyeReference.Reading(open: OpenEye(fallbackUpper: 0.22), noise: 0)

    func reading(inCircle: Bool = true, cameraRate: Double? = 0) -> FrameReading {
        FrameReading(
            framing: inCircle ? .inCircle : .offCentre, reference: open, closure: 0, cameraRate: cameraRate,
            cameraStill: (cameraRate ?? 0) <= LivenessConfig().cameraStillMaxDegPerSec)
    }

    func testATurnHeldTwoEligibleFramesIsProposed() {
        var rules = ActionRules(config: LivenessConfig())
        let first = rules.judge(measurement(frame: 10, ms: 333, Pose(yaw: 9)), reading(), neutral: 0)
        XCTAssertTrue(first.credits.isEmpty)
        XCTAssertEqual(first.misses.map(\.refusedBy.rule), [.notReached, .notHeld], "the blink not reached, the turn not held yet")
        let second = rules.judge(measurement(frame: 11, ms: 367, Pose(yaw: 9)), reading(), neutral: 0)
        XCTAssertEqual(second.credits.map(\.action), [.turnHead])
        XCTAssertEqual(second.credits.first?.value, 9)
    }

    func testNothingIsProposedOutOfTheCircleOrWhileTheCameraRotates() {
        var rules = ActionRules(config: LivenessConfig())
        for (frame, r) in [(10, reading(inCircle: false)), (11, reading(inCircle: false)), (12, reading(cameraRate: 20)), (13, reading(cameraRate: 20))] {
            let judgement = rules.judge(measurement(frame: frame, ms: Double(frame) * 33, Pose(yaw: 9)), r, neutral: 0)
            XCTAssertTrue(judgement.credits.isEmpty, "frame \(frame)")
            let turn = judgement.misses.first { $0.action == .turnHead }
            XCTAssertEqual(turn?.refusedBy.rule, frame < 12 ? .outOfCircle : .cameraRotating, "frame \(frame)")
        }
        let back = rules.judge(measurement(frame: 14, ms: 462, Pose(yaw: 9)), reading(), neutral: 0)
        XCTAssertTrue(back.credits.isEmpty, "an ineligible frame restarts the hold")
    }

    func testATurnThatCameInACutIsRefusedAndAnnouncedOnce() {
        var rules = ActionRules(config: LivenessConfig())
        var ms = 0.0
        func frame(_ index: Int, yaw: Double, change: Double) -> ActionRules.Judgement {
            ms += 100
            let m = measurement(frame: index, ms: ms, Pose(yaw: yaw, pixelChange: change))
            rules.watchContinuity(m, closure: 0, neutral: 0, scanning: true)
            return rules.judge(m, reading(), neutral: 0)
        }
        for index in 0..<5 { _ = frame(index, yaw: 0, change: 0.001) }
        _ = frame(5, yaw: 20, change: 0.5)
        let refused = frame(6, yaw: 20, change: 0.001)
        XCTAssertTrue(refused.credits.isEmpty)
        XCTAssertEqual(refused.misses.first { $0.action == .turnHead }?.refusedBy.rule, .cut)
        XCTAssertEqual(refused.suspicions.map(\.action), [.turnHead])
        XCTAssertTrue(rules.cuts.contains(.turnHead))
        let again = frame(7, yaw: 20, change: 0.001)
        XCTAssertTrue(again.credits.isEmpty)
        XCTAssertTrue(again.suspicions.isEmpty, "the same cut is announced once")
    }
}
