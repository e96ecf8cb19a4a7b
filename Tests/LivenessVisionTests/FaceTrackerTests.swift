import LivenessCore
@testable import LivenessVision
import XCTest

/// The tracker's plan for whole-frame searches (`FaceTracker.wholeFrameSearch`): without a face, the
/// frame itself is searched on every frame until a search has found nothing since the face was
/// lost, then every `lostFaceFrameSearchIntervalMs`, the frames in between looking only where the
/// face was; a followed face is not looked for there (the analyzer confirms it near where it is).
/// And its confirmations of a followed face (`FaceTracker.step`), every `confirmIntervalMs`. Both
/// intervals are the configuration's (`TrackingConfig`).
final class FaceTrackerTests: XCTestCase {
    private let box = HeadBox(centre: Point2(x: 320, y: 240), side: 150, roll: 0)
    private let defaults = TrackingConfig()

    /// A frame at `ms` whose whole-frame search, planned by the tracker, found no face.
    private func searchFindingNothing(_ tracker: FaceTracker, at ms: Double, settings: TrackingConfig = TrackingConfig()) -> FaceSearch.WholeFrame {
        let how = tracker.wholeFrameSearch(at: ms, following: false, settings: settings)
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

    func testALostFaceIsLookedForWhereItWasAndTheFrameAtACadence() throws {
        let (searchedAt, sweptAt) = try lostFaceSearches(defaults)
        XCTAssertEqual(searchedAt.count, 6, "\(searchedAt)")
        XCTAssertFalse(sweptAt.isEmpty)
    }

    func testTheLostFaceCadenceIsTheConfigurations() throws {
        var settings = TrackingConfig()
        settings.lostFaceFrameSearchIntervalMs = 250
        settings.sweepAfterMs = 2000
        settings.haarSweepIntervalMs = 300
        let (searchedAt, sweptAt) = try lostFaceSearches(settings)
        XCTAssertEqual(searchedAt.count, 11, "every 250 ms (and a frame) from 33 to 2900 ms: \(searchedAt)")
        // Sweeps run on the searches of the frame: the first from 2000 ms without the face, then
        // every other one (264 ms apart is under 300).
        XCTAssertEqual(sweptAt, [2145, 2673])
    }

    /// The searches of the frame, and of those the Haar sweeps, on the frames of a face lost at
    /// 33 ms and not found again until 3300 ms, with their cadence checked against `settings`.
    private func lostFaceSearches(_ settings: TrackingConfig) throws -> (searchedAt: [Double], sweptAt: [Double]) {
        let tracker = FaceTracker()
        faceSeen(tracker, at: 0)
        // The first frame without it searches the whole frame (the face may have jumped), then
        // where it was; the later searches of the frame do not look there too.
        guard case .frame(_, let thenAround) = searchFindingNothing(tracker, at: 33, settings: settings) else {
            XCTFail("the first frame without the face searches the frame")
            return ([], [])
        }
        XCTAssertEqual(thenAround?.centre, box.centre)
        var searchedAt: [Double] = [33]
        var sweptAt: [Double] = []
        for ms in stride(from: 66.0, through: 2900, by: 33) {
            switch searchFindingNothing(tracker, at: ms, settings: settings) {
            case .around(let lookedAt):
                XCTAssertEqual(lookedAt.centre, box.centre, "looked for where it was at \(ms) ms")
            case .frame(let haarSweep, let thenAround):
                XCTAssertNil(thenAround, "a search of the frame at \(ms) ms does not also look where the face was")
                searchedAt.append(ms)
                if haarSweep { sweptAt.append(ms) }
            }
        }
        let gaps = zip(searchedAt.dropFirst(), searchedAt).map { $0 - $1 }
        let interval = settings.lostFaceFrameSearchIntervalMs
        XCTAssertTrue(gaps.allSatisfy { $0 >= interval && $0 < interval + 33 }, "\(gaps)")
        XCTAssertTrue(sweptAt.allSatisfy { $0 >= settings.sweepAfterMs }, "no Haar sweep before \(settings.sweepAfterMs) ms: \(sweptAt)")
        // Past `lostFaceMs` there is nowhere left to look: the frame on every frame again.
        for ms in stride(from: 3040.0, through: 3300, by: 33) {
            XCTAssertTrue(searchFindingNothing(tracker, at: ms, settings: settings).searchesFrame, "at \(ms) ms")
        }
        return (searchedAt, sweptAt)
    }

    /// The frames (every 25 ms) on which a face followed from 0 ms, its patch unchanged, is confirmed.
    private func confirmations(_ settings: TrackingConfig) -> [Double] {
        let tracker = FaceTracker()
        let patch = PatchStats(mean: 120, deviation: 45)
        XCTAssertEqual(tracker.step(at: 0, following: false, patch: nil, settings: settings), .searchWholeFrame)
        var first = FaceTracker.Report(ms: 0, patch: nil)
        first.wholeFrame = (.frame(haarSweep: false, thenAround: nil), 1)
        first.face = (box, Array(repeating: box.centre, count: 68))
        first.detected = box
        tracker.update(first)
        var confirmedAt: [Double] = []
        for ms in stride(from: 25.0, through: 975, by: 25) {
            let step = tracker.step(at: ms, following: true, patch: patch, settings: settings)
            XCTAssertNotEqual(step, .searchWholeFrame, "no search of the frame within a second, at \(ms) ms")
            var report = FaceTracker.Report(ms: ms, patch: patch)
            if step == .confirm {
                report.confirmed = true
                report.detected = box
                confirmedAt.append(ms)
            }
            report.face = (box, Array(repeating: box.centre, count: 68))
            tracker.update(report)
        }
        return confirmedAt
    }

    func testAFollowedFaceIsConfirmedEveryConfiguredInterval() {
        XCTAssertEqual(confirmations(defaults), [100, 200, 300, 400, 500, 600, 700, 800, 900], "every 100 ms by default")
        var settings = TrackingConfig()
        settings.confirmIntervalMs = 250
        XCTAssertEqual(confirmations(settings), [250, 500, 750], "every 250 ms when so configured")
    }

    func testAJumpOfTheFacesGrayLevelsIsConfirmedAtOnceByTheConfiguredBound() {
        let tracker = FaceTracker()
        var seen = FaceTracker.Report(ms: 0, patch: PatchStats(mean: 120, deviation: 45))
        seen.wholeFrame = (.frame(haarSweep: false, thenAround: nil), 1)
        seen.face = (box, Array(repeating: box.centre, count: 68))
        tracker.update(seen)
        // 40 gray levels brighter 33 ms later: under the default bound (50), over a configured 30.
        let brighter = PatchStats(mean: 160, deviation: 45)
        var settings = TrackingConfig()
        XCTAssertEqual(tracker.step(at: 33, following: true, patch: brighter, settings: settings), .none)
        settings.cutMeanJump = 30
        XCTAssertEqual(tracker.step(at: 33, following: true, patch: brighter, settings: settings), .confirm)
    }

    /// A followed face a confirmation misses is kept while a detector found it within
    /// `unconfirmedKeepMs` (a head turning past the detectors' reach), never across a cut, and not
    /// past a second missed confirmation.
    func testAConfirmationMissedRightAfterADetectionKeepsTheFaceButNotACut() {
        let tracker = FaceTracker()
        let patch = PatchStats(mean: 120, deviation: 45)
        var found = FaceTracker.Report(ms: 0, patch: patch)
        found.face = (box, Array(repeating: box.centre, count: 68))
        found.detected = box
        tracker.update(found)
        XCTAssertTrue(tracker.keepsUnconfirmed(at: 100, patch: patch, settings: defaults), "one missed confirmation, 100 ms after a detection")
        XCTAssertFalse(tracker.keepsUnconfirmed(at: 100, patch: PatchStats(mean: 20, deviation: 3), settings: defaults), "a cut to black")
        XCTAssertFalse(tracker.keepsUnconfirmed(at: 200, patch: patch, settings: defaults), "a second missed confirmation")
        var settings = TrackingConfig()
        settings.unconfirmedKeepMs = 0
        XCTAssertFalse(tracker.keepsUnconfirmed(at: 100, patch: patch, settings: settings), "the configuration's bound")
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
        guard case .frame(_, let following) = tracker.wholeFrameSearch(at: 1000, following: true, settings: defaults) else {
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
