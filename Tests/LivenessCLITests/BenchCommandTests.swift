import Foundation
import XCTest

/// `liveness bench`: metrics against labels, floors that fail the run, pictures, bad manifests.
final class BenchCommandTests: XCTestCase {
    /// A manifest scoring single_face.mp4 against its label file, with `floors`.
    func manifest(in temp: TemporaryDirectory, floors: String, video: String? = nil) throws -> String {
        let data = try TestMedia.dataDirectory().path
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
        let path = try manifest(in: temp, floors: #"[{"metric": "clips.blinkRecall", "min": 1}, {"metric": "clips.outcomeAccuracy", "min": 1}]"#)
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
        XCTAssertTrue(result.stderr.contains("clips.blinkRecall"), "the table names the metrics")

        for name in ["result.json", "summary.png", "single_face.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), name)
        }
        // The timeline draws the closure curve in its own blue inside the closure panel.
        let timeline = try decodePNG(out.appendingPathComponent("single_face.png"))
        XCTAssertEqual(timeline.width, 1400)
        let closureBlue = RGBImage.Pixel(r: 20, g: 90, b: 200)
        let box = try XCTUnwrap(timeline.boundingBox(of: closureBlue, tolerance: 30), "no closure curve drawn")
        XCTAssertGreaterThanOrEqual(box.x, 55)
        XCTAssertLessThanOrEqual(box.y + box.height, 255, "the curve stays in the closure panel")
        XCTAssertGreaterThan(box.width, 500, "the curve runs across the clip")
    }

    func testABrokenFloorFailsTheRunAndIsNamed() throws {
        let temp = try TemporaryDirectory()
        let path = try manifest(in: temp, floors: #"[{"metric": "clips.blinkPrecision", "max": 0.5}, {"metric": "clips.turnRecall", "min": 0.9}]"#)
        let result = try CLI.run(["bench", path, "--json", "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("liveness: floor broken: clips.blinkPrecision = 1.000 is above its ceiling 0.500"), result.stderr)
        XCTAssertTrue(result.stderr.contains("liveness: floor broken: clips.turnRecall was not measured"), result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, "--json: one line")
        XCTAssertEqual(try result.json()["broken"] as? [String], [
            "clips.blinkPrecision = 1.000 is above its ceiling 0.500", "clips.turnRecall was not measured",
        ])
    }

    func testAClipThatCannotBeReadIsReportedAndTheRunGoesOn() throws {
        let temp = try TemporaryDirectory()
        let missing = temp.file("absent.mp4").path
        let path = try manifest(in: temp, floors: #"[{"metric": "clips.scored", "min": 1}]"#, video: missing)
        let result = try CLI.run(["bench", path, "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        let failures = try XCTUnwrap(try result.json()["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.first?["clip"] as? String, "single_face")
        XCTAssertTrue(result.stderr.contains("NOT SCORED"), result.stderr)
    }

    func testMalformedManifestsAreInputErrors() throws {
        let temp = try TemporaryDirectory()
        let cases: [(String, String)] = [
            ("{", "not a JSON object"),
            (#"{"floors": []}"#, "\"clips\" must be a list"),
            (#"{"clips": [{"name": "a"}], "floors": []}"#, "every clip needs \"name\" and \"video\""),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "sameDecisionsAs": "b"}], "floors": []}"#, "sameDecisionsAs names no clip \"b\""),
            (#"{"clips": [], "floors": [{"metric": "x"}]}"#, "floor x needs \"min\" or \"max\""),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "config": {"capMS": 1}}], "floors": []}"#, "unknown key \"capMS\""),
            (#"{"clips": [{"name": "a", "video": "a.mp4", "attack": 1}], "floors": []}"#, "\"attack\" must be true or false"),
            (#"{"stills": "yes", "clips": [], "floors": []}"#, "\"stills\" must be true or false"),
        ]
        for (text, cause) in cases {
            let path = try temp.write(text, to: "bad.json")
            Expect.errorLine(try CLI.run(["bench", path, "--quiet"]), code: 3, naming: path, cause: [cause])
        }
        Expect.errorLine(try CLI.run(["bench", temp.file("none.json").path]), code: 3, naming: "none.json", cause: ["cannot be read"])
    }

    /// Decodes a PNG to RGB with FFmpeg.
    func decodePNG(_ url: URL) throws -> RGBImage {
        let probe = Process()
        probe.executableURL = try TestMedia.ffmpeg()
        probe.arguments = ["-loglevel", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        // The timelines are 1400 x 760.
        return try RGBImage(width: 1400, height: bytes.count / (1400 * 3), bytes: bytes)
    }
}
