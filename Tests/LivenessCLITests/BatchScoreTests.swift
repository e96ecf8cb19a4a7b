import Foundation
import XCTest

/// `liveness score` in batch mode: every clip accounted for with one JSON line, a summary line,
/// failing clips reported while the batch goes on, resuming, sharding, and the per-clip limits.
final class BatchScoreTests: XCTestCase {
    func testEveryClipGetsOneLineThenASummary() throws {
        let temp = try TemporaryDirectory()
        let clips = [try TestMedia.singleFaceMP4(), temp.file("missing.mp4").path, try TestMedia.gridClip()]
        let result = try CLI.run(["score"] + clips + ["--jobs", "2", "--seed", "1"], timeout: 120)
        XCTAssertEqual(result.exitCode, 3, "a clip with an input error makes the batch exit 3; stderr: \(result.stderr)")

        let output = try BatchOutput(result.stdout)
        XCTAssertEqual(output.records.count, 3)
        XCTAssertEqual(Set(output.records.compactMap { $0.int("index") }), [0, 1, 2])
        XCTAssertEqual(result.stdout.split(separator: "\n").last.map { $0.hasPrefix("{\"summary\"") }, true, "the summary comes last")
        for record in output.records {
            for key in ["path", "outcome", "actions", "autoshot", "snapshot", "timing", "error"] {
                XCTAssertTrue(record.keys.contains(key), "every line has \(key): \(record)")
            }
        }

        let missing = try output.record(clips[1])
        XCTAssertEqual(missing.object("error")?.string("kind"), "fileNotFound")
        XCTAssertEqual(missing.object("error")?.int("exitCode"), 3)
        XCTAssertEqual(missing.object("error")?.string("message"), "liveness: \(clips[1]): no such file")
        XCTAssertTrue(missing.isNull("outcome"))
        XCTAssertTrue(result.stderrLines.contains("liveness: \(clips[1]): no such file"), "the failing clip is named on stderr: \(result.stderr)")

        var frames = 0
        for path in [clips[0], clips[2]] {
            let record = try output.record(path)
            XCTAssertTrue(record.isNull("error"), "\(record)")
            XCTAssertEqual(record.string("outcome"), "incomplete")
            XCTAssertEqual(record.object("input")?.string("path"), path)
            XCTAssertNotNil(record.object("timing")?.number("peakRSSMB"))
            frames += record.object("frames")?.int("processed") ?? 0
        }

        let summary = try XCTUnwrap(output.summary)
        XCTAssertEqual(summary.int("clips"), 3)
        XCTAssertEqual(summary.int("scored"), 2)
        XCTAssertEqual(summary.int("failed"), 1)
        XCTAssertEqual(summary.object("errors")?.int("fileNotFound"), 1)
        XCTAssertEqual(summary.object("outcomes")?.int("incomplete"), 2)
        XCTAssertEqual(summary.int("frames"), frames)
        XCTAssertEqual(summary.int("exitCode"), 3)
        XCTAssertGreaterThan(summary.number("framesPerSecond") ?? 0, 0)
        XCTAssertNotNil(summary.object("config"), "the configuration is printed once, in the summary")
        XCTAssertTrue(result.stderr.contains("3 of 3 clip(s)"), "a human summary on stderr: \(result.stderr)")
    }

    /// `--output -` is stdout, as for most tools: it wrote a file named "-".
    func testOutputDashIsStdout() throws {
        let grid = try TestMedia.gridClip()
        let temp = try TemporaryDirectory()
        let result = try CLI.run(["score", grid, grid, "--jobs", "1", "--seed", "1", "--output", "-"], in: temp.url, timeout: 120)
        XCTAssertEqual(result.exitCode, 0, "every clip was scored: \(result.stderr)")
        let batch = try BatchOutput(result.stdout)
        XCTAssertEqual(batch.records.count, 2)
        XCTAssertNotNil(batch.summary)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path), [], "no file named -")
        Expect.usageError(try CLI.run(["score", grid, grid, "--resume", "--output", "-"], in: temp.url), cause: "--resume needs --output FILE", usage: "liveness score")
    }

    func testABatchLineHoldsTheSingleFileResult() throws {
        // One worker scores both clips in turn: the second must not inherit the first one's tracking.
        let real = try TestMedia.realMov(), single = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let passes = try TestMedia.realMovPassingArguments(in: temp)
        let batch = try BatchOutput(try CLI.run(["score", real, single, "--jobs", "1", "--seed", "1"] + passes, timeout: 120).stdout)
        XCTAssertEqual(batch.summary?.int("workersStarted"), 1)
        for path in [real, single] {
            let alone = try CLI.run(["score", path, "--seed", "1", "--json"] + passes).json()
            let line = try batch.record(path)
            for key in ["outcome", "incompleteStage", "seed", "order", "neutralYaw", "actions", "frames"] {
                XCTAssertEqual(JSONValue(line[key]), JSONValue(alone[key]), "\(path): \(key) differs between batch and single-file mode")
            }
            for still in ["autoshot", "snapshot"] {
                XCTAssertEqual(line.object(still)?.int("frame"), alone.object(still)?.int("frame"), "\(path): \(still)")
            }
        }
        XCTAssertEqual(try batch.record(real).string("outcome"), "passed")
    }

    func testAFolderAndAListOnStdin() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.file("clips")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.mp4").path, withDestinationPath: try TestMedia.gridClip())
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("nested/a.MOV").path, withDestinationPath: try TestMedia.singleFaceMP4())
        try "not a clip".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let fromFolder = try BatchOutput(try CLI.run(["score", folder.path, "--jobs", "1", "--seed", "1"], timeout: 120).stdout)
        XCTAssertEqual(fromFolder.records.map { $0.string("path") }, [folder.path + "/b.mp4", folder.path + "/nested/a.MOV"],
                       "a folder gives its videos, sorted, and nothing else")

        let list = "\(try TestMedia.gridClip())\n\n\(temp.file("gone.mp4").path)\r\n"
        let result = try CLI.run(["score", "--list", "-", "--jobs", "1", "--seed", "1"], timeout: 120, input: Data(list.utf8))
        let fromStdin = try BatchOutput(result.stdout)
        XCTAssertEqual(fromStdin.records.compactMap { $0.string("path") }.sorted(), [try TestMedia.gridClip(), temp.file("gone.mp4").path].sorted(),
                       "blank lines are skipped and a CR is dropped")
        XCTAssertEqual(result.exitCode, 3)
    }

    /// A folder inside that cannot be read is that item's error; the rest is scored (issue 36). As
    /// root every folder can be read, so the batch runs in a user namespace of its own, as nobody,
    /// with the descriptor model copied where nobody can read it.
    func testAnUnreadableFolderInsideIsOneFailedItem() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.file("clips")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locked"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.singleFaceMP4(), toPath: folder.appendingPathComponent("a.mp4").path)
        try FileManager.default.copyItem(atPath: try TestMedia.singleFaceMP4(), toPath: folder.appendingPathComponent("locked/b.mp4").path)
        let environment = ProcessInfo.processInfo.environment
        let installed = (environment["XDG_DATA_HOME"] ?? NSHomeDirectory() + "/.local/share") + "/liveness/dlib_face_recognition_resnet_model_v1.dat"
        let model = temp.file("model.dat").path
        try FileManager.default.copyItem(atPath: installed, toPath: model)
        for path in [temp.path, folder.path, folder.appendingPathComponent("a.mp4").path, model] { XCTAssertEqual(chmod(path, 0o755), 0) }
        XCTAssertEqual(chmod(folder.appendingPathComponent("locked").path, 0), 0)
        defer { chmod(folder.appendingPathComponent("locked").path, 0o755) }
        var shell = "exec \"$@\""
        if getuid() == 0 {
            guard try CLI.run([], shell: "exec unshare -U true").exitCode == 0 else { throw XCTSkip("no user namespaces here (unshare -U) to drop root") }
            shell = "exec unshare -U \"$@\""
        }
        let result = try CLI.run(["score", folder.path, "--jobs", "1", "--seed", "1", "--descriptor-model", model], timeout: 120, shell: shell)
        let batch = try BatchOutput(result.stdout)
        XCTAssertEqual(batch.records.compactMap { $0.string("path") }, [folder.path + "/a.mp4", folder.path + "/locked"], result.stderr)
        XCTAssertNotNil(try batch.record(folder.path + "/a.mp4").string("outcome"), "the readable clip is scored")
        XCTAssertEqual(try batch.record(folder.path + "/locked").object("error")?.string("kind"), "fileUnreadable")
        XCTAssertEqual(result.exitCode, 3)
    }

    /// A stricter address-space limit the batch inherits (`ulimit -v` in the user's shell sets the
    /// hard limit too) cannot be raised to the default --memory-limit: it is kept, and the clips are
    /// scored (issue 36: every worker failed with "could not set the memory limit").
    func testAnInheritedLimitBelowTheDefaultIsKept() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, clip, "--jobs", "2", "--seed", "1"], timeout: 120, shell: "ulimit -v 3500000; exec \"$@\"")
        XCTAssertEqual(result.exitCode, 0, "a batch whose every clip was scored: \(result.stderr)")
        let batch = try BatchOutput(result.stdout)
        XCTAssertEqual(batch.records.count, 2)
        XCTAssertTrue(batch.records.allSatisfy { $0.string("outcome") != nil }, "\(batch.records)")
    }

    func testAFolderWithoutVideosIsAnInputError() throws {
        let temp = try TemporaryDirectory()
        try "x".write(to: temp.file("readme.txt"), atomically: true, encoding: .utf8)
        Expect.errorLine(try CLI.run(["score", temp.path, "--jobs", "1"]), code: 3, naming: temp.path, cause: ["no video files"])
    }

    func testResumeSkipsClipsAlreadyInTheOutput() throws {
        let temp = try TemporaryDirectory()
        let clips = [try TestMedia.gridClip(), temp.file("a.mp4").path, temp.file("b.mp4").path, try TestMedia.gridClip()]
        let list = try temp.write(clips.joined(separator: "\n") + "\n", to: "list.txt")
        let out = temp.file("out.jsonl")
        try CLI.run(["score", "--list", list, "--output", out.path, "--jobs", "1", "--seed", "1"], timeout: 120)
        let first = try BatchOutput(contentsOf: out)
        XCTAssertEqual(first.records.count, 4)

        // As if the run had been killed after two clips, in the middle of writing the third line.
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n")
        let kept = lines.prefix(2).joined(separator: "\n") + "\n" + lines[2].prefix(40)
        try kept.write(to: out, atomically: true, encoding: .utf8)
        let keptPaths = lines.prefix(2).compactMap { try? JSONFile.object(Data($0.utf8), what: "line") }.compactMap { $0.string("path") }

        let again = try CLI.run(["score", "--list", list, "--output", out.path, "--resume", "--jobs", "1", "--seed", "1"], timeout: 120)
        XCTAssertEqual(again.stdout, "", "with --output nothing goes to stdout")
        let resumed = try BatchOutput(contentsOf: out)
        XCTAssertEqual(resumed.records.compactMap { $0.string("path") }.sorted(), clips.sorted(), "every listed clip once, the repeated one twice")
        XCTAssertEqual(resumed.summary?.int("skipped"), 2)
        XCTAssertEqual(resumed.summary?.int("clips"), 4)
        XCTAssertEqual(resumed.records.prefix(2).compactMap { $0.string("path") }, keptPaths, "earlier lines are kept as they were")
        XCTAssertEqual(resumed.summaries.count, 1, "the unfinished line was cut off (every line parses) and the new run added its summary")
    }

    func testShardsSplitTheListWithoutOverlap() throws {
        let temp = try TemporaryDirectory()
        // Missing files are quick to "score": each is reported as an error line.
        let clips = (0..<12).map { temp.file("clip\($0).mp4").path }
        let list = try temp.write(clips.joined(separator: "\n") + "\n", to: "list.txt")
        var seen: [String] = []
        for shard in 1...3 {
            let result = try CLI.run(["score", "--list", list, "--shard", "\(shard)/3", "--jobs", "1"], timeout: 120)
            let output = try BatchOutput(result.stdout)
            XCTAssertEqual(output.summary?.string("shard"), "\(shard)/3")
            seen += output.records.compactMap { $0.string("path") }
            let repeated = try BatchOutput(try CLI.run(["score", "--list", list, "--shard", "\(shard)/3", "--jobs", "1"], timeout: 120).stdout)
            XCTAssertEqual(Set(repeated.records.compactMap { $0.string("path") }), Set(output.records.compactMap { $0.string("path") }),
                           "a shard is the same share on every run")
        }
        XCTAssertEqual(seen.sorted(), clips.sorted(), "the shards together hold every clip exactly once")
    }

    func testAClipOverTheTimeLimitIsStoppedAndTheBatchGoesOn() throws {
        let temp = try TemporaryDirectory()
        let long = try TestMedia.longClipWithoutAFace(in: temp, minutes: 60)
        let quick = try TestMedia.gridClip()
        // The limit counts from the clip's sending (the worker has loaded its models) and leaves
        // the quick clip room on a loaded machine; the long one needs minutes. That it was
        // stopped is its record's kind, not the run's duration (the run's bound only catches a hang).
        let result = try CLI.run(["score", long, quick, "--jobs", "1", "--clip-timeout", "10", "--seed", "1"], timeout: 600)
        XCTAssertEqual(result.exitCode, 3)
        let output = try BatchOutput(result.stdout)
        let stopped = try output.record(long).object("error")
        XCTAssertEqual(stopped?.string("kind"), "timeLimit")
        XCTAssertEqual(stopped?.int("limitSeconds"), 10)
        XCTAssertTrue(stopped?.string("message")?.contains("--clip-timeout") ?? false, "\(String(describing: stopped))")
        XCTAssertEqual(try output.record(quick).string("outcome"), "incomplete", "a fresh worker scored the next clip")
        XCTAssertEqual(output.summary?.int("workersStarted"), 2)
    }

    func testAWorkerKilledBySignalCostsOnlyItsClip() throws {
        let temp = try TemporaryDirectory()
        let long = try TestMedia.longClipWithoutAFace(in: temp)
        let quick = try TestMedia.gridClip()
        // As the kernel's OOM killer would: SIGKILL to the worker scoring the long clip.
        // Killed once it holds the long clip open: it is scoring it, not loading its models.
        let result = try CLI.run(["score", long, quick, "--jobs", "1", "--seed", "1"], timeout: 600, whileRunning: { coordinator in
            var worker: Int32?
            let opened = waitUntil(300) {
                worker = childProcesses(of: coordinator.processIdentifier).first { openFiles(of: $0).contains(long) }
                return worker != nil
            }
            XCTAssertTrue(opened, "no worker opened the long clip")
            if let worker { kill(worker, SIGKILL) }
        })
        let output = try BatchOutput(result.stdout)
        let crashed = try output.record(long).object("error")
        XCTAssertEqual(crashed?.string("kind"), "crashed")
        XCTAssertEqual(crashed?.int("signal"), 9)
        XCTAssertTrue(crashed?.string("message")?.contains("signal 9 (SIGKILL)") ?? false, "\(String(describing: crashed))")
        XCTAssertEqual(try output.record(quick).string("outcome"), "incomplete", "a fresh worker scored the next clip")
        XCTAssertEqual(result.exitCode, 3)
    }

    func testAClipOverTheMemoryLimitCostsOnlyItsClip() throws {
        let temp = try TemporaryDirectory()
        let big = temp.file("8k.mp4").path
        try TestMedia.runFFmpeg(["-i", try TestMedia.singleFaceMP4(), "-an", "-t", "0.4", "-vf", "scale=7680:4320,fps=5",
                                 "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", big])
        let quick = try TestMedia.gridClip()

        // Without a tight limit the 8K clip is scored (shrunk to 4K before analysis).
        let scored = try BatchOutput(try CLI.run(["score", big, "--jobs", "1", "--seed", "1"], timeout: 120).stdout)
        let record = try scored.record(big)
        XCTAssertTrue(record.isNull("error"), "\(record)")

        let result = try CLI.run(["score", big, quick, "--jobs", "1", "--memory-limit", "800", "--seed", "1"], timeout: 120)
        let output = try BatchOutput(result.stdout)
        let error = try output.record(big).object("error")
        XCTAssertEqual(error?.string("kind"), "memoryLimit", "\(String(describing: error))")
        XCTAssertEqual(error?.int("limitMB"), 800)
        XCTAssertEqual(try output.record(quick).string("outcome"), "incomplete", "a fresh worker scored the next clip")
        XCTAssertEqual(result.exitCode, 3)
    }

    func testBatchUsageErrors() throws {
        let cases: [([String], String)] = [
            (["a.mp4", "--resume"], "--resume needs --output FILE"),
            (["a.mp4", "--shard", "4/3"], "--shard must be I/N"),
            (["a.mp4", "--shard", "1"], "--shard must be I/N"),
            (["a.mp4", "--jobs", "0"], "--jobs must be between 1 and 256"),
            (["a.mp4", "b.mp4", "--out", "dir"], "--out writes one clip's files"),
            (["a.mp4", "--jobs", "1", "--memory-limit", "100"], "--memory-limit must be 0 (none) or at least"),
            (["a.mp4", "--clip-timeout", "soon"], "--clip-timeout must be a whole number"),
        ]
        for (arguments, cause) in cases {
            Expect.usageError(try CLI.run(["score"] + arguments), cause: cause, usage: "usage: liveness score")
        }
    }

    func testAMissingModelStopsTheBatchBeforeAnyClip() throws {
        let temp = try TemporaryDirectory()
        let model = temp.file("none.dat").path
        let result = try CLI.run(["score", try TestMedia.gridClip(), try TestMedia.singleFaceMP4(), "--landmark-model", model])
        Expect.errorLine(result, code: 3, naming: model, cause: ["is missing"])
    }

    func testAnEmptyShareIsNotAnError() throws {
        let temp = try TemporaryDirectory()
        let list = try temp.write("", to: "empty.txt")
        let result = try CLI.run(["score", "--list", list, "--jobs", "1"])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let output = try BatchOutput(result.stdout)
        XCTAssertEqual(output.records.count, 0)
        XCTAssertEqual(output.summary?.int("clips"), 0)
    }
}

/// A JSON value from JSONSerialization, comparable.
private struct JSONValue: Equatable {
    let value: Any?
    init(_ value: Any?) { self.value = value }
    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a.value, b.value) {
        case (nil, nil): return true
        case let (x as NSObject, y as NSObject): return x.isEqual(y)
        default: return false
        }
    }
}
