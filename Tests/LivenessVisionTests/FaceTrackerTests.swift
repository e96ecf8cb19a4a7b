import LivenessCore
@testable import LivenessVision
import XCTest

/// The tracker's plan for whole-frame searches (`FaceTracker.wholeFrameSearch`): without a face, the
/// frame itself is searched on every frame until a search has found nothing since the face was
/// lost, then every `lostFaceFrameSearchIntervalMs`, the frames in between looking only where the
/// face was; a followed face is not looked for there (the analyzer confirms it near where it is).
final class FaceTrackerTests: XCTestCase {
    private let box = HeadBox(centre: Point2(x: 320, y: 240), side: 150, roll: 0)

    /// A frame at `ms` whose whole-frame search, planned by the tracker, found no face.
    private func searchFindingNothing(_ tracker: FaceTracker, at ms: Double) -> FaceSearch.WholeFrame {
        let how = tracker.wholeFrameSearch(at: ms, following: false)
        var report = FaceTracker.Report(ms: ms, patch: nil)
        report.wholeFrame = (how, 0)
        tracker.update(report)
        return how
    }

    private func faceSeen(_ tracker: FaceTracker, at ms: Double) {
        var report = FaceTracker.Report(ms: ms, patch: nil)
        report.face = (box, Array(repeating: box.centre, count: 68))
        report.detected = box
        tracker.update(report)
    }

    func testTheFrameIsSearchedEveryFrameWhileNoFaceWasEverSeen() {
        let tracker = FaceTracker()
        for ms in stride(from: 0.0, through: 2000, by: 33) {
            XCTAssertTrue(searchFindingNothing(tracker, at: ms).searchesFrame, "at \(ms) ms")
        }
    }

    func testALostFaceIsLookedForWhereItWasAndTheFrameAtACadence() {
        let tracker = FaceTracker()
        faceSeen(tracker, at: 0)
        // The first frame without it searches the whole frame (the face may have jumped), then
        // where it was; the later searches of the frame do not look there too.
        guard case .frame(_, let thenAround) = searchFindingNothing(tracker, at: 33) else {
            return XCTFail("the first frame without the face searches the frame")
        }
        XCTAssertEqual(thenAround?.centre, box.centre)
        var searchedAt: [Double] = [33]
        var sweptAt: [Double] = []
        for ms in stride(from: 66.0, through: 2900, by: 33) {
            switch searchFindingNothing(tracker, at: ms) {
            case .around(let lookedAt):
                XCTAssertEqual(lookedAt.centre, box.centre, "looked for where it was at \(ms) ms")
            case .frame(let haarSweep, let thenAround):
                XCTAssertNil(thenAround, "a search of the frame at \(ms) ms does not also look where the face was")
                searchedAt.append(ms)
                if haarSweep { sweptAt.append(ms) }
            }
        }
        let gaps = zip(searchedAt.dropFirst(), searchedAt).map { $0 - $1 }
        XCTAssertEqual(searchedAt.count, 6, "\(searchedAt)")
        XCTAssertTrue(gaps.allSatisfy { $0 >= FaceTracker.lostFaceFrameSearchIntervalMs && $0 < FaceTracker.lostFaceFrameSearchIntervalMs + 33 }, "\(gaps)")
        XCTAssertTrue(sweptAt.allSatisfy { $0 >= FaceTracker.sweepAfterMs }, "no Haar sweep before \(FaceTracker.sweepAfterMs) ms: \(sweptAt)")
        XCTAssertFalse(sweptAt.isEmpty)
        // Past `lostFaceMs` there is nowhere left to look: the frame on every frame again.
        for ms in stride(from: 3040.0, through: 3300, by: 33) {
            XCTAssertTrue(searchFindingNothing(tracker, at: ms).searchesFrame, "at \(ms) ms")
        }
    }

    func testAFaceSeenAgainStartsTheNextLossAfresh() {
        let tracker = FaceTracker()
        faceSeen(tracker, at: 0)
        XCTAssertTrue(searchFindingNothing(tracker, at: 33).searchesFrame)
        XCTAssertFalse(searchFindingNothing(tracker, at: 66).searchesFrame)
        faceSeen(tracker, at: 100)
        XCTAssertTrue(searchFindingNothing(tracker, at: 133).searchesFrame, "searched whole on the first frame it is missing")
        XCTAssertFalse(searchFindingNothing(tracker, at: 166).searchesFrame)
    }

    func testAFollowedFaceIsNotLookedForWhereItWasButTheFrameIsSearched() {
        let tracker = FaceTracker()
        faceSeen(tracker, at: 0)
        guard case .frame(_, let following) = tracker.wholeFrameSearch(at: 1000, following: true) else {
            return XCTFail("a followed face's whole-frame search searches the frame")
        }
        XCTAssertNil(following, "a followed face is not looked for where it was")
        // Lost on this frame: the frame is searched, then where it was; the next frame looks there only.
        guard case .frame(_, let lost) = searchFindingNothing(tracker, at: 1000) else {
            return XCTFail("the first frame without the face searches the frame")
        }
        XCTAssertEqual(lost?.centre, box.centre, "lost on this frame: looked for where it was")
        XCTAssertFalse(searchFindingNothing(tracker, at: 1033).searchesFrame, "looked for where it was")
    }
}

private extension FaceSearch.WholeFrame {
    var searchesFrame: Bool {
        if case .frame = self { return true }
        return false
    }
}
