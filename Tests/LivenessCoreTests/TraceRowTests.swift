import LivenessCore
import TestSupport
import XCTest

/// The per-frame trace (SPEC §1): a row per frame under its header, saying what the session judged.
final class TraceRowTests: XCTestCase {
    /// A turn held from 2000 ms: the frames that meet the turn's rule say so in `creditable`, and
    /// every scan frame gives the neutral it was judged against.
    func testTheTraceSaysWhichFramesCouldCreditAndTheNeutralYaw() throws {
        let times = timestamps(fps: 30, durationMs: 3000)
        let motion: (Double) -> Pose = { ms in Pose(yaw: ms >= 2000 && ms < 2500 ? 12 : 0) }
        let run = runScan(times: times, motion: motion)
        let columns = Trace.header.split(separator: ",").map(String.init)
        let creditable = try XCTUnwrap(columns.firstIndex(of: "creditable"))
        let neutral = try XCTUnwrap(columns.firstIndex(of: "neutralYaw"))
        let rows = zip(times.indices, run.verdicts).map { index, verdict in
            Trace.row(measurement(frame: index, ms: times[index], motion(times[index])), verdict)
                .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        XCTAssertTrue(rows.allSatisfy { $0.count == columns.count }, "one field per column")
        let turned = rows.filter { $0[creditable] == "turnHead" }.map { Double($0[1])! }
        // Held two frames: creditable from the second turned frame (2033 ms) to the last.
        XCTAssertEqual(turned.first ?? -1, 2033, accuracy: 1)
        XCTAssertEqual(turned.last ?? -1, 2467, accuracy: 1)
        let autoshotMs = try XCTUnwrap(run.session.autoshot?.ms)
        let neutralYaw = try XCTUnwrap(run.session.neutralYaw)
        for row in rows {
            XCTAssertEqual(row[neutral].isEmpty, Double(row[1])! < autoshotMs, "neutral from the autoshot on, at \(row[1]) ms")
            if let value = Double(row[neutral]) { XCTAssertEqual(value, neutralYaw, accuracy: 1e-3) }
        }
    }

    /// A blink out of the circle: the frame its closing ended on names it, with its closed frame
    /// and the rule; a one-frame yaw spike is a turn seen and refused as not held.
    func testTheTraceSaysWhatWasSeenAndRefused() throws {
        let times = timestamps(fps: 30, durationMs: 4000)
        let motion: (Double) -> Pose = { ms in
            if ms >= 2000 && ms < 2100 { return Pose(.offCentre, upperLid: 0.05) }
            return Pose(yaw: abs(ms - 3000) < 10 ? 20 : 0)
        }
        let run = runScan(times: times, motion: motion)
        let column = try XCTUnwrap(Trace.header.split(separator: ",").map(String.init).firstIndex(of: "refused"))
        let refused = zip(times.indices, run.verdicts).compactMap { index, verdict -> String? in
            let field = Trace.row(measurement(frame: index, ms: times[index], motion(times[index])), verdict)
                .split(separator: ",", omittingEmptySubsequences: false).map(String.init)[column]
            return field.isEmpty ? nil : field
        }
        XCTAssertEqual(refused, ["blink@2000:outOfCircle", "turnHead@3000:notHeld"])
    }
}
