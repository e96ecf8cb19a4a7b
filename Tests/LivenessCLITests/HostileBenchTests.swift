import Foundation
import XCTest

/// `liveness bench` on hostile manifests and label files (issue 20): numbers no clip or photo can
/// have, points that are not [x, y], clips whose video is not a video, outputs that cannot all be
/// written, names that collide.
final class HostileBenchTests: XCTestCase {
    /// A manifest with one clip `name` reading `video` (absent by default) and `labels`.
    func manifest(in temp: TemporaryDirectory, labels: String? = nil, video: String? = nil, clips: [String] = ["a"], extra: String = "") throws -> String {
        let entries = clips.map { name in
            #"{"name": "\#(name)", "video": "\#(video ?? temp.file("absent.mp4").path)""# + (labels.map { #", "labels": "\#($0)""# } ?? "") + "}"
        }
        return try temp.write(#"{"clips": [\#(entries.joined(separator: ", "))], "floors": []\#(extra)}"#, to: "manifest.json")
    }

    func testLabelTimesNoClipCanHaveAreInputErrors() throws {
        let temp = try TemporaryDirectory()
        let range = "must be a number in -86400000...86400000"
        let cases: [(String, String)] = [
            (#"{"blinks": [{"startMs": 1, "endMs": 1e300}], "turns": []}"#, #"blinks[0]: "endMs" \#(range)"#),
            (#"{"blinks": [{"startMs": -1.7e308, "endMs": 1.7e308}], "turns": []}"#, #"blinks[0]: "startMs" \#(range)"#),
            (#"{"firstFrameMs": -1.7e308, "blinks": [], "turns": []}"#, #""firstFrameMs" \#(range)"#),
            (#"{"blinks": [], "turns": [{"startMs": 1e20, "endMs": 1e20, "direction": "left"}]}"#, #"turns[0]: "startMs" \#(range)"#),
            (#"{"blinks": [], "turns": [], "faceInFromMs": 1e300}"#, #""faceInFromMs" \#(range)"#),
        ]
        for (text, cause) in cases {
            let labels = try temp.write(text, to: "labels.json")
            let path = try manifest(in: temp, labels: labels)
            Expect.errorLine(try CLI.run(["bench", path, "--quiet"]), code: 3, naming: labels, cause: [cause])
            // With --out too: refused before anything is written.
            let out = temp.file("out")
            Expect.errorLine(try CLI.run(["bench", path, "--quiet", "--out", out.path]), code: 3, naming: labels, cause: [cause])
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [], [], "nothing written for \(text)")
        }
    }

    /// A data root with the four still sets, empty but for `menpo` (menpo_landmarks' entries)
    /// and `aflw` (one AFLW row's 68 points).
    func stillsRoot(in temp: TemporaryDirectory, menpo: String = "[]", aflw: String? = nil) throws -> String {
        let root = temp.file("data")
        for set in ["helen_afw_300w_68pt_eyestate", "aflw2000_3d_subset", "menpo_landmarks", "mmpose_300w_300vw_samples"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(set), withIntermediateDirectories: true)
        }
        try temp.write("image,pts,label\n", to: "data/helen_afw_300w_68pt_eyestate/labels.csv")
        try temp.write("id,image,yaw_deg,within_99deg\n" + (aflw == nil ? "" : "x,x.jpg,10,1\n"), to: "data/aflw2000_3d_subset/pose_labels.csv")
        try temp.write(aflw.map { #"{"x": {"pt3d_68_xy": \#($0)}}"# } ?? "{}", to: "data/aflw2000_3d_subset/pose_and_landmarks.json")
        try temp.write(menpo, to: "data/menpo_landmarks/landmarks68.json")
        try temp.write("[]", to: "data/mmpose_300w_300vw_samples/landmarks68.json")
        return root.path
    }

    func testStillLabelPointsThatAreNotXYAreInputErrors() throws {
        let temp = try TemporaryDirectory()
        let good = Array(repeating: "[10, 20]", count: 67)
        let cases: [(menpo: String, aflw: String?, file: String, cause: String)] = [
            (#"[{"image": "a.jpg", "landmarks68": [\#((good + ["[5]"]).joined(separator: ","))]}]"#, nil,
             "menpo_landmarks/landmarks68.json", "a point must be [x, y], got 1 numbers"),
            ("[]", "[" + (["[]"] + good).joined(separator: ",") + "]", "aflw2000_3d_subset/pose_and_landmarks.json", "a point must be [x, y], got 0 numbers"),
            (#"[{"image": "a.jpg", "landmarks68": [\#((good + ["[5, 1e300]"]).joined(separator: ","))]}]"#, nil,
             "menpo_landmarks/landmarks68.json", "a coordinate must be a number in -1000000...1000000"),
            // Not the shape the set has: one line naming the file, not an "unexpected error".
            (#"[{"image": "a.jpg", "landmarks68": "none"}]"#, nil, "menpo_landmarks/landmarks68.json", #"[0]: "landmarks68" must be a list"#),
            ("[]", #"{"x": 1}"#, "aflw2000_3d_subset/pose_and_landmarks.json", #"x: "pt3d_68_xy" must be a list"#),
        ]
        for entry in cases {
            let root = try stillsRoot(in: temp, menpo: entry.menpo, aflw: entry.aflw)
            let path = try temp.write(#"{"data": "\#(root)", "stills": true, "clips": [], "floors": []}"#, to: "manifest.json")
            let result = try CLI.run(["bench", path, "--quiet"], environment: ["LIVENESS_DATA": root], timeout: 300)
            Expect.errorLine(result, code: 3, naming: entry.file, cause: [entry.cause])
        }
    }

    /// Case 17: a clip whose video is a folder, a device, a FIFO or missing was shown as a Swift
    /// enum dump (`isADirectory(path: ...)`), and the run exited 0 when the manifest had no floors.
    func testClipsThatAreNotVideosAreNamedPlainlyAndFailTheRun() throws {
        let temp = try TemporaryDirectory()
        let fifo = try HostileFixtures.fifo(temp.file("fifo.mp4").path)
        let videos = [("folder", temp.url.path, "is a directory, not a file"), ("zero", "/dev/zero", "is a character device, not a regular file"),
                      ("fifo", fifo, "is a FIFO"), ("missing", temp.file("absent.mp4").path, "no such file")]
        let clips = videos.map { #"{"name": "\#($0.0)", "video": "\#($0.1)"}"# }.joined(separator: ", ")
        let path = try temp.write(#"{"clips": [\#(clips)], "floors": []}"#, to: "manifest.json")
        let result = try CLI.run(["bench", path, "--quiet"], timeout: 120)
        XCTAssertEqual(result.exitCode, 3, "clips not scored are an input error, with no floors too: \(result.stderr)")
        XCTAssertEqual(result.stderrLines.last, "liveness: 4 of 4 clips could not be scored (NOT SCORED above)", result.stderr)
        let failures = try XCTUnwrap(try result.json()["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.count, 4)
        for ((name, video, cause), failure) in zip(videos, failures) {
            XCTAssertEqual(failure["clip"] as? String, name)
            let error = failure["error"] as? String ?? ""
            XCTAssertTrue(error.hasPrefix("\(video): ") && error.contains(cause), "\(name): \(error)")
            XCTAssertFalse(error.contains("(path:"), "\(name): no enum dump: \(error)")
            XCTAssertTrue(result.stderrLines.contains { $0.hasPrefix(name) && $0.contains("NOT SCORED: \(error)") }, result.stderr)
        }
    }

    /// A stop signal while `bench --out` writes its files left their temporary copies behind
    /// (issue 36): now the signal is noted there and the unfinished files go, as with score --out.
    /// Thirty clips make thirty timelines to draw, so the signal lands while they are written.
    func testAStopSignalWhileBenchWritesLeavesNoTemporaryFile() throws {
        let temp = try TemporaryDirectory()
        let path = try manifest(in: temp, video: try TestMedia.singleFaceMP4(), clips: (0..<30).map { "c\($0)" })
        let out = temp.file("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let result = try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 300, whileRunning: { process in
            waitUntil { ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).contains { $0.hasPrefix(".liveness-") } }
            kill(process.processIdentifier, SIGTERM)
        })
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        XCTAssertEqual(left.filter { $0.hasPrefix(".") }, [], "no temporary file left")
        if result.exitCode == 128 + SIGTERM {
            Expect.errorLine(result, code: 128 + SIGTERM, naming: "stopped by", cause: ["unfinished outputs were removed"])
            XCTAssertEqual(left, [], "nothing put in place")
        } else {
            XCTAssertEqual(result.exitCode, 0, "finished before the signal: \(result.stderr)")
        }
    }

    /// Case 8: result.json was replaced first and the pictures written after, so a picture that
    /// could not be written left the folder half replaced. Case 9: clips named `summary`, or `a/b`
    /// and `a_b`, overwrote each other's pictures; a 250-character name could not be written.
    func testBenchOutputsAreWrittenAllTogetherUnderNamesThatDoNotCollide() throws {
        let temp = try TemporaryDirectory()
        let long = String(repeating: "n", count: 250)
        let path = try manifest(in: temp, video: try TestMedia.singleFaceMP4(), clips: ["summary", "a/b", "a_b", long])
        let out = temp.file("out")
        let first = try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 300)
        XCTAssertEqual(first.exitCode, 0, first.stderr)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        XCTAssertEqual(names, ["result.json", "summary.png", "summary-2.png", "a_b.png", "a_b-2.png", String(repeating: "n", count: 200) + ".png"])

        // A picture that cannot be written: nothing of the run is put in place, nothing is left.
        let result = out.appendingPathComponent("result.json")
        let before = try Data(contentsOf: result)
        try FileManager.default.removeItem(at: out.appendingPathComponent("a_b-2.png"))
        try FileManager.default.createDirectory(at: out.appendingPathComponent("a_b-2.png"), withIntermediateDirectories: false)
        let again = try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 300)
        XCTAssertEqual(again.exitCode, 4, again.stderr)
        XCTAssertTrue(again.stderrLines.last?.hasPrefix("liveness: \(out.appendingPathComponent("a_b-2.png").path): could not write: is a directory") ?? false, again.stderr)
        XCTAssertEqual(try Data(contentsOf: result), before, "result.json left as it was")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)), names, "no temporary file left")

        // A picture that fails once the run is done (a file-size limit result.json fits under,
        // a timeline does not): the same, where result.json used to be replaced already.
        try FileManager.default.removeItem(at: out.appendingPathComponent("a_b-2.png"))
        let limited = try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 300, shell: #"ulimit -f 40; exec "$@""#)
        XCTAssertEqual(limited.exitCode, 4, limited.stderr)
        XCTAssertTrue(limited.stderrLines.last?.contains("the PNG could not be written out") ?? false, limited.stderr)
        XCTAssertEqual(try Data(contentsOf: result), before, "result.json left as it was")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)), names.subtracting(["a_b-2.png"]), "no temporary file left")
    }

    /// Case 9: a PNG at `D/c.png` that liveness did not write was replaced, although the message
    /// says only one it wrote is. Its own pictures carry a mark, and only those are replaced.
    func testAPNGThisToolDidNotWriteIsNotReplaced() throws {
        let temp = try TemporaryDirectory()
        let path = try manifest(in: temp, video: try TestMedia.singleFaceMP4(), clips: ["c"])
        let out = temp.file("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let theirs = HostileFixtures.png()
        let picture = try temp.write(theirs, to: "out/c.png")
        Expect.errorLine(try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 120), code: 4, naming: picture,
                         cause: ["exists and is not a PNG written by liveness"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: picture)), theirs)

        try FileManager.default.removeItem(atPath: picture)
        for run in 1...2 {
            let result = try CLI.run(["bench", path, "--out", out.path, "--quiet"], timeout: 120)
            XCTAssertEqual(result.exitCode, 0, "run \(run): its own pictures are replaced: \(result.stderr)")
        }
        let ours = try Data(contentsOf: URL(fileURLWithPath: picture))
        XCTAssertEqual(Array(ours[33..<58]), Array([0, 0, 0, 17] + Array("tEXtSoftware\0liveness".utf8)), "the mark after the header chunk")
        XCTAssertEqual(try CLI.run(["measure", picture, "--json"]).exitCode, 0, "still a PNG a decoder reads")
    }
}
