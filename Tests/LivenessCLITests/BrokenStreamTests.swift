import Foundation
import XCTest

/// stderr or stdout that cannot be written: never a crash (SIGILL in Foundation's FileHandle was
/// the old answer), and a report that cannot be printed is an output error (exit 4), not silence.
final class BrokenStreamTests: XCTestCase {
    func testClosedOrFullStderrIsNoCrash() throws {
        let temp = try TemporaryDirectory()
        let missing = temp.file("missing.mp4").path
        let text = try temp.write("not a video\n", to: "text.mp4")
        for redirection in ["2>&-", "2>/dev/full"] {
            let shell = "exec \"$@\" \(redirection)"
            XCTAssertEqual(try CLI.run(["score", missing], shell: shell).exitCode, 3, redirection)
            XCTAssertEqual(try CLI.run(["measure", missing], shell: shell).exitCode, 3, redirection)
            XCTAssertEqual(try CLI.run(["score", missing, text, "--jobs", "1"], shell: shell).exitCode, 3, redirection)
            XCTAssertEqual(try CLI.run(["score", "--no-such-option"], shell: shell).exitCode, 2, redirection)
        }
    }

    func testStdoutThatCannotBeWrittenIsAnOutputError() throws {
        let clip = try TestMedia.gridClip()
        let image = try TestMedia.singleFaceJPEG()
        for redirection in [">/dev/full", ">&-"] {
            let shell = "exec \"$@\" \(redirection)"
            for arguments in [["score", clip, "--seed", "1"], ["score", clip, "--seed", "1", "--json"], ["measure", image], ["--help"]] {
                let result = try CLI.run(arguments, shell: shell)
                Expect.errorLine(result, code: 4, naming: "stdout", cause: ["could not write"])
            }
        }
    }

    func testAClosedStdoutCommitsNoOutput() throws {
        // Exit 4 came after the files were in place (issue 36): an error commits nothing.
        let temp = try TemporaryDirectory()
        let out = temp.file("out").path, trace = temp.file("trace.csv").path
        let result = try CLI.run(["score", try TestMedia.gridClip(), "--seed", "1", "--out", out, "--trace", trace], shell: "exec \"$@\" >&-")
        Expect.errorLine(result, code: 4, naming: "stdout", cause: ["closed"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/report.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: trace))
    }

    func testABatchOnAClosedStdoutIsRefusedBeforeItScores() throws {
        // Its lines would all be lost: it said "2 of 2" and exit 0 (issue 36); with --output it runs.
        let clip = try TestMedia.gridClip()
        let refused = try CLI.run(["score", clip, clip, "--jobs", "2"], shell: "exec \"$@\" >&-")
        Expect.errorLine(refused, code: 4, naming: "stdout", cause: ["closed", "--output"])
        let temp = try TemporaryDirectory()
        let output = temp.file("lines.jsonl").path
        let written = try CLI.run(["score", clip, clip, "--jobs", "2", "--output", output], shell: "exec \"$@\" >&-")
        XCTAssertLessThanOrEqual(written.exitCode, 1, written.stderr)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").count, 3, "two clips and the summary")
    }

    func testAListOnAClosedStdinIsAnInputError() throws {
        // It read as an empty list: "0 of 0 clip(s)", exit 0. An empty stdin is still an empty list.
        let closed = try CLI.run(["score", "--list", "-"], shell: "exec \"$@\" <&-")
        Expect.errorLine(closed, code: 3, naming: "stdin", cause: ["closed"])
        let empty = try CLI.run(["score", "--list", "-"], input: Data())
        XCTAssertEqual(empty.exitCode, 0, empty.stderr)
    }

    func testABrokenPipeOnStdoutIsAnOutputErrorNotASignal() throws {
        // `liveness score ... | head -c 0`: the reader is gone before the report is written.
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let errors = try TemporaryDirectory()
        let stderrURL = errors.file("stderr")
        XCTAssertTrue(FileManager.default.createFile(atPath: stderrURL.path, contents: nil))
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["score", try TestMedia.gridClip(), "--seed", "1", "--json"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe.fileHandleForWriting
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .exit, "killed by signal \(process.terminationStatus)")
        XCTAssertEqual(process.terminationStatus, 4, stderr)
        XCTAssertEqual(stderr, "liveness: stdout: could not write: Broken pipe\n")
    }
}
