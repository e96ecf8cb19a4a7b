import LivenessCore
import TestSupport
import XCTest

/// Why an action was not credited (`ActionMiss`): each rule that can refuse names itself when it
/// alone is broken on a synthetic session that would otherwise pass.
final class NearestMissTests: XCTestCase {
    let at30 = timestamps(fps: 30, durationMs: 6000)
    let config = LivenessConfig()

    /// A blink at 2 s (100 ms shut) and a 12-degree turn at 3-3.6 s: passes (SessionRuleTests),
    /// unless `blink` or `turn` changes the pose on their frames.
    func scan(
        times: [Double]? = nil, blink: (Pose) -> Pose = { $0 }, turn: (Pose) -> Pose = { $0 }, other: (Double) -> Pose? = { _ in nil }
    ) -> ScanRun {
        runScan(times: times ?? at30) { ms in
            if let pose = other(ms) { return pose }
            if ms >= 2000 && ms < 2100 { return blink(Pose(upperLid: 0.05)) }
            if ms >= 3000 && ms < 3600 { return turn(Pose(yaw: 12)) }
            return Pose()
        }
    }

    /// The nearest miss of `action`, which must be refused by `rule` alone.
    func miss(_ run: ScanRun, _ action: LivenessAction, refusedOnlyBy rule: Refusal.Rule, file: StaticString = #filePath, line: UInt = #line) throws -> ActionMiss {
        XCTAssertFalse(run.session.isCredited(action), "\(action) was credited", file: file, line: line)
        let miss = try XCTUnwrap(run.session.nearestMiss(action), file: file, line: line)
        XCTAssertEqual(miss.refusals.map(\.rule), [rule], miss.sentence, file: file, line: line)
        return miss
    }

    func testTheUnbrokenScriptPassesWithNoMiss() {
        let passing = scan()
        XCTAssertEqual(passing.session.outcome, .passed)
        XCTAssertNil(passing.session.nearestMiss(.blink))
        XCTAssertNil(passing.session.nearestMiss(.turnHead))
    }

    func testNoBlinkIsNotSeenWithTheLargestClosure() throws {
        let run = scan(blink: { _ in Pose(upperLid: 0.2) })
        let miss = try XCTUnwrap(run.session.nearestMiss(.blink))
        XCTAssertFalse(miss.isSeen)
        XCTAssertEqual(miss.refusedBy.rule, .notReached)
        XCTAssertEqual(miss.value, 1 - 0.2 / 0.25, accuracy: 1e-9, "the largest closure of the scan")
        XCTAssertEqual(miss.frame.ms, 2000, accuracy: 34)
        XCTAssertEqual(miss.sentence, "not seen: closure at most 0.20 (needs 0.22)")
    }

    func testATurnUnderItsBoundIsNotSeen() throws {
        let miss = try XCTUnwrap(scan(turn: { _ in Pose(yaw: 7.4) }).session.nearestMiss(.turnHead))
        XCTAssertFalse(miss.isSeen)
        XCTAssertEqual(miss.value, 7.4, accuracy: 1e-9)
        XCTAssertEqual(miss.sentence, "not seen: yaw at most 7.4° from neutral (needs 7.5)")
    }

    func testOutOfTheCircle() throws {
        let blink = try miss(scan(blink: { Pose(.offCentre, upperLid: $0.upperLid) }), .blink, refusedOnlyBy: .outOfCircle)
        XCTAssertTrue(blink.isSeen)
        XCTAssertEqual(blink.frame.ms, 2000, accuracy: 34)
        XCTAssertTrue(blink.sentence.hasPrefix("seen at 2.00 s (frame 60, closure 0.80), not counted: face out of the circle"), blink.sentence)
        _ = try miss(scan(turn: { Pose(.offCentre, yaw: $0.yaw) }), .turnHead, refusedOnlyBy: .outOfCircle)
    }

    func testTheCameraRotating() throws {
        // The camera turns at 30°/s for the window it is judged over (`cameraWindowMs`) before the
        // eyes shut, and while they are shut.
        let rotating = { (ms: Double) in ms >= 2000 - self.config.cameraWindowMs && ms < 2000 ? Pose(cameraRotation: 30) : nil }
        let blink = try miss(
            scan(blink: { Pose(upperLid: $0.upperLid, cameraRotation: 30) }, other: rotating), .blink, refusedOnlyBy: .cameraRotating)
        XCTAssertGreaterThan(blink.refusedBy.value ?? 0, config.cameraStillMaxDegPerSec)
        XCTAssertEqual(blink.refusedBy.bound, config.cameraStillMaxDegPerSec)
    }

    func testEyesUnreadableOnAFaceTurnedAway() throws {
        let blink = try miss(scan(blink: { Pose(upperLid: $0.upperLid, yaw: 30) }), .blink, refusedOnlyBy: .eyesUnreadable)
        XCTAssertEqual(blink.refusedBy.value, 30)
        XCTAssertEqual(blink.refusedBy.bound, config.blinkMaxAbsYaw)
    }

    func testWithinTheFitsOwnNoise() throws {
        // A fit flickering between 0.25 and 0.03 on every third frame until 3 s: its closed frames
        // are within this face's own noise.
        let flicker = { (ms: Double) in ms < 3000 ? Pose(upperLid: Int((ms * 30 / 1000).rounded()) % 3 == 0 ? 0.25 : 0.03) : nil }
        let blink = try miss(scan(other: flicker), .blink, refusedOnlyBy: .withinNoise)
        XCTAssertEqual(blink.refusedBy.bound ?? 0, config.blinkNoiseMultiple * (0.22 / 0.25), accuracy: 1e-9)
    }

    func testACut() throws {
        // Still pixels, the shut eyes arrive in one step and leave in another: a flipped photo.
        let step = config.continuityBlinkStepBound * 2, still = config.continuityStillBound / 2
        let run = scan(other: { ms in
            let flip = ms >= 2000 && ms < 2034 || ms >= 2100 && ms < 2134
            return Pose(upperLid: ms >= 2000 && ms < 2100 ? 0.05 : 0.25, yaw: ms >= 3000 && ms < 3600 ? 12 : 0, pixelChange: flip ? step : still)
        })
        let blink = try miss(run, .blink, refusedOnlyBy: .cut)
        XCTAssertEqual(blink.refusedBy.value, step)
    }

    func testATurnNotHeld() throws {
        let turn = try miss(scan(turn: { _ in Pose() }, other: { ms in abs(ms - 3000) < 10 ? Pose(yaw: 20) : nil }), .turnHead, refusedOnlyBy: .notHeld)
        XCTAssertEqual(turn.refusedBy.value, 1)
        XCTAssertEqual(turn.refusedBy.bound, Double(config.turnHoldFrames))
    }

    func testEyesClosedTooLong() throws {
        let blink = try miss(scan(other: { ms in ms >= 2000 && ms < 2700 ? Pose(upperLid: 0.05) : nil }), .blink, refusedOnlyBy: .closedTooLong)
        XCTAssertGreaterThan(blink.refusedBy.value ?? 0, config.blinkMaxClosedMs)
    }

    func testLidsThatDoNotMove() throws {
        let blink = try miss(scan(blink: { Pose(upperLid: $0.upperLid, lidsMove: false) }), .blink, refusedOnlyBy: .lidsStill)
        XCTAssertEqual(blink.refusedBy.bound, config.blinkMinLidTravel)
        XCTAssertLessThan(blink.refusedBy.value ?? 1, config.blinkMinLidTravel)
    }

    func testTheLidsMotionLostAcrossTheReopening() throws {
        // No face while the eyes reopen: the flow cannot follow the lids across the gap.
        _ = try miss(scan(other: { ms in ms >= 2100 && ms < 2200 ? Pose(.absent) : nil }), .blink, refusedOnlyBy: .lidsStill)
    }

    func testNotReopenedBeforeTheEnd() throws {
        _ = try miss(scan(times: timestamps(fps: 30, durationMs: 2050)), .blink, refusedOnlyBy: .notReopened)
    }

    func testAnotherFace() throws {
        let run = scan(other: { ms in
            let yaw = ms >= 3000 && ms < 3600 ? 12.0 : 0
            return Pose(upperLid: ms >= 2000 && ms < 2100 ? 0.05 : 0.25, yaw: yaw, person: person(ms >= 1900 && ms < 4000 ? 1 : 0))
        })
        for action in LivenessAction.allCases {
            let miss = try miss(run, action, refusedOnlyBy: .otherFace)
            XCTAssertEqual(miss.refusedBy.value ?? 0, 1, accuracy: 1e-6)
            XCTAssertEqual(miss.refusedBy.bound, config.differentFaceDistance)
        }
    }

    func testTheReportGivesTheMissOfAnActionNotCredited() throws {
        let run = scan(blink: { Pose(.offCentre, upperLid: $0.upperLid) })
        let report = JSON.object(run.session.reportJSON(seed: 1, autoshotImage: nil, snapshotImage: nil)).serialized()
        XCTAssertTrue(report.contains(#""action":"blink","credited":false,"nearestMiss":{"frame":60,"ms":2000,"#), report)
        XCTAssertTrue(report.contains(#""seen":true,"rule":"outOfCircle","refusals":[{"rule":"outOfCircle","value":null,"bound":null}]"#), report)
        XCTAssertFalse(report.contains(#""action":"turnHead","credited":true,"nearestMiss""#))
    }

    func testNearestMeansSeenThenFewestRefusalsThenLargest() {
        func miss(_ value: Double, _ rules: [Refusal.Rule]) -> ActionMiss {
            ActionMiss(action: .blink, frame: ChosenFrame(frame: 0, ms: 0), value: value, bound: 0.22, refusals: rules.map { Refusal($0) })
        }
        XCTAssertTrue(miss(0.3, [.outOfCircle, .cameraRotating]).isNearer(than: miss(0.9, [.notReached])))
        XCTAssertTrue(miss(0.3, [.cut]).isNearer(than: miss(0.9, [.outOfCircle, .cut])))
        XCTAssertTrue(miss(0.5, [.cut]).isNearer(than: miss(0.4, [.outOfCircle])))
        XCTAssertTrue(miss(0.2, [.notReached, .outOfCircle]).isNearer(than: miss(0.1, [.notReached])), "unseen: the largest measure")
        XCTAssertTrue(miss(0.3, [.otherFace]).isNearer(than: miss(0.9, [.notHeld])), "further through the rules")
        XCTAssertEqual(miss(0.5, [.otherFace, .outOfCircle]).refusedBy.rule, .outOfCircle, "named in the rules' order")
    }
}
