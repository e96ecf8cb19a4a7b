import Foundation
import XCTest

/// `liveness bench`: metrics against labels, floors that fail the run, pictures, bad manifests.
final class BenchCommandTests: XCTestCase {
    /// A manifest scoring single_face.mp4 against its label file, with `floors`.
    func manifest(in temp: TemporaryDirectory, floors: String, video: String? = nil) throws -> String {
        let data = TestMedia.dataDirectory().path
        let clip = try video ?? TestMedia.singleFaceMP4()
        return try temp.write("""
            {"data": "\(data)", "clips": [
              {"name": "single_face", "video": "\(clip)", "labels": "data:clip_labels/single_face.json", "seed": 1, "expect": "incomplete"}
            ], "floors": \(floors)}
            """, to: "manifest.json")
    }

    func metric(_ report: [String: Any], _ name: String) -> (value: Double, count: Int)? {
        guard let metrics = report["metrics"] as? [[String: Any]], let m = metrics.first(where: { $0["name"] as? String == name }) else { return nil }
        return ((m["value"] as? NSNumber)?.doubleValue ?? .nan, (m["count"] as? NSNumber)?.intValue ?? -1)
    }

    func testALabelledClipIsScoredAgainstItsLabelsAndDrawn() throws {
        let temp = try TemporaryDirectory()
        // A floor the clip breaks, marked as a known gap no worse than today: no regression.
        let path = try manifest(in: temp, floors: """
            [{"metric": "clips.blinkRecall", "min": 1}, {"metric": "clips.outcomeAccuracy", "min": 1},
             {"metric": "clips.blinkPrecision", "max": 0.5, "knownGap": {"issue": 10, "measured": 1}}]
            """)
        let out = temp.file("out")
        let result = try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let report = try result.json()
        // single_face.mp4 has one eye-checked blink at 833-1000 ms, credited during the scan.
        XCTAssertEqual(metric(report, "clips.blinkRecall")?.value, 1)
        XCTAssertEqual(metric(report, "clips.blinkRecall")?.count, 1)
        XCTAssertEqual(metric(report, "clips.blinkPrecision")?.value, 1)
        XCTAssertEqual(metric(report, "clips.outcomeAccuracy")?.value, 1)
        XCTAssertNil(metric(report, "clips.turnRecall"), "no labelled turn, so no turn recall")
        XCTAssertGreaterThan(metric(report, "speed.framesPerSecond")?.value ?? 0, 0)
        XCTAssertEqual((report["broken"] as? [Any])?.count, 0)
        let gap = "clips.blinkPrecision = 1.000 is above its ceiling 0.500: a known gap of issue 10, recorded at 1.000"
        XCTAssertEqual(report["knownGaps"] as? [String], [gap])
        XCTAssertTrue(result.stderrLines.contains("liveness: known gap: " + gap), result.stderr)
        XCTAssertEqual(result.stderrLines.last, "liveness: no regression; 1 known gap(s) remain", result.stderr)
        XCTAssertTrue(result.stderr.contains("clips.blinkRecall"), "the table names the metrics")
        XCTAssertEqual(Set(report.keys), ["manifest", "date", "machine", "metrics", "floors", "broken", "knownGaps", "clips", "failures"],
                       "without --compare the result has no comparison")
        let machine = try XCTUnwrap(report["machine"] as? [String: Any], "the result names the machine it ran on")
        XCTAssertEqual(machine["cores"] as? Int, ProcessInfo.processInfo.processorCount)
        XCTAssertFalse(result.stderrLines.contains { $0.hasPrefix("since ") }, "without --compare the table has no since block")

        for name in ["result.json", "summary.png", "single_face.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), name)
        }
        // The timeline draws the closure curve in its own blue inside the closure panel.
        let timeline = try RGBImage.timeline(at: out.appendingPathComponent("single_face.png"))
        XCTAssertEqual(timeline.width, 1400)
        let closureBlue = RGBImage.Pixel(r: 20, g: 90, b: 200)
        let box = try XCTUnwrap(timeline.boundingBox(of: closureBlue, tolerance: 30), "no closure curve drawn")
        XCTAssertGreaterThanOrEqual(box.x, 55)
        XCTAssertLessThanOrEqual(box.y + box.height, 255, "the curve stays in the closure panel")
        XCTAssertGreaterThan(box.width, 500, "the curve runs across the clip")
    }

    func testABrokenFloorFailsTheRunAndIsNamed() throws {
        let temp = try TemporaryDirectory()
        // Broken: a ceiling, a metric not measured, a floor a hair stricter than today's 1, and a
        // known gap worse than recorded; clips.faceFrameShare is a known gap no worse than recorded.
        let path = try manifest(in: temp, floors: """
            [{"metric": "clips.blinkPrecision", "max": 0.5}, {"metric": "clips.turnRecall", "min": 0.9},
             {"metric": "clips.blinkRecall", "min": 1.0000001},
             {"metric": "clips.outcomeAccuracy", "max": 0.5, "knownGap": {"issue": 11, "measured": 0.9}},
             {"metric": "clips.faceFrameShare", "min": 2, "knownGap": {"issue": 12, "measured": 0}}]
            """)
        let result = try CLI.run(["bench", path, "--json", "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        let broken = [
            "clips.blinkPrecision = 1.000 is above its ceiling 0.500", "clips.turnRecall was not measured",
            "clips.blinkRecall = 1.0000000 is below its floor 1.0000001",
            "clips.outcomeAccuracy = 1.000 is above its ceiling 0.500, and worse than its known gap of issue 11, recorded at 0.900",
        ]
        for line in broken { XCTAssertTrue(result.stderrLines.contains("liveness: floor broken: " + line), result.stderr) }
        XCTAssertTrue(result.stderrLines.contains { $0.hasPrefix("liveness: known gap: clips.faceFrameShare = ") }, result.stderr)
        XCTAssertEqual(result.stderrLines.last, "liveness: 4 regression(s); apart from them 1 known gap(s) remain", result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, "--json: one line")
        let report = try result.json()
        XCTAssertEqual(report["broken"] as? [String], broken)
        XCTAssertEqual((report["knownGaps"] as? [String])?.count, 1)
        let statuses = (report["floors"] as? [[String: Any]])?.map { $0["status"] as? String }
        XCTAssertEqual(statuses, ["broken", "broken", "broken", "broken", "knownGap"])
    }

    func testAClipThatCannotBeReadIsReportedAndTheRunGoesOn() throws {
        let temp = try TemporaryDirectory()
        let missing = temp.file("absent.mp4").path
        let path = try manifest(in: temp, floors: #"[{"metric": "clips.scored", "min": 1}]"#, video: missing)
        let result = try CLI.run(["bench", path, "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 3, "a clip not scored is an input error: \(result.stderr)")
        let failures = try XCTUnwrap(try result.json()["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.first?["clip"] as? String, "single_face")
        XCTAssertTrue(result.stderr.contains("NOT SCORED"), result.stderr)
    }

    func testMalformedManifestsAreInputErrors() throws {
        let temp = try TemporaryDirectory()
        let cases: [(String, String)] = [
            ("{", "not valid JSON: expected a key in quotes at line 1, column 2"),
            ("[]", "the top level must be a JSON object"),
            (#"{"floors": []}"#, "\"clips\" is missing"),
            (#"{"clips": {}, "floors": []}"#, "\"clips\" must be a list"),
            (#"{"clips": [1], "floors": []}"#, "clips[0] must be a JSON object"),
            (#"{"clips": [{"name": "a"}], "floors": []}"#, "clips[0]: \"video\" is missing"),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "sameDecisionsAs": "b"}], "floors": []}"#, "sameDecisionsAs names no clip \"b\""),
            (#"{"clips": [], "floors": [{"metric": "x"}]}"#, "floors[0]: floor x needs \"min\" or \"max\""),
            (#"{"clips": [], "floors": [{"metric": "x", "min": "high"}]}"#, "floors[0]: \"min\" must be a number"),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "config": {"capMS": 1}}], "floors": []}"#, "clips[0].config: unknown key \"capMS\""),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "config": {"tracking": {"lostFaceMS": 1}}}], "floors": []}"#,
             "clips[0].config.tracking: unknown key \"lostFaceMS\""),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "expected": "passed"}], "floors": []}"#, "clips[0]: unknown key \"expected\""),
            (#"{"clips": [], "floors": [], "note": "x"}"#, "unknown key \"note\""),
            (#"{"clips": [], "clips": [], "floors": []}"#, "the key clips is given twice"),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "attack": 1}], "floors": []}"#, "clips[0]: \"attack\" must be true or false"),
            (#"{"stills": "yes", "clips": [], "floors": []}"#, "\"stills\" must be true or false"),
            (#"{"clips": [], "floors": [], "identities": {"people": [{"name": "p", "videos": []}], "strangers": []}}"#,
             "identities.people[0]: \"videos\" must name at least one video"),
        ]
        for (text, cause) in cases {
            let path = try temp.write(text, to: "bad.json")
            Expect.errorLine(try CLI.run(["bench", path, "--quiet"]), code: 3, naming: path, cause: [cause])
        }
        Expect.errorLine(try CLI.run(["bench", temp.file("none.json").path]), code: 3, naming: "none.json", cause: ["cannot be read"])
    }

    func testMalformedLabelFilesAreInputErrors() throws {
        let temp = try TemporaryDirectory()
        let cases: [(String, String)] = [
            ("{", "not valid JSON"),
            ("[]", "the top level must be a JSON object"),
            (#"{"turns": []}"#, "\"blinks\" is missing"),
            (#"{"blinks": [{"startMs": 1}], "turns": []}"#, "blinks[0]: \"endMs\" is missing"),
            (#"{"blinks": [], "turns": [], "faceInFromMs": "soon"}"#, "\"faceInFromMs\" must be a number"),
        ]
        for (text, cause) in cases {
            let labels = try temp.write(text, to: "labels.json")
            let path = try temp.write(#"{"clips": [{"name": "a", "video": "a.mp4", "labels": "\#(labels)"}], "floors": []}"#, to: "manifest.json")
            Expect.errorLine(try CLI.run(["bench", path, "--quiet"]), code: 3, naming: labels, cause: [cause])
        }
    }

    /// A previous result with one metric that got better (blinkRecall), one worse (meanAutoshotMs),
    /// two the same (one exactly, one within 1 %), and single_face's verdict changed.
    func previousResult(in temp: TemporaryDirectory) throws -> String {
        try temp.write("""
            {"date": "2024-01-01T00:00:00Z", "metrics": [
              {"name": "clips.outcomeAccuracy", "value": 1, "count": 1, "note": ""},
              {"name": "clips.faceFrameShare", "value": 0.995, "count": 72, "note": ""},
              {"name": "clips.blinkRecall", "value": 0.5, "count": 2, "note": ""},
              {"name": "clips.meanAutoshotMs", "value": 300, "count": 1, "note": ""},
              {"name": "speed.ms.decode", "value": 100000, "count": 72, "note": ""},
              {"name": "clips.scored", "value": null, "count": 0, "note": ""},
              {"name": "yaw.maeAll", "value": 2.5, "count": 44, "note": ""}
            ], "floors": [], "broken": [], "failures": [], "clips": [
              {"name": "single_face", "outcome": "passed", "blink": "falseAlarm", "turn": "none"},
              {"name": "wide", "outcome": "passed", "blink": "hit", "turn": "hit"}
            ]}
            """, to: "previous.json")
    }

    /// The rows of the table's "since" block, by metric: old, new, change, verdict.
    func comparisonRows(_ stderr: String) -> [String: [String]] {
        let lines = stderr.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("since ") }) else { return [:] }
        let rows = lines[(start + 2)...].prefix { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
        return Dictionary(rows.filter { $0.count == 5 }.map { ($0[0], Array($0.dropFirst())) }, uniquingKeysWith: { a, _ in a })
    }

    func testComparingWithAPreviousResultSaysWhatGotBetterOrWorse() throws {
        let temp = try TemporaryDirectory()
        let path = try manifest(in: temp, floors: #"[{"metric": "clips.blinkRecall", "min": 1}]"#)
        let previous = try previousResult(in: temp)
        let out = temp.file("out")
        let result = try CLI.run(["bench", path, "--compare", previous, "--out", out.path, "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 0, "the floors hold, so a worse metric does not fail the run: \(result.stderr)")

        let comparison = try XCTUnwrap(try result.json()["comparison"] as? [String: Any])
        XCTAssertEqual(comparison["previous"] as? String, previous)
        XCTAssertEqual(comparison["previousDate"] as? String, "2024-01-01T00:00:00Z")
        let metrics = try XCTUnwrap(comparison["metrics"] as? [[String: Any]])
        let verdicts = Dictionary(metrics.map { ($0["name"] as? String ?? "?", $0["verdict"] as? String ?? "?") }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(verdicts["clips.blinkRecall"], "better", "0.5 -> 1, higher is better")
        XCTAssertEqual(verdicts["clips.meanAutoshotMs"], "worse", "300 -> 367 ms, lower is better")
        XCTAssertEqual(verdicts["speed.ms.decode"], "better", "lower is better")
        XCTAssertEqual(verdicts["clips.outcomeAccuracy"], "same")
        XCTAssertEqual(verdicts["clips.faceFrameShare"], "same", "0.995 -> 1 is within 1 %")
        XCTAssertEqual(verdicts["clips.scored"], "new", "null in the previous run: not measured")
        XCTAssertEqual(verdicts["speed.framesPerSecond"], "new")
        XCTAssertEqual(verdicts["yaw.maeAll"], "gone")
        let recall = try XCTUnwrap(metrics.first { $0["name"] as? String == "clips.blinkRecall" })
        XCTAssertEqual(recall["old"] as? Double, 0.5)
        XCTAssertEqual(recall["new"] as? Double, 1)
        XCTAssertEqual(recall["delta"] as? Double, 0.5)
        let gone = try XCTUnwrap(metrics.first { $0["name"] as? String == "yaw.maeAll" })
        XCTAssertTrue(gone["new"] is NSNull && gone["delta"] is NSNull, "\(gone)")

        let clips = try XCTUnwrap(comparison["clips"] as? [[String: Any]])
        XCTAssertEqual(clips.map { $0["name"] as? String }, ["single_face", "wide"])
        XCTAssertEqual(clips.first?["old"] as? [String: String], ["outcome": "passed", "blink": "falseAlarm", "turn": "none"])
        XCTAssertEqual(clips.first?["new"] as? [String: String], ["outcome": "incomplete", "blink": "hit", "turn": "none"])
        XCTAssertTrue(clips.last?["new"] is NSNull, "wide is not in this run")

        XCTAssertTrue(result.stderrLines.contains("since \(previous) (2024-01-01T00:00:00Z)"), result.stderr)
        let rows = comparisonRows(result.stderr)
        XCTAssertEqual(rows["clips.blinkRecall"], ["0.5000", "1.0000", "+0.5000", "better"], result.stderr)
        XCTAssertEqual(rows["clips.outcomeAccuracy"], ["1.0000", "1.0000", "+0.0000", "same"], result.stderr)
        XCTAssertEqual(rows["clips.faceFrameShare"], ["0.9950", "1.0000", "+0.0050", "same"], result.stderr)
        XCTAssertEqual(rows["clips.meanAutoshotMs"]?.last, "worse", result.stderr)
        XCTAssertEqual(rows["yaw.maeAll"], ["2.5000", "-", "-", "gone"], result.stderr)
        XCTAssertTrue(result.stderrLines.contains("single_face: outcome passed -> incomplete, blink falseAlarm -> hit"), result.stderr)
        XCTAssertTrue(result.stderrLines.contains("wide: gone"), result.stderr)

        // The result just written, comparison and all, is itself a previous result: read before
        // --out replaces it, and nothing about the clip has changed.
        let written = out.appendingPathComponent("result.json").path
        // Speed aside, nothing got worse, so --fail-on-worse passes.
        let again = try CLI.run(["bench", path, "--compare", written, "--fail-on-worse", "--out", out.path, "--json", "--quiet"], timeout: 120)
        XCTAssertEqual(again.exitCode, 0, again.stderr)
        let secondComparison = try XCTUnwrap(try again.json()["comparison"] as? [String: Any])
        XCTAssertEqual((secondComparison["clips"] as? [Any])?.count, 0, again.stderr)
        for row in (secondComparison["metrics"] as? [[String: Any]] ?? []) where (row["name"] as? String)?.hasPrefix("clips.") == true {
            XCTAssertEqual(row["verdict"] as? String, "same", "\(row)")
        }
        XCTAssertTrue(again.stderrLines.contains("no clip changed its outcome, blink or turn"), again.stderr)
    }

    func testFailOnWorseFailsOnAMetricWorseOrGoneSinceThePreviousResult() throws {
        let temp = try TemporaryDirectory()
        let path = try manifest(in: temp, floors: #"[{"metric": "clips.blinkRecall", "min": 1}]"#)
        let previous = try previousResult(in: temp)
        let result = try CLI.run(["bench", path, "--compare", previous, "--fail-on-worse", "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        XCTAssertTrue(result.stderrLines.contains { $0.hasPrefix("liveness: worse: clips.meanAutoshotMs got worse since \(previous): 300.0000 -> ") },
                      result.stderr)
        XCTAssertTrue(result.stderrLines.contains("liveness: worse: yaw.maeAll was 2.5000 in \(previous) and is not measured now"), result.stderr)
        XCTAssertFalse(result.stderr.contains("worse: speed."), "speed moves with the machine's load: \(result.stderr)")
        XCTAssertEqual(result.stderrLines.last, "liveness: 2 regression(s); apart from them no known gap remains", result.stderr)
        Expect.usageError(try CLI.run(["bench", path, "--fail-on-worse"]), cause: "--fail-on-worse needs --compare PREVIOUS.json",
                          usage: "usage: liveness bench")
    }

    func testACompareFileThatCannotBeUsedIsAnInputError() throws {
        let temp = try TemporaryDirectory()
        let path = try manifest(in: temp, floors: "[]")
        let cases: [(String, String)] = [
            ("{", "not valid JSON"),
            ("", "not valid JSON: the file is empty"),
            ("[]", "not a JSON object"),
            (#"{"metrics": 1, "clips": []}"#, "\"metrics\" must be a list"),
            (#"{"metrics": [], "clips": [{"name": "a", "outcome": "passed"}]}"#, "every clip needs \"name\", \"outcome\", \"blink\" and \"turn\""),
            (#"{"metrics": [{"name": "x", "value": "high"}], "clips": []}"#, "metric x: \"value\" must be a number or null"),
        ]
        for (text, cause) in cases {
            let previous = try temp.write(text, to: "previous.json")
            Expect.errorLine(try CLI.run(["bench", path, "--compare", previous]), code: 3, naming: previous,
                             cause: ["cannot compare against it", cause])
        }
        let missing = temp.file("none.json").path
        Expect.errorLine(try CLI.run(["bench", path, "--compare", missing]), code: 3, naming: missing, cause: ["no such file"])
        Expect.errorLine(try CLI.run(["bench", path, "--compare", temp.url.path]), code: 3, naming: temp.url.path, cause: ["cannot be read"])
        Expect.usageError(try CLI.run(["bench", path, "--compare"]), cause: "--compare needs a value", usage: "usage: liveness bench")
    }

    func testTheHelpNamesCompare() throws {
        let result = try CLI.run(["bench", "--help"])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("--compare PREVIOUS.json"), result.stdout)
    }
}
