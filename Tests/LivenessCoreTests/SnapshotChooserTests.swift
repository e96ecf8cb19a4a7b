@testable import LivenessCore
import XCTest

/// SPEC §3 step 5, the rule alone (`SnapshotChooser`): the first frame with the face in, eyes open
/// and the head near neutral, or the closest of the window.
final class SnapshotChooserTests: XCTestCase {
    let config = LivenessConfig()

    func candidate(_ frame: Int, yaw: Double?, closure: Double?, inCircle: Bool = true) -> SnapshotChooser.Candidate {
        SnapshotChooser.Candidate(
            frame: ChosenFrame(frame: frame, ms: Double(frame) * 100),
            score: SnapshotChooser.score(yawFromNeutral: yaw, closure: closure, inCircle: inCircle, config: config))
    }

    func testAFrameQualifiesWithEyesOpenAndTheHeadNearNeutral() {
        XCTAssertLessThan(candidate(0, yaw: 4.9, closure: 0.10).score, 1)
        XCTAssertGreaterThanOrEqual(candidate(0, yaw: 5, closure: 0.05).score, 1, "the head 5 degrees from neutral")
        XCTAssertGreaterThanOrEqual(candidate(0, yaw: 0, closure: 0.11).score, 1, "the eyes at the snapshot's closure")
        XCTAssertEqual(candidate(0, yaw: nil, closure: 0).score, .infinity, "no face")
    }

    func testAFrameOutOfTheCircleIsFurtherThanAnyInIt() {
        XCTAssertGreaterThan(candidate(0, yaw: 0, closure: 0, inCircle: false).score, candidate(1, yaw: 20, closure: 0.9).score)
    }

    func testTheCompletingFrameIsTheFirstCandidateAndOnlyACloserOneReplacesIt() {
        var chooser = SnapshotChooser(completing: candidate(10, yaw: 10, closure: 0.5), config: config)
        XCTAssertEqual(chooser.offer(candidate(11, yaw: 12, closure: 0.6)), .notCloser)
        XCTAssertEqual(chooser.offer(candidate(12, yaw: 6, closure: 0.2)), .closer)
        XCTAssertEqual(chooser.best.frame.frame, 12)
        XCTAssertEqual(chooser.offer(candidate(13, yaw: 1, closure: 0.05)), .qualifies)
    }

    func testTheWindowIsTwoSecondsFromCompletion() {
        let chooser = SnapshotChooser(completing: candidate(10, yaw: 10, closure: 0.5), config: config)
        XCTAssertFalse(chooser.isWindowOver(at: 1000 + 2000))
        XCTAssertTrue(chooser.isWindowOver(at: 1000 + 2001))
    }
}
