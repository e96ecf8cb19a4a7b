import Foundation
import XCTest

/// Outputs never destroy what is at their path: a device, a FIFO, a symbolic link, a hard link,
/// an input of the run or a file that is not the tool's own is refused with one line (exit 4)
/// and left exactly as it was; a full disk or a stop signal leaves the old file in place.
final class SafeOutputTests: XCTestCase {
    /// The things a careless `--trace`/`--output`/`--out` may point at, each with its state before.
    private struct Targets {
        let temp: TemporaryDirectory
        let clip: String
        let paths: [String: String]

        init() throws {
            temp = try TemporaryDirectory()
            clip = try temp.write(Data(contentsOf: URL(fileURLWithPath: try TestMedia.gridClip())), to: "clip.mp4")
            var paths: [String: String] = [:]
            paths["FIFO"] = try HostileFixtures.fifo(temp.file("fifo").path)
            paths["device"] = HostileFixtures.nullDevice(temp.file("null").path)
            let notes = try temp.write("someone's notes\n", to: "notes.txt")
            paths["foreign file"] = notes
            paths["symbolic link"] = temp.file("link").path
            try FileManager.default.createSymbolicLink(atPath: temp.file("link").path, withDestinationPath: notes)
            let linked = try temp.write("one of two names\n", to: "linked")
            paths["hard link"] = linked
            XCTAssertEqual(link(linked, temp.file("linked-too").path), 0)
            paths["the input video"] = clip
            self.paths = paths
        }

        func states() -> [String: PathState] {
            Dictionary((Array(paths.values) + [temp.file("linked-too").path]).map { ($0, PathState($0)) }, uniquingKeysWith: { a, _ in a })
        }

        /// Nothing in the folder but what was made here.
        func strayFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: temp.path)) ?? []).filter { $0.hasPrefix(".liveness-") }
        }
    }

    /// A file name may take 255 bytes; the temporary file beside it, whose name adds a prefix,
    /// must still be one (issue 36: a 240-byte trace name failed with "File name too long").
    func testAnOutputWithALongNameIsWritten() throws {
        let temp = try TemporaryDirectory()
        let name = String(repeating: "t", count: 251) + ".csv"
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--trace", temp.file(name).path])
        XCTAssertTrue([0, 1].contains(result.exitCode), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path), [name])
        XCTAssertTrue(try String(contentsOf: temp.file(name), encoding: .utf8).hasPrefix("frame,ms,"))
    }

    /// An empty trace path, or one ending in "/", names no file: refused before the clip is scored
    /// (it failed after scoring, with "No such file or directory" or "Not a directory").
    func testAPathThatNamesNoFileIsRefusedAtOnce() throws {
        let temp = try TemporaryDirectory()
        for path in ["", temp.file("absent").path + "/", temp.path + "/"] {
            let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--trace", path])
            Expect.errorLine(result, code: 4, naming: path.isEmpty ? "liveness: \"\": " : path, cause: ["names no file"])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path), [])
    }

    func testTraceRefusesWhatIsNotItsOwn() throws {
        let targets = try Targets()
        let before = targets.states()
        for (what, path) in targets.paths {
            let result = try CLI.run(["score", targets.clip, "--seed", "1", "--trace", path])
            Expect.errorLine(result, code: 4, naming: path, cause: ["not replaced"])
            XCTAssertEqual(targets.states(), before, "\(what) changed")
        }
        XCTAssertEqual(targets.strayFiles(), [])
    }

    func testOutFilesRefuseWhatIsNotTheirOwn() throws {
        let targets = try Targets()
        let out = targets.temp.file("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A report.json someone else wrote, and events.jsonl as a link to the input.
        let report = try targets.temp.write("{\"mine\": true}\n", to: "out/report.json")
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("events.jsonl").path, withDestinationPath: targets.clip)
        let before = [PathState(report), PathState(targets.clip)]
        let result = try CLI.run(["score", targets.clip, "--seed", "1", "--out", out.path])
        Expect.errorLine(result, code: 4, naming: out.path, cause: ["not replaced"])
        XCTAssertEqual([PathState(report), PathState(targets.clip)], before)
    }

    func testOutFilesNeverReplaceTheReferencePhoto() throws {
        let temp = try TemporaryDirectory()
        let out = temp.file("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // The ID photo kept where the run would write its autoshot: a JPEG like the tool's own.
        let photo = try temp.write(Data(contentsOf: URL(fileURLWithPath: try TestMedia.singleFaceJPEG())), to: "out/autoshot.jpg")
        let before = PathState(photo)
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--reference", photo, "--out", out.path])
        Expect.errorLine(result, code: 4, naming: photo, cause: ["not replaced"])
        XCTAssertEqual(PathState(photo), before)
    }

    func testBatchOutputRefusesWhatIsNotItsOwn() throws {
        let targets = try Targets()
        let list = try targets.temp.write(targets.clip + "\n", to: "list.txt")
        var paths = targets.paths
        paths["the list"] = list
        paths["a video"] = try targets.temp.write(Data(contentsOf: URL(fileURLWithPath: targets.clip)), to: "other.mp4")
        let before = Dictionary(uniqueKeysWithValues: paths.values.map { ($0, PathState($0)) })
        for (what, path) in paths {
            let result = try CLI.run(["score", "--list", list, "--jobs", "1", "--output", path])
            Expect.errorLine(result, code: 4, naming: path, cause: ["not used"])
            XCTAssertEqual(PathState(path), before[path], "\(what) changed")
        }
    }

    func testTheToolsOwnFilesAreReplaced() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.gridClip()
        let trace = temp.file("trace.csv").path
        let out = temp.file("out").path
        for _ in 0..<2 {
            let result = try CLI.run(["score", clip, "--seed", "1", "--json", "--trace", trace, "--out", out])
            XCTAssertEqual(result.exitCode, 1, result.stderr)
        }
        XCTAssertTrue(try String(contentsOfFile: trace, encoding: .utf8).hasPrefix("frame,ms,"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path).filter { $0.hasPrefix(".") }, [])
    }

    func testAFullDiskLeavesTheOldFilesAndSaysSo() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.gridClip()
        let trace = temp.file("trace.csv").path
        let first = try CLI.run(["score", clip, "--seed", "1", "--json", "--trace", trace])
        XCTAssertEqual(first.exitCode, 1, first.stderr)
        let before = PathState(trace)
        // A file-size limit of 4 KiB makes the next trace's write fail as a full disk would
        // (EFBIG instead of ENOSPC: the same failed write, and no SIGXFSZ).
        let result = try CLI.run(["score", clip, "--seed", "1", "--json", "--trace", trace], shell: "ulimit -f 4; exec \"$@\"")
        Expect.errorLine(result, code: 4, naming: trace, cause: ["could not write", "too large"])
        XCTAssertEqual(PathState(trace), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path), ["trace.csv"])
    }

    func testARealFullDiskToo() throws {
        // A 16 KiB tmpfs in a private mount namespace: needs the right to mount (root here).
        let clip = try TestMedia.singleFaceMP4()
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { throw XCTSkip("no unshare") }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { throw XCTSkip("this user cannot mount a tmpfs") }
        let script = """
            mount -t tmpfs -o size=16k tmpfs /mnt && mkdir /mnt/out && echo kept > /mnt/keep && \
            "$@" --trace /mnt/trace.csv --out /mnt/out; status=$?; ls -A /mnt /mnt/out >&2; exit $status
            """
        let result = try CLI.run(["score", clip, "--seed", "1", "--json"], shell: "exec unshare -m sh -c '\(script)' sh \"$@\"")
        XCTAssertEqual(result.exitCode, 4, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderrLines
        XCTAssertEqual(lines.filter { $0.hasPrefix("liveness: ") }.count, 1, result.stderr)
        XCTAssertTrue(lines.first?.contains("could not write") ?? false, result.stderr)
        // ls: only what was there before (keep, out) and nothing in out.
        XCTAssertEqual(Array(lines.dropFirst()), ["/mnt:", "keep", "out", "/mnt/out:"], result.stderr)
    }

    func testATraceThatIsOneOfTheOutFilesIsRefusedBeforeAnythingIsWritten() throws {
        // --out D --trace D/report.json left D with a report that held the trace (issue 36).
        let temp = try TemporaryDirectory()
        let out = temp.file("D").path
        for trace in [out + "/report.json", out + "/./events.jsonl"] {
            let result = try CLI.run(["score", try TestMedia.gridClip(), "--seed", "1", "--out", out, "--trace", trace])
            Expect.errorLine(result, code: 4, naming: trace, cause: ["is --out's", "choose another path"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written, the folder the run made taken back: \(trace)")
        }
    }

    /// An error found before scoring took back the --out folders the run made (it left them empty);
    /// a folder that was there before stays.
    func testAFailedRunLeavesNoFolderItMade() throws {
        let temp = try TemporaryDirectory()
        let notAVideo = try temp.write("hello\n", to: "bad.mp4")
        let made = temp.file("made/deeper").path
        Expect.errorLine(try CLI.run(["score", notAVideo, "--out", made]), code: 3, naming: notAVideo, cause: ["not a readable video"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.file("made").path), "the folders the run made are gone")
        let kept = temp.file("kept").path
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: false)
        Expect.errorLine(try CLI.run(["score", notAVideo, "--out", kept]), code: 3, naming: notAVideo, cause: ["not a readable video"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept), "a folder that was there before stays")
    }

    func testAStopSignalRemovesTheUnfinishedFiles() throws {
        let temp = try TemporaryDirectory()
        let long = try TestMedia.longClipWithoutAFace(in: temp)
        let trace = try temp.write("frame,ms,faceFound,faces,ear,openEAR,closure,yaw,inCircle,framing,cameraDegPerSec,state,prompt\n", to: "trace.csv")
        let before = PathState(trace)
        let folder = temp.path
        // SIGQUIT, SIGUSR1, SIGALRM and SIGXCPU left their temporary files (issue 36).
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU] {
            let result = try CLI.run(["score", long, "--seed", "1", "--trace", trace, "--out", temp.file("out").path], timeout: 300, whileRunning: { process in
                // Once the temporary trace exists the run is under way.
                waitUntil { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasPrefix(".liveness-") } }
                kill(process.processIdentifier, signal)
            })
            Expect.errorLine(result, code: 128 + signal, naming: "stopped by", cause: ["unfinished outputs were removed"])
            XCTAssertEqual(PathState(trace), before)
            let left = try FileManager.default.contentsOfDirectory(atPath: temp.path).filter { $0.hasPrefix(".") }
            XCTAssertEqual(left, [])
            XCTAssertFalse(FileManager.default.fileExists(atPath: temp.file("out").path), "the --out folder the run made is taken back")
        }
    }
}
