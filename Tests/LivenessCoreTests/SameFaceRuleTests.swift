import Foundation
import LivenessCore
import TestSupport
import XCTest

/// SPEC §5, the same person throughout, on synthetic descriptors: `person(x)` lies |x - y| from
/// `person(y)`, so 0.3 is the same person (under 0.6) and 1.0 another.
final class SameFaceRuleTests: XCTestCase {
    let at30 = timestamps(fps: 30, durationMs: 10_000)

    /// A blink at 2 s and a turn from 3 s (as in SessionRuleTests), by `who(ms)`.
    static func blinkThenTurn(by who: @escaping (Double) -> FaceDescriptor) -> (Double) -> Pose {
        { ms in
            if ms >= 2000 && ms < 2100 { return Pose(upperLid: 0.05, person: who(ms)) }
            if ms >= 3000 && ms < 3600 { return Pose(yaw: 12, person: who(ms)) }
            return Pose(person: who(ms))
        }
    }

    func testTheDistanceIsEuclidean() {
        var values = [Float](repeating: 0, count: FaceDescriptor.count)
        values[3] = 3
        values[100] = 4
        XCTAssertEqual(FaceDescriptor(values).distance(to: person(0)), 5, accuracy: 1e-9)
        XCTAssertEqual(person(0.2).distance(to: person(0.9)), 0.7, accuracy: 1e-6)
    }

    func testTheSamePersonPassesAndTheReportGivesTheDistances() {
        // The subject's descriptor wanders by up to 0.3 (expression, pose), under the 0.6 threshold.
        let run = runScan(times: at30, motion: Self.blinkThenTurn { ms in person(ms < 1000 ? 0 : (ms < 2500 ? 0.1 : 0.3)) })
        XCTAssertEqual(run.session.outcome, .passed)
        XCTAssertTrue(run.events(named: "faceChanged").isEmpty)
        let identity = run.session.identity
        XCTAssertEqual(identity.creditDistances.map(\.action), [.blink, .turnHead])
        XCTAssertEqual(identity.creditDistances[0].distance, 0.1, accuracy: 1e-6)
        XCTAssertEqual(identity.creditDistances[1].distance, 0.3, accuracy: 1e-6)
        XCTAssertEqual(identity.refusedFrames, 0)
    }

    func testAnotherFaceAfterTheAutoshotCreditsNothingAndIsAnnouncedOnce() {
        // Person 0 frames the autoshot; from 1 s on person 1.0 blinks and turns (a face swap).
        let run = runScan(times: at30, motion: Self.blinkThenTurn { ms in person(ms < 1000 ? 0 : 1.0) })
        XCTAssertTrue(run.session.credits.isEmpty)
        XCTAssertNotEqual(run.session.outcome, .passed)
        let changes = run.events(named: "faceChanged")
        XCTAssertEqual(changes.count, 1, "one change, announced once")
        guard case .faceChanged(let distance)? = changes.first?.kind else { return XCTFail("no faceChanged") }
        XCTAssertEqual(distance, 1.0, accuracy: 1e-6)
        XCTAssertEqual(changes[0].ms, 2100, accuracy: 34, "announced on the first frame that would have credited: the blink's reopening")
        // Every frame of the turn (held from its second frame on) and the blink frames were refused.
        XCTAssertGreaterThan(run.session.identity.refusedFrames, 10)
        XCTAssertEqual(run.session.identity.changes.count, 1)
    }

    /// The two steps of a frame: `judgeFrame` asks for the face only at the autoshot and where a
    /// credit is proposed, and the frame's events and stage are complete only after `judgeFace`.
    func testTheSessionAsksForTheFaceWhereSPECSaysAndTheFaceCompletesTheFrame() {
        var session = LivenessSession(seed: 1)
        let motion = Self.blinkThenTurn { _ in person(0) }
        var wanted: [(ms: Double, why: FaceWanted)] = []
        for (index, ms) in at30.enumerated() where !session.isEnded {
            let first = session.judgeFrame(measurement(frame: index, ms: ms, motion(ms), previous: index > 0 ? motion(at30[index - 1]) : nil))
            guard let why = first.faceWanted else {
                XCTAssertFalse(first.events.contains { $0.kind.name == "actionCredited" }, "credits wait for the face")
                continue
            }
            wanted.append((ms, why))
            let complete = session.judgeFace(person(0.1))
            XCTAssertNil(complete.faceWanted)
            XCTAssertEqual(Array(complete.events.prefix(first.events.count)).map(\.kind.name), first.events.map(\.kind.name),
                           "the first step's events come first")
            if why == .credits {
                XCTAssertTrue(complete.events.contains { $0.kind.name == "actionCredited" }, "at \(ms) ms")
                XCTAssertFalse(first.events.contains { $0.kind.name == "actionCredited" })
            }
            if complete.events.contains(where: { $0.kind.name == "passed" }) {
                XCTAssertEqual(first.stage, .scanning)
                XCTAssertEqual(complete.stage, .choosingSnapshot)
                XCTAssertTrue(complete.isSnapshotCandidate, "the completing frame is the fallback snapshot")
            }
        }
        XCTAssertEqual(session.outcome, .passed)
        XCTAssertEqual(wanted.first?.why, .autoshot)
        XCTAssertEqual(wanted.filter { $0.why == .autoshot }.count, 1)
        // One frame proposes the blink and one the turn (each credited at once on the same face).
        XCTAssertEqual(wanted.filter { $0.why == .credits }.map { ($0.ms / 100).rounded(.down) * 100 }, [2100, 3000])
    }

    func testTheThresholdIsInclusive() {
        let atThreshold = runScan(times: at30, motion: Self.blinkThenTurn { ms in person(ms < 1000 ? 0 : 0.6) })
        XCTAssertTrue(atThreshold.session.credits.isEmpty, "0.6 is another face")
        let justUnder = runScan(times: at30, motion: Self.blinkThenTurn { ms in person(ms < 1000 ? 0 : 0.59) })
        XCTAssertEqual(justUnder.session.outcome, .passed)
    }

    func testTheThresholdIsConfigurable() throws {
        let config = try LivenessConfig(json: Data(#"{"differentFaceDistance": 1.5}"#.utf8))
        XCTAssertEqual(config.differentFaceDistance, 1.5)
        XCTAssertEqual(LivenessConfig().differentFaceDistance, 0.6, "SPEC's default, dlib's own threshold")
        let run = runScan(times: at30, config: config, motion: Self.blinkThenTurn { ms in person(ms < 1000 ? 0 : 1.0) })
        XCTAssertEqual(run.session.outcome, .passed)
        XCTAssertThrowsError(try LivenessConfig(json: Data(#"{"differentFaceDistance": 0}"#.utf8)))
    }

    func testTheAutoshotsFaceComingBackCreditsAgainAndASecondChangeIsAnnouncedAgain() {
        // Another face blinks at 2 s (refused); the subject turns at 3 s (credited); another face
        // blinks at 5 s (refused, a second change); the subject blinks at 6 s (credited).
        let run = runScan(times: at30) { ms in
            let other = (ms >= 1900 && ms < 2200) || (ms >= 4900 && ms < 5200)
            let who = person(other ? 1.2 : 0.1)
            let blinking = (ms >= 2000 && ms < 2100) || (ms >= 5000 && ms < 5100) || (ms >= 6000 && ms < 6100)
            if blinking { return Pose(upperLid: 0.05, person: who) }
            if ms >= 3000 && ms < 3600 { return Pose(yaw: 12, person: who) }
            return Pose(person: who)
        }
        XCTAssertEqual(run.events(named: "faceChanged").map { Int($0.ms / 1000) }, [2, 5])
        XCTAssertEqual(run.session.credits.map(\.action), [.turnHead, .blink])
        XCTAssertEqual(run.session.credits.last?.ms ?? 0, 6000, accuracy: 34)
        XCTAssertEqual(run.session.outcome, .passed)
    }

    func testALookAlikeHoveringAroundTheThresholdStaysAnotherFace() {
        // From 1 s another man whose descriptors read 0.65 on his first would-be credit (the blink),
        // then 0.55-0.59 (the turn): once seen as another face, under 0.6 is not enough to count.
        let lookAlike = runScan(times: at30, motion: Self.blinkThenTurn { ms in
            person(ms < 1000 ? 0 : (ms < 2500 ? 0.65 : 0.55 + 0.04 * sin(ms)))
        })
        XCTAssertTrue(lookAlike.session.credits.isEmpty)
        XCTAssertEqual(lookAlike.events(named: "faceChanged").count, 1)
        // The subject, clearly back (0.45), earns the turn.
        let back = runScan(times: at30, motion: Self.blinkThenTurn { ms in
            person(ms < 1000 ? 0 : (ms < 2500 ? 0.65 : 0.45))
        })
        XCTAssertEqual(back.session.credits.map(\.action), [.turnHead])
    }

    func testTheDistanceToComeBackIsConfigurableAndNeverAboveTheThreshold() throws {
        let config = try LivenessConfig(json: Data(#"{"sameFaceAgainDistance": 0.58}"#.utf8))
        let run = runScan(times: at30, config: config, motion: Self.blinkThenTurn { ms in
            person(ms < 1000 ? 0 : (ms < 2500 ? 0.65 : 0.57))
        })
        XCTAssertEqual(run.session.credits.map(\.action), [.turnHead])
        XCTAssertEqual(SameFaceRule(differentFaceDistance: 0.6, sameFaceAgainDistance: 0.9).sameFaceAgainDistance, 0.6)
    }

    func testFacesAreDescribedOnlyAtTheAutoshotAndOnFramesThatWouldCredit() {
        let run = runScan(times: at30, motion: Self.blinkThenTurn { _ in person(0) })
        let autoshot = run.session.autoshot!.frame
        // A blink's face is described on the frame that completes it: here, its reopening.
        let credited = run.session.credits.map { $0.lidMotion?.reopened.frame ?? $0.frame }
        XCTAssertEqual(run.describedFrames, [autoshot] + credited)
    }

    func testWithoutDescriptorsNothingIsChecked() {
        let run = runScan(times: at30) { ms in Self.blinkThenTurn { _ in person(0) }(ms).with(person: nil) }
        XCTAssertEqual(run.session.outcome, .passed)
        XCTAssertNil(run.session.identity.autoshot)
        XCTAssertEqual(run.session.identity.json(snapshotFrame: run.session.snapshot?.frame, reference: nil), .null)
    }

    func testTheReportGivesTheSnapshotAndTheReferenceDistances() {
        var run = runScan(times: at30, motion: Self.blinkThenTurn { _ in person(0) })
        run.session.takeSnapshotFace(person(0.2))
        let snapshotFrame = run.session.snapshot!.frame
        let same = run.session.identity.json(snapshotFrame: snapshotFrame, reference: ReferencePhoto(path: "id.jpg", descriptor: person(0.5)))
        XCTAssertEqual(same["snapshot"]?["frame"], .number(Double(snapshotFrame)))
        XCTAssertEqual(same["snapshot"]?["distance"], .number(0.2))
        XCTAssertEqual(same["reference"]?["path"], .string("id.jpg"))
        XCTAssertEqual(same["reference"]?["distanceFromAutoshot"], .number(0.5))
        XCTAssertEqual(same["reference"]?["distanceFromSnapshot"], .number(0.3))
        XCTAssertEqual(same["reference"]?["match"], .bool(true))
        // 0.59 from the autoshot but 0.79 from the snapshot: not a match (both must be).
        let other = run.session.identity.json(snapshotFrame: snapshotFrame, reference: ReferencePhoto(path: "id.jpg", descriptor: person(-0.59)))
        XCTAssertEqual(other["reference"]?["match"], .bool(false))
        XCTAssertEqual(run.session.identity.json(snapshotFrame: snapshotFrame, reference: nil)["reference"], .null)
        // The report carries the block under "identity".
        let report = JSON.object(run.session.reportJSON(seed: 1, autoshotImage: nil, snapshotImage: nil))
        XCTAssertEqual(report["identity"]?["actions"]?.serialized(),
                       #"[{"action":"blink","frame":\#(run.session.credits[0].frame),"distance":0},{"action":"turnHead","frame":\#(run.session.credits[1].frame),"distance":0}]"#)
    }

    func testTheFaceChangedEventCarriesTheDistance() {
        let event = SessionEvent(frame: 7, ms: 233.5, kind: .faceChanged(distance: 0.8123))
        XCTAssertEqual(event.json.serialized(), #"{"event":"faceChanged","frame":7,"ms":233.5,"distance":0.8123}"#)
    }
}

private extension Pose {
    func with(person: FaceDescriptor?) -> Pose {
        var copy = self
        copy.person = person
        return copy
    }
}
