import Foundation
import XCTest

/// `liveness live` without a window: a file played as a camera reaches what `score` reaches, its
/// outputs are complete, and every failure path (no camera, no display, a source that stops
/// mid-session, a bad command line) is one clear line and an exit code, never an abort.
final class LiveCommandTests: XCTestCase {
    /// Live playback is paced by the clip's timestamps: real.mov (13 s) passes at about 6 s (with the
    /// head-motion guard off: `TestMedia.realMovPassingArguments`).
    static let liveTimeout: TimeInterval = 90

    func testHeadlessLiveOnAFileReachesTheSameOutcomeAsScore() throws {
        let clip = try TestMedia.realMov()
        let temp = try TemporaryDirectory()
        let out = temp.file("out")

        let passes = try TestMedia.realMovPassingArguments(in: temp)
        let scored = try CLI.run(["score", clip, "--seed", "7", "--json"] + passes)
        XCTAssertEqual(scored.exitCode, 0, "score passes real.mov; stderr: \(scored.stderr)")
        let report = try scored.json()

        // No display at all: --headless must not need one. --every-frame: no frame dropped however
        // busy the machine, so the session sees the frames score sees.
        let live = try CLI.run(
            ["live", "--source", clip, "--every-frame", "--headless", "--seed", "7", "--out", out.path] + passes,
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], timeout: Self.liveTimeout)
        let lines = try live.stdout.split(separator: "\n").enumerated().map { index, row in
            try JSONFile.object(Data(row.utf8), what: "live stdout line \(index + 1)")
        }
        let summary = try XCTUnwrap(lines.last, "live printed nothing; stderr: \(live.stderr)")
        XCTAssertEqual(summary.string("event"), "summary", "the last stdout line is the summary: \(summary)")
        let dropped = summary.object("frames")?.int("dropped") ?? -1
        let context = "dropped \(dropped) frame(s); stderr: \(live.stderr)"

        XCTAssertEqual(dropped, 0, context)
        XCTAssertEqual(live.exitCode, scored.exitCode, context)
        XCTAssertEqual(summary.string("outcome"), report.string("outcome"), context)
        XCTAssertEqual(summary["order"] as? [String], report["order"] as? [String], "one seed, one order")
        XCTAssertEqual(Self.credited(summary), ["blink", "turnHead"])
        XCTAssertEqual(Self.creditFrames(summary), Self.creditFrames(report), "credited on the frames score credits; \(context)")

        // The real-time figures.
        let frames = try XCTUnwrap(summary.object("frames"))
        let captured = try XCTUnwrap(frames.int("captured")), analysed = try XCTUnwrap(frames.int("analysed"))
        XCTAssertGreaterThan(analysed, 50)
        XCTAssertGreaterThanOrEqual(dropped, 0)
        XCTAssertLessThanOrEqual(analysed + dropped, captured, "every captured frame is analysed, dropped or still waiting")
        let latency = try XCTUnwrap(summary.object("latencyMs"))
        let p50 = try XCTUnwrap(latency.number("p50")), p95 = try XCTUnwrap(latency.number("p95"))
        XCTAssertGreaterThan(p50, 0)
        XCTAssertLessThanOrEqual(p50, p95)
        XCTAssertEqual(summary["quit"] as? Bool, false)
        XCTAssertEqual(summary.int("sessions"), 1)

        // stdout's events are the events file, as they happened, in SPEC §4 order.
        let events = try Expect.eventStream(at: out.appendingPathComponent("events.jsonl"))
        XCTAssertEqual(events.count, lines.count - 1, "stdout = events.jsonl + the summary line")
        XCTAssertEqual(events.compactMap { $0.string("event") }, lines.dropLast().compactMap { $0.string("event") })
        let names = events.compactMap { $0.string("event") }
        for name in ["started", "settled", "autoshot", "scanStarted", "passed", "snapshot", "ended"] {
            XCTAssertTrue(names.contains(name), "no \(name) event in \(names)")
        }

        // --out: the report, the stills and the recording from the autoshot on.
        let written = try JSONFile.object(at: out.appendingPathComponent("report.json"))
        XCTAssertEqual(written.string("outcome"), "passed")
        XCTAssertEqual(written.string("seed"), "7")
        XCTAssertEqual(written.object("live")?.object("frames")?.int("analysed"), analysed)
        XCTAssertEqual(written.object("live")?.string("recording"), "recording.avi")
        let input = try XCTUnwrap(written.object("input"))
        XCTAssertEqual(input.string("kind"), "file")
        Expect.jpeg(at: out.appendingPathComponent("autoshot.jpg"), width: input.int("width"), height: input.int("height"))
        Expect.jpeg(at: out.appendingPathComponent("snapshot.jpg"), width: input.int("width"), height: input.int("height"))
        let timeline = try RGBImage.timeline(at: out.appendingPathComponent("timeline.png"))
        XCTAssertEqual(timeline.height, 760, "the session's timeline, as score draws it")

        // The recording is a video the engine itself can read, of the frame's size, spanning
        // the autoshot to the end (real time: dropped frames are filled by repeats).
        let recording = out.appendingPathComponent("recording.avi")
        let replay = try CLI.run(["score", recording.path, "--seed", "7", "--json"])
        XCTAssertTrue([0, 1].contains(replay.exitCode), "the recording decodes; stderr: \(replay.stderr)")
        let replayed = try replay.json()
        XCTAssertEqual(replayed.object("input")?.int("width"), input.int("width"))
        XCTAssertEqual(replayed.object("input")?.int("height"), input.int("height"))
        XCTAssertEqual(replayed.object("input")?.string("codec"), "MJPG")
        let autoshotMs = try XCTUnwrap(written.object("autoshot")?.number("ms"))
        let endMs = try XCTUnwrap(events.last?.number("ms"))
        let recordedFrames = try XCTUnwrap(written.object("live")?.int("recordedFrames"))
        XCTAssertEqual(Double(recordedFrames), (endMs - autoshotMs) * 15 / 1000 + 1, accuracy: 1.5,
                       "15 fps from the autoshot (\(autoshotMs) ms) to the end (\(endMs) ms)")
    }

    func testMissingCameraIsAnInputError() throws {
        let result = try CLI.run(["live", "--camera", "99", "--headless"])
        Expect.errorLine(result, code: 3, naming: "camera 99", cause: ["could not be opened", "/dev/video99"])
    }

    func testNoDisplaySaysSoAndSuggestsHeadless() throws {
        let clip = try TestMedia.singleFaceMP4()
        // Unset (empty) and set to a display no server listens on: both fail before Qt is touched.
        let unset = try CLI.run(["live", "--source", clip], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "QT_QPA_PLATFORM": ""])
        Expect.errorLine(unset, code: 3, naming: "DISPLAY", cause: ["no display", "not set", "--headless"])

        let nobody = try Self.unusedDisplayNumber()
        let unreachable = try CLI.run(["live", "--source", clip], environment: ["DISPLAY": ":\(nobody)", "QT_QPA_PLATFORM": ""])
        Expect.errorLine(unreachable, code: 3, naming: "DISPLAY=:\(nobody)", cause: ["no display", "--headless"])
    }

    func testASourceThatStopsMidSessionIsAnInputError() throws {
        // A camera cannot be unplugged here (no V4L2 device in the test machine); a file whose
        // decoding stops a third of the way in takes the same path: the capture thread fails
        // mid-session, the run stops with the source's one-line error and exit 3, not a hang.
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let faststart = temp.file("faststart.mp4")
        try TestMedia.runFFmpeg(["-i", clip, "-c", "copy", "-movflags", "+faststart", faststart.path])
        let bytes = try Data(contentsOf: faststart)
        let path = try temp.write(bytes.prefix(bytes.count * 30 / 100), to: "cut-short.mp4")
        let out = temp.file("out")

        let result = try CLI.run(["live", "--source", path, "--headless", "--seed", "1", "--out", out.path], timeout: Self.liveTimeout)
        XCTAssertEqual(result.exitCode, 3, "stderr: \(result.stderr)")
        XCTAssertEqual(result.stderrLines.count, 1, "one error line: \(result.stderr)")
        let message = result.stderrLines.first ?? ""
        XCTAssertTrue(message.hasPrefix("liveness: \(path): corrupt video"), message)
        // The session had started: its events so far were printed as they happened, no summary.
        let names = result.stdout.split(separator: "\n").compactMap { row in
            (try? JSONSerialization.jsonObject(with: Data(row.utf8))) as? [String: Any]
        }.compactMap { $0.string("event") }
        XCTAssertEqual(names.first, "started", "events before the stop: \(names)")
        XCTAssertFalse(names.contains("summary"), "no summary after an input error: \(names)")
    }

    func testCameraAndSourceTogetherIsAUsageError() throws {
        let result = try CLI.run(["live", "--camera", "0", "--source", "clip.mp4", "--headless"])
        Expect.usageError(result, cause: "--camera and --source", usage: "liveness live")
        Expect.usageError(try CLI.run(["live", "--camera", "front"]), cause: "--camera must be a whole number", usage: "liveness live")
        Expect.usageError(try CLI.run(["live", "clip.mp4"]), cause: "expected no arguments", usage: "liveness live")
        Expect.usageError(try CLI.run(["live", "--every-frame", "--headless"]), cause: "--every-frame needs --source", usage: "liveness live")
    }

    func testHelpListsTheLiveCommand() throws {
        let top = try CLI.run(["--help"])
        XCTAssertTrue(top.stdout.contains("live"), top.stdout)
        let help = try CLI.run(["live", "--help"])
        XCTAssertEqual(help.exitCode, 0)
        for option in ["--camera N", "--source FILE", "--mirror", "--headless", "--out DIR", "--seed N"] {
            XCTAssertTrue(help.stdout.contains(option), "live --help lacks \(option): \(help.stdout)")
        }
    }

    /// The credited actions of a report or summary, sorted.
    static func credited(_ json: [String: Any]) -> [String] {
        (json.objects("actions") ?? []).filter { $0["credited"] as? Bool == true }.compactMap { $0.string("action") }.sorted()
    }

    /// Each credited action with its frame, e.g. "blink@81".
    static func creditFrames(_ json: [String: Any]) -> [String] {
        (json.objects("actions") ?? []).filter { $0["credited"] as? Bool == true }
            .compactMap { action in action.string("action").map { "\($0)@\(action.int("frame") ?? -1)" } }.sorted()
    }

    /// A display number with no X server socket.
    static func unusedDisplayNumber() throws -> Int {
        guard let number = (200..<300).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") }) else {
            throw CLIError("every display number 200..<300 has an X socket")
        }
        return number
    }
}
