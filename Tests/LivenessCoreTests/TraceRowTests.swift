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
}
