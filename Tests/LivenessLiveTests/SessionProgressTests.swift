import LivenessCore
import LivenessLive
import TestSupport
import XCTest

/// SPEC §4: the same events drive the live overlay. What the overlay shows, followed from the
/// events and verdicts alone, is what the session itself holds on every frame.
final class SessionProgressTests: XCTestCase {
    /// Feeds `motion` at 30 fps for `durationMs` to a session and a progress side by side, checking
    /// them against each other after every frame and after the end of input.
    private func assertProgressFollowsSession(
        _ expected: SessionOutcome, durationMs: Double, config: LivenessConfig = LivenessConfig(),
        file: StaticString = #filePath, line: UInt = #line, motion: (Double) -> Pose
    ) {
        var session = LivenessSession(config: config, seed: 1)
        var progress = SessionProgress(config: config)
        var events: [SessionEvent] = []
        for (index, ms) in timestamps(fps: 30, durationMs: durationMs).enumerated() where !session.isEnded {
            let verdict = session.process(measurement(frame: index, ms: ms, motion(ms)))
            progress.observe(verdict)
            events += verdict.events
            XCTAssertEqual(progress.autoshotMs, session.autoshot?.ms, "autoshot at \(ms) ms", file: file, line: line)
            XCTAssertEqual(progress.credited, session.credits.count, "credits at \(ms) ms", file: file, line: line)
            XCTAssertEqual(progress.msLeft(at: ms), session.msLeft(at: ms), "time left at \(ms) ms", file: file, line: line)
        }
        events += session.finish()
        let ended = SessionProgress(config: config, events: events)
        XCTAssertEqual(session.outcome, expected, "the script's outcome", file: file, line: line)
        XCTAssertEqual(ended.outcome, session.outcome, "outcome", file: file, line: line)
        XCTAssertEqual(ended.credited, session.credits.count, "credits at the end", file: file, line: line)
        XCTAssertEqual(ended.autoshotMs, session.autoshot?.ms, "autoshot at the end", file: file, line: line)
    }

    func testAPassingSession() {
        assertProgressFollowsSession(.passed, durationMs: 6000) { ms in
            if ms >= 2000 && ms < 2100 { return Pose(upperLid: 0.05) }
            if ms >= 3000 && ms < 3600 { return Pose(yaw: 12) }
            return Pose()
        }
    }

    func testATimedOutSession() {
        var config = LivenessConfig()
        config.capMs = 2000
        assertProgressFollowsSession(.timedOut, durationMs: 4000, config: config) { _ in Pose() }
    }

    func testAnInputEndingBeforeTheAutoshotAndDuringTheScan() {
        assertProgressFollowsSession(.incomplete(.beforeAutoshot), durationMs: 1000) { _ in Pose(.absent) }
        assertProgressFollowsSession(.incomplete(.duringScan), durationMs: 2000) { ms in Pose(ms < 1000 ? .offCentre : .centred) }
    }
}
