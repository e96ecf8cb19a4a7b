import Foundation
import XCTest

/// `liveness score` on real clips, end to end: exit code, report, events, stills, trace.
final class ScoreEndToEndTests: XCTestCase {
    func testRealClipPassesWithEveryOutput() throws {
        let clip = try TestMedia.realMov()
        let temp = try TemporaryDirectory()
        let out = temp.file("out")
        let trace = temp.file("trace.csv")

        let result = try CLI.run(["score", clip, "--seed", "1", "--out", out.path, "--trace", trace.path] + TestMedia.realMovPassingArguments(in: temp))
        XCTAssertEqual(result.exitCode, 0, "a passed check exits 0; stderr: \(result.stderr)")
        let report = try result.json()
        XCTAssertEqual(report.string("outcome"), "passed")
        XCTAssertTrue(result.stderr.contains("passed"), "the human summary on stderr says passed: \(result.stderr)")

        // report.json is the report printed on stdout.
        let written = try JSONFile.object(at: out.appendingPathComponent("report.json"))
        XCTAssertEqual(written.string("outcome"), "passed")
        XCTAssertEqual(NSDictionary(dictionary: written), NSDictionary(dictionary: report), "report.json differs from stdout")

        // Both actions credited, each with a frame and a time after the autoshot.
        let autoshot = try XCTUnwrap(report.object("autoshot"), "report.autoshot")
        let autoshotMs = try XCTUnwrap(autoshot.number("ms"))
        let actions = try XCTUnwrap(report.objects("actions"))
        XCTAssertEqual(Set(actions.compactMap { $0.string("action") }), ["blink", "turnHead"])
        for action in actions {
            XCTAssertEqual(action["credited"] as? Bool, true, "\(action)")
            XCTAssertGreaterThanOrEqual(action.number("ms") ?? -1, autoshotMs, "credited before the autoshot: \(action)")
        }
        XCTAssertEqual(autoshot.string("image"), "autoshot.jpg")
        XCTAssertEqual(report.object("snapshot")?.string("image"), "snapshot.jpg")

        // The event stream (SPEC §4).
        let events = try Expect.eventStream(at: out.appendingPathComponent("events.jsonl"))
        let names = events.compactMap { $0.string("event") }
        for name in ["autoshot", "scanStarted", "passed", "snapshot"] {
            XCTAssertEqual(names.filter { $0 == name }.count, 1, "one '\(name)' event in \(names)")
        }
        XCTAssertEqual(names.filter { $0 == "actionCredited" }.count, 2, "two actionCredited events in \(names)")
        XCTAssertFalse(names.contains("timedOut") || names.contains("incomplete"), "\(names)")
        let order = names.filter { ["autoshot", "scanStarted", "passed", "snapshot", "ended"].contains($0) }
        XCTAssertEqual(order, ["autoshot", "scanStarted", "passed", "snapshot", "ended"], "event order")
        let credited = events.filter { $0.string("event") == "actionCredited" }
        for event in credited {
            let action = try XCTUnwrap(actions.first { $0.string("action") == event.string("action") }, "\(event)")
            XCTAssertEqual(event.int("creditedFrame"), action.int("frame"), "event and report agree on \(action)")
            XCTAssertEqual(event.number("creditedMs"), action.number("ms"), "event and report agree on \(action)")
            XCTAssertGreaterThanOrEqual(event.number("ms") ?? -1, action.number("ms") ?? .infinity, "announced once seen whole: \(action)")
        }
        let passed = try XCTUnwrap(events.first { $0.string("event") == "passed" })
        XCTAssertEqual(passed.number("ms"), credited.compactMap { $0.number("ms") }.max(), "passed on the frame of the second credit")
        XCTAssertEqual(events.first { $0.string("event") == "scanStarted" }?["order"] as? [String], report["order"] as? [String])
        XCTAssertEqual(events.first { $0.string("event") == "snapshot" }?.int("frame"), report.object("snapshot")?.int("frame"))

        // The stills: JPEGs of the frame's size.
        let input = try XCTUnwrap(report.object("input"))
        Expect.jpeg(at: out.appendingPathComponent("autoshot.jpg"), width: input.int("width"), height: input.int("height"))
        Expect.jpeg(at: out.appendingPathComponent("snapshot.jpg"), width: input.int("width"), height: input.int("height"))

        // The trace: a header and one row per processed frame, all of the header's width.
        let rows = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.isEmpty }
        let header = try XCTUnwrap(rows.first).split(separator: ",", omittingEmptySubsequences: false)
        XCTAssertEqual(header.first, "frame", "trace header: \(header)")
        for column in ["ms", "ear", "upperLidR", "upperLidL", "lowerLidR", "lowerLidL", "openUpperLidR", "closure", "yaw", "inCircle", "state", "prompt"] {
            XCTAssertTrue(header.contains(Substring(column)), "trace header lacks \(column): \(header)")
        }
        let processed = try XCTUnwrap(report.object("frames")?.int("processed"))
        XCTAssertGreaterThan(processed, 0)
        XCTAssertEqual(rows.count - 1, processed, "one trace row per processed frame")
        for (index, row) in rows.enumerated().dropFirst() {
            XCTAssertEqual(row.split(separator: ",", omittingEmptySubsequences: false).count, header.count, "trace row \(index)")
            XCTAssertEqual(row.split(separator: ",").first.flatMap { Int($0) }, index - 1, "trace row \(index) frame number")
        }
    }

    func testClipWithOnlyABlinkEndsIncompleteDuringTheScan() throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let out = temp.file("out")

        let result = try CLI.run(["score", clip, "--seed", "1", "--out", out.path])
        XCTAssertEqual(result.exitCode, 1, "incomplete exits 1; stderr: \(result.stderr)")
        let report = try result.json()
        XCTAssertEqual(report.string("outcome"), "incomplete")
        XCTAssertEqual(report.string("incompleteStage"), "duringScan")
        XCTAssertTrue(report.isNull("snapshot"), "no snapshot when not passed")
        XCTAssertEqual(report.object("frames")?.int("processed"), 72, "the whole clip is read")

        let actions = try XCTUnwrap(report.objects("actions"))
        let blink = try XCTUnwrap(actions.first { $0.string("action") == "blink" })
        let turn = try XCTUnwrap(actions.first { $0.string("action") == "turnHead" })
        XCTAssertEqual(blink["credited"] as? Bool, true, "the labelled blink (833-1000 ms) is credited")
        let blinkMs = try XCTUnwrap(blink.number("ms"))
        XCTAssertTrue((700...1150).contains(blinkMs), "blink credited at \(blinkMs) ms; labelled at 833-1000 ms")
        XCTAssertEqual(turn["credited"] as? Bool, false, "no head turn in this clip (a smile is not a turn)")
        // Why not: its nearest miss, in the report and in the summary.
        let miss = try XCTUnwrap(turn.object("nearestMiss"), "\(turn)")
        XCTAssertEqual(miss.string("rule"), "notReached")
        XCTAssertEqual(miss["seen"] as? Bool, false)
        let most = try XCTUnwrap(miss.number("value"))
        XCTAssertTrue(result.stderr.contains(String(format: "turnHead  not seen: yaw at most %.1f° from neutral (needs 7.5)", abs(most))), result.stderr)

        let events = try Expect.eventStream(at: out.appendingPathComponent("events.jsonl"))
        let names = events.compactMap { $0.string("event") }
        XCTAssertEqual(Array(names.suffix(2)), ["incomplete", "ended"], "\(names)")
        XCTAssertEqual(events.first { $0.string("event") == "incomplete" }?.string("stage"), "duringScan")
        XCTAssertFalse(names.contains("passed") || names.contains("snapshot"), "\(names)")
        XCTAssertEqual(names.filter { $0 == "actionCredited" }.count, 1)

        let input = try XCTUnwrap(report.object("input"))
        Expect.jpeg(at: out.appendingPathComponent("autoshot.jpg"), width: input.int("width"), height: input.int("height"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("snapshot.jpg").path), "snapshot.jpg only on passed")

        // timeline.png: a PNG of the timeline's size whose closure curve runs from the clip's
        // start to its end (the time axis is the clip's duration), with the turn's nearest miss
        // marked in the yaw panel.
        let timeline = try RGBImage.timeline(at: out.appendingPathComponent("timeline.png"))
        XCTAssertEqual(timeline.height, 760)
        let curve = try XCTUnwrap(timeline.boundingBox(of: RGBImage.Pixel(r: 20, g: 90, b: 200), tolerance: 30), "no closure curve")
        XCTAssertEqual(curve.x, 60, accuracy: 4, "the first frame at the axis' start")
        XCTAssertEqual(curve.x + curve.width, 1060, accuracy: 4, "the last frame at the axis' end")
        let marked = try XCTUnwrap(timeline.boundingBox(of: RGBImage.Pixel(r: 240, g: 150, b: 0), tolerance: 10), "no nearest miss marked")
        XCTAssertEqual(marked.y, 270, accuracy: 2, "its line starts at the yaw panel's top (the legend's swatch is below)")
    }

    func testSameSeedGivesTheSameRun() throws {
        let clip = try TestMedia.realMov()
        let temp = try TemporaryDirectory()
        var reports: [[String: Any]] = []
        var streams: [String] = []
        var traces: [String] = []
        for run in 1...2 {
            let out = temp.file("out\(run)")
            let trace = temp.file("trace\(run).csv")
            let result = try CLI.run(["score", clip, "--seed", "7", "--out", out.path, "--trace", trace.path, "--json"] + TestMedia.realMovPassingArguments(in: temp))
            XCTAssertEqual(result.exitCode, 0, "stderr: \(result.stderr)")
            reports.append(try result.json())
            streams.append(try String(contentsOf: out.appendingPathComponent("events.jsonl"), encoding: .utf8))
            traces.append(try String(contentsOf: trace, encoding: .utf8))
        }
        XCTAssertEqual(streams[0], streams[1], "the same seed gives the same event stream")
        XCTAssertEqual(traces[0], traces[1], "the same seed gives the same trace")
        XCTAssertEqual(reports[0].string("seed"), "7")
        let orders = reports.map { $0["order"] as? [String] ?? [] }
        XCTAssertEqual(orders[0], orders[1], "the same seed draws the same order")
        XCTAssertEqual(Set(orders[0]), ["blink", "turnHead"])
        XCTAssertEqual(orders[0].count, 2)
        // Everything but the wall-clock timing is the same.
        for key in ["outcome", "order", "autoshot", "actions", "snapshot", "frames", "config", "neutralYaw"] {
            XCTAssertEqual(
                reports[0][key].map { NSDictionary(dictionary: ["v": $0]) }, reports[1][key].map { NSDictionary(dictionary: ["v": $0]) },
                "report '\(key)' differs between two runs with one seed")
        }
    }

    /// A report replays its own run (issue 34 item 3): its `config`, given back as the
    /// configuration file with its seed, gives the same report (timings aside), so every key it
    /// prints is one the configuration reads, with the value that decided the run.
    func testAReportsConfigurationReplaysItsRun() throws {
        let clip = try TestMedia.realMov()
        let temp = try TemporaryDirectory()
        let first = try CLI.run(["score", clip, "--seed", "7", "--json"] + TestMedia.realMovPassingArguments(in: temp)).json()
        let config = try XCTUnwrap(first["config"] as? [String: Any])
        // The engine's own tunables are printed too, each group with every one of its keys.
        let groups = ["tracking": 10, "search": 20, "measures": 13]
        for (group, keys) in groups {
            XCTAssertEqual((config[group] as? [String: Any])?.count, keys, "the report prints the \(group) tunables")
        }
        let file = try temp.write(try JSONSerialization.data(withJSONObject: config), to: "replay.json")
        let replay = try CLI.run(["score", clip, "--seed", try XCTUnwrap(first.string("seed")), "--config", file, "--json"])
        XCTAssertEqual(replay.exitCode, 0, replay.stderr)
        let second = try replay.json()
        for key in Set(first.keys).union(second.keys).subtracting(["timing", "tool"]) {
            XCTAssertEqual(first[key].map { NSDictionary(dictionary: ["v": $0]) }, second[key].map { NSDictionary(dictionary: ["v": $0]) },
                           "report '\(key)' differs in the replay")
        }
    }

    func testAShorterCapTimesOut() throws {
        // single_face.mp4 (2.4 s): autoshot at 367 ms, the labelled blink (clip_labels) credited at
        // 833 ms, no head turn. With a 1 s cap the blink counts and the session times out at about
        // 1.37 s, before the clip ends.
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let config = try temp.write(#"{"capMs": 1000}"#, to: "cap.json")
        let out = temp.file("out")

        let result = try CLI.run(["score", clip, "--seed", "1", "--config", config, "--out", out.path, "--json"])
        XCTAssertEqual(result.exitCode, 1, "timedOut exits 1; stderr: \(result.stderr)")
        let report = try result.json()
        XCTAssertEqual(report.string("outcome"), "timedOut")
        XCTAssertEqual(report.object("config")?.number("capMs"), 1000, "the report prints the configuration used")
        XCTAssertTrue(report.isNull("snapshot"))
        let actions = try XCTUnwrap(report.objects("actions"))
        XCTAssertEqual(actions.first { $0.string("action") == "blink" }?["credited"] as? Bool, true)
        XCTAssertEqual(actions.first { $0.string("action") == "turnHead" }?["credited"] as? Bool, false)

        let events = try Expect.eventStream(at: out.appendingPathComponent("events.jsonl"))
        XCTAssertEqual(Array(events.compactMap { $0.string("event") }.suffix(2)), ["timedOut", "ended"])
        let autoshotMs = try XCTUnwrap(report.object("autoshot")?.number("ms"))
        let timedOutMs = try XCTUnwrap(events.first { $0.string("event") == "timedOut" }?.number("ms"))
        XCTAssertGreaterThanOrEqual(timedOutMs - autoshotMs, 1000, "not before the cap")
        XCTAssertLessThan(timedOutMs - autoshotMs, 1000 + 34, "on the first frame at or past the cap (30 fps)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("snapshot.jpg").path))
    }

    func testFrontalClipWithoutActionsIsIncomplete() throws {
        // baseline.mp4: 1080p, 104 frames, eyes open throughout and no head turn (eye-checked labels).
        let clip = try TestMedia.baselineMP4()
        let result = try CLI.run(["score", clip, "--seed", "1", "--json"])
        XCTAssertEqual(result.exitCode, 1, "stderr: \(result.stderr)")
        let report = try result.json()
        XCTAssertEqual(report.string("outcome"), "incomplete")
        XCTAssertEqual(report.object("frames")?.int("processed"), 104)
        for action in report.objects("actions") ?? [] {
            XCTAssertEqual(action["credited"] as? Bool, false, "nothing to credit in this clip: \(action)")
        }
    }

    /// SPEC §1: the first frame is at 0 ms, and the events count from it. face_noface.mov's HEVC
    /// stream starts at -16.7 ms as OpenCV reports it (ffprobe: pts 0).
    func testEventsOfAClipStartingBeforeZeroStartAtZero() throws {
        let clip = try TestMedia.clip("pyfeat_face_videos/face_noface.mov")
        let temp = try TemporaryDirectory()
        let out = temp.file("out")
        let trace = temp.file("trace.csv")
        _ = try CLI.run(["score", clip, "--seed", "1", "--out", out.path, "--trace", trace.path])
        let events = try Expect.eventStream(at: out.appendingPathComponent("events.jsonl"))
        XCTAssertEqual(events.first?.string("event"), "started")
        XCTAssertEqual(events.first?.number("ms"), 0, "the first event: \(events.first ?? [:])")
        XCTAssertEqual(events.compactMap { $0.number("ms") }.min(), 0)
        let firstRow = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").dropFirst().first
        XCTAssertEqual(firstRow.map { $0.split(separator: ",")[1] }.flatMap { Double($0) }, 0, "the trace's first frame: \(firstRow ?? "")")
    }
}
