import Foundation
import XCTest

/// Values that would be silently wrong are refused or read for what they are: a rotation that is
/// no quarter turn, configuration and manifest numbers that mean nothing, a trailing comma, two
/// clips of one name, a corrupt file under the lowest memory limit, a missing data folder.
final class MeaningfulValueTests: XCTestCase {
    func testARotationThatIsNoQuarterTurnIsNotApplied() throws {
        let temp = try TemporaryDirectory()
        let upright = try TestMedia.singleFaceMP4()
        let reference = try CLI.run(["score", upright, "--seed", "1", "--json"]).json()
        // -45 degrees (ffprobe: "rotation 45"), which snapping made a quarter turn, and an
        // all-zero matrix, whose undefined angle OpenCV turns into INT_MIN.
        for degrees in [-45.0, 46, nil] {
            let clip = try HostileFixtures.withDisplayMatrix(upright, degrees: degrees, to: temp.file("turned.mp4").path)
            let report = try CLI.run(["score", clip, "--seed", "1", "--json"]).json()
            XCTAssertEqual(report.object("input")?.int("rotationDegrees"), 0, "\(String(describing: degrees))")
            XCTAssertEqual(report.object("frames")?.int("inCircle"), reference.object("frames")?.int("inCircle"),
                           "\(String(describing: degrees)): the frames were left upright and the face found")
        }
    }

    func testConfigurationValuesThatMeanNothingAreRefused() throws {
        let clip = try TestMedia.gridClip()
        let temp = try TemporaryDirectory()
        let cases: [(String, String)] = [
            (#"{"focalLengthPx": 5e-324}"#, #""focalLengthPx" must be a number of pixels in 1...1000000"#),
            (#"{"settleMs": 1e-300}"#, #""settleMs" has more than 4 decimals"#),
            (#"{"blinkClosure": 0.12345}"#, #""blinkClosure" has more than 4 decimals"#),
            (#"{"capMs": 1000,}"#, "a comma before the closing brace"),
            (#"{"capMs": 1000, "capMs": 2000}"#, "the key capMs is given twice"),
            (#"{"capMs": 1e999}"#, "a number too large"),
        ]
        for (text, cause) in cases {
            let config = try temp.write(text, to: "config.json")
            Expect.errorLine(try CLI.run(["score", clip, "--config", config]), code: 3, naming: config, cause: ["malformed configuration", cause])
        }
    }

    func testManifestValuesThatMeanNothingAreRefused() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.gridClip()
        let cases: [(String, String)] = [
            (#"{"toleranceMs": -1e308, "clips": [], "floors": []}"#, #""toleranceMs" must be a number in 0...60000"#),
            (#"{"clips": [], "floors": [],}"#, "a comma before the closing brace"),
            (#"{"clips": [{"name": "a", "video": "\#(clip)"}, {"name": "a", "video": "\#(clip)"}], "floors": []}"#, #"two clips are named "a""#),
            (#"{"clips": [{"name": "a", "video": "\#(clip)", "seed": -1}], "floors": []}"#, #""seed" must be a whole number in 0...4294967295"#),
            (#"{"clips": [{"name": "a", "video": "\#(clip)", "seed": 1.5}], "floors": []}"#, #""seed" must be a whole number in 0...4294967295"#),
            (#"{"clips": [{"name": "a", "video": "\#(clip)", "expect": "pased"}], "floors": []}"#, #""expect" must be one of"#),
            (#"{"clips": [], "floors": [{"metric": "x", "min": 1e300}]}"#, #""min" must be a number"#),
        ]
        for (text, cause) in cases {
            let path = try temp.write(text, to: "manifest.json")
            Expect.errorLine(try CLI.run(["bench", path, "--quiet"]), code: 3, naming: path, cause: [cause])
        }
    }

    func testBenchStillsWithAMissingDataFolderAreOneLine() throws {
        let temp = try TemporaryDirectory()
        let path = try temp.write(#"{"data": "no/such/folder", "stills": true, "clips": [], "floors": []}"#, to: "manifest.json")
        Expect.errorLine(try CLI.run(["bench", path, "--quiet"], environment: ["LIVENESS_DATA": ""]), code: 3, naming: path, cause: ["is not one"])
        let labels = try temp.write(#"{"clips": [{"name": "a", "video": "a.mp4", "labels": "none.json"}], "floors": []}"#, to: "labelled.json")
        Expect.errorLine(try CLI.run(["bench", labels, "--quiet"]), code: 3, naming: "none.json", cause: ["cannot be read: no such file"])
    }

    func testACorruptFileUnderTheLowestMemoryLimitIsCorrupt() throws {
        let temp = try TemporaryDirectory()
        let text = try temp.write("not a video\n", to: "text.mp4")
        let garbage = try temp.write(TestMedia.noise(count: 65536, seed: 3), to: "garbage.mp4")
        let result = try CLI.run(["score", text, garbage, "--jobs", "1", "--memory-limit", "768"], timeout: 120)
        let output = try BatchOutput(result.stdout)
        XCTAssertEqual(output.records.map { $0.object("error")?.string("kind") }, ["notAVideo", "notAVideo"], result.stdout)
    }
}
