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
        let times = timestamps(fps: 30, durationMs: durationMs)
        for (index, ms) in times.enumerated() where !session.isEnded {
            let m = measurement(frame: index, ms: ms, motion(ms), previous: index > 0 ? motion(times[index - 1]) : nil)
            let verdict = session.process(m)
            progress.observe(verdict)
            let face = m.face?.ellipse
            XCTAssertEqual(
                progress.guideCircle(width: Int(m.frameWidth), height: Int(m.frameHeight), face: face),
                session.guide.circle(width: m.frameWidth, height: m.frameHeight, face: face)
                    ?? config.guideCircle(width: m.frameWidth, height: m.frameHeight),
                "the guide circle at \(ms) ms", file: file, line: line)
            events += verdict.events
            XCTAssertEqual(progress.autoshotMs, session.autoshot?.ms, "autoshot at \(ms) ms", file: file, line: line)
            XCTAssertEqual(progress.credited, session.credits.count, "credits at \(ms) ms", file: file, line: line)
            XCTAssertEqual(progress.msLeft(at: ms), session.msLeft(at: ms), "time left at \(ms) ms", file: file, line: line)
            XCTAssertEqual(progress.pictureSuspicions, session.pictureSuspicions.count, "pictures suspected at \(ms) ms", file: file, line: line)
            XCTAssertEqual(progress.lastPictureSuspicion?.suspicion, session.pictureSuspicions.last?.suspicion, file: file, line: line)
        }
        events += session.finish()
        let ended = SessionProgress(config: config, events: events)
        XCTAssertEqual(session.outcome, expected, "the script's outcome", file: file, line: line)
        XCTAssertEqual(ended.outcome, session.outcome, "outcome", file: file, line: line)
        XCTAssertEqual(ended.credited, session.credits.count, "credits at the end", file: file, line: line)
        XCTAssertEqual(ended.autoshotMs, session.autoshot?.ms, "autoshot at the end", file: file, line: line)
        XCTAssertEqual(ended.guide, session.guide, "the guide at the end", file: file, line: line)
    }

    func testAPassingSession() {
        assertProgressFollowsSession(.passed, durationMs: 6000) { ms in
            if ms >= 2000 && ms < 2100 { return Pose(upperLid: 0.05) }
            if ms >= 3000 && ms < 3600 { return Pose(yaw: 12) }
            return Pose()
        }
    }

    /// The fitted guide's circle follows the face until it is placed, then stays where
    /// `guidePlaced` put it; before any face, the overlay draws the configured circle.
    func testAFittedGuideSession() {
        var config = LivenessConfig()
        config.fittedGuide = true
        assertProgressFollowsSession(.incomplete(.duringScan), durationMs: 3000, config: config) { ms in
            ms < 200 ? Pose(.absent) : ms < 1500 ? Pose(.tooClose) : Pose(.offCentre)
        }
    }

    func testATimedOutSession() {
        var config = LivenessConfig()
        config.capMs = 2000
        assertProgressFollowsSession(.timedOut, durationMs: 4000, config: config) { _ in Pose() }
    }

    /// SPEC §6: a flip to a photo of a turned head is refused and announced; the overlay says so
    /// for `shownMs` from the event, then no more.
    func testAPictureSuspectedIsShownForAWhile() {
        let config = LivenessConfig()
        let still = config.continuityStillBound / 2, step = config.continuityStepBound * 2
        let flipMs = 2000.0
        let motion: (Double) -> Pose = { ms in
            ms < flipMs ? Pose(pixelChange: still) : Pose(yaw: 15, pixelChange: ms == flipMs ? step : still)
        }
        assertProgressFollowsSession(.incomplete(.duringScan), durationMs: 4000, config: config, motion: motion)

        var session = LivenessSession(config: config, seed: 1)
        var progress = SessionProgress(config: config)
        var notices: [(ms: Double, text: String?)] = []
        for (index, ms) in timestamps(fps: 30, durationMs: 5000).enumerated() {
            progress.observe(session.process(measurement(frame: index, ms: ms, motion(ms))))
            notices.append((ms, progress.pictureNotice(at: ms, shownMs: 1000)))
        }
        XCTAssertEqual(session.pictureSuspicions.count, 1)
        guard let announced = session.pictureSuspicions.first?.frame.ms,
              let first = notices.first(where: { $0.text != nil }), let last = notices.last(where: { $0.text != nil }) else {
            return XCTFail("no picture suspected, or no notice shown")
        }
        XCTAssertEqual(first.ms, announced, "shown from the event's frame")
        XCTAssertEqual(first.text, "Picture suspected: turn not counted")
        XCTAssertEqual(last.ms - announced, 1000, accuracy: 34, "for a second")
    }

    func testAnInputEndingBeforeTheAutoshotAndDuringTheScan() {
        assertProgressFollowsSession(.incomplete(.beforeAutoshot), durationMs: 1000) { _ in Pose(.absent) }
        assertProgressFollowsSession(.incomplete(.duringScan), durationMs: 2000) { ms in Pose(ms < 1000 ? .offCentre : .centred) }
    }
}
