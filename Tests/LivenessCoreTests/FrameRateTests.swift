import LivenessCore
import TestSupport
import XCTest

/// SPEC §1: timing rules use timestamps, so the same motion gives the same decisions at any rate.
final class FrameRateTests: XCTestCase {
    /// A 250 ms blink at 2 s, a short excursion, a 700 ms excursion, a turn at 5 s held 600 ms.
    static func motion(_ ms: Double) -> Pose {
        if ms >= 2000 && ms < 2250 { return Pose(upperLid: 0.05) }
        if ms >= 2600 && ms < 2900 { return Pose(.offCentre) }
        if ms >= 3500 && ms < 4200 { return Pose(.offCentre) }
        if ms >= 5000 && ms < 5600 { return Pose(yaw: 14) }
        return Pose()
    }

    struct Decisions: Equatable {
        var outcome: SessionOutcome?
        var credited: [LivenessAction]
        var eventNames: [String]
    }

    static func longestGap(_ times: [Double]) -> Double {
        zip(times.dropFirst(), times).map { $0 - $1 }.max()!
    }

    func decisions(_ times: [Double]) -> (Decisions, ScanRun) {
        let run = runScan(times: times, motion: Self.motion)
        return (Decisions(outcome: run.session.outcome, credited: run.session.credits.map(\.action), eventNames: run.eventNames), run)
    }

    func testTheSameMotionAtAnyFrameRateGivesTheSameDecisions() {
        var generator = SeededGenerator(seed: 7)
        var variable: [Double] = [0]
        while variable.last! < 8000 { variable.append(variable.last! + Double.random(in: 12...90, using: &generator)) }
        let rates: [(String, [Double])] = [
            ("10 fps", timestamps(fps: 10, durationMs: 8000)),
            ("30 fps", timestamps(fps: 30, durationMs: 8000)),
            ("60 fps", timestamps(fps: 60, durationMs: 8000)),
            ("variable", variable),
        ]
        let (reference, referenceRun) = decisions(rates[1].1)
        XCTAssertEqual(reference.outcome, .passed)
        XCTAssertEqual(reference.eventNames.filter { $0 == "faceLost" }.count, 1)
        for (name, times) in rates {
            let (got, run) = decisions(times)
            XCTAssertEqual(got, reference, name)
            // A turn is credited on the second frame of its hold, so credits may differ by up to two
            // of the coarser run's frame intervals.
            let slack = 2 * max(Self.longestGap(times), Self.longestGap(rates[1].1))
            for (a, b) in zip(run.session.credits, referenceRun.session.credits) {
                XCTAssertEqual(a.ms, b.ms, accuracy: slack, name)
            }
        }
    }
}
