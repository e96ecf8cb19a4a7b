import Foundation
import XCTest

/// What one run of the `liveness` binary did.
struct CLIResult {
    var arguments: [String]
    var exitCode: Int32
    /// Set when the process died of a signal (a crash), with the signal number in `exitCode`.
    var killedBySignal: Bool
    var stdout: String
    var stderr: String

    var stdoutData: Data { Data(stdout.utf8) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// stdout parsed as one JSON object.
    func json(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try JSONFile.object(stdoutData, what: "stdout of liveness \(arguments.joined(separator: " "))", file: file, line: line)
    }
}

/// Runs the `liveness` executable that `swift build` put beside the test bundle.
enum CLI {
    /// The built binary: next to the .xctest bundle (on Linux both sit in .build/<triple>/debug/).
    static func binary() throws -> URL {
        var candidates: [URL] = []
        for bundle in [Bundle(for: BundleMarker.self), Bundle.main] {
            let url = bundle.bundleURL
            // On Linux the bundle is the .xctest executable itself; on macOS it is a directory.
            candidates.append(url.deletingLastPathComponent())
            candidates.append(url)
        }
        for directory in candidates {
            let executable = directory.appendingPathComponent("liveness")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: executable.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: executable.path) {
                return executable
            }
        }
        throw CLIError("the 'liveness' executable was not found beside the test bundle (looked in \(Set(candidates.map(\.path)).sorted().joined(separator: ", "))); build it first with 'swift build --build-tests'")
    }

    /// Runs `liveness ARGUMENTS` in `directory`, with the outer LIVENESS_* model variables removed
    /// unless given in `environment`. Fails the test when the process crashes or hangs. `input`
    /// is fed on stdin (else stdin is empty, or the file `stdin` names); `whileRunning` is called
    /// with the process once it has started, on another thread; `watchingStdout` with the file its
    /// stdout goes to, on another thread (to wait on what it prints before acting). `shell` runs it through
    /// `/bin/sh -c SHELL`, where "$@" is the command: `exec "$@" 2>&-` closes its stderr,
    /// `ulimit -f 8; exec "$@"` limits the files it writes (the process is still liveness: exec).
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], timeout: TimeInterval = 60,
        input: Data? = nil, stdin: String? = nil, shell: String? = nil, whileRunning: (@Sendable (Process) -> Void)? = nil,
        watchingStdout: (@Sendable (URL) -> Void)? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> CLIResult {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, "sh", try binary().path] + arguments
        } else {
            process.executableURL = try binary()
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["LIVENESS_LANDMARK_MODEL"] = nil
        env["LIVENESS_FACE_CASCADE"] = nil
        env["LIVENESS_SEARCH_CASCADE"] = nil
        env["LIVENESS_DESCRIPTOR_MODEL"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env

        // Files, not pipes: a chatty child can never block on a full pipe.
        let scratch = try TemporaryDirectory(prefix: "liveness-cli-output")
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
            throw CLIError("cannot create the output files in \(scratch.path)")
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let input {
            let inputURL = scratch.url.appendingPathComponent("stdin")
            try input.write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else if let stdin {
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdin))
        } else {
            process.standardInput = FileHandle.nullDevice
        }

        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if let whileRunning {
            let started = process
            Thread.detachNewThread { whileRunning(started) }
        }
        if let watchingStdout {
            Thread.detachNewThread { watchingStdout(outURL) }
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 5)
            XCTFail("liveness \(arguments.joined(separator: " ")) hung: still running after \(Int(timeout)) s", file: file, line: line)
        }
        try outHandle.close()
        try errHandle.close()

        let result = CLIResult(
            arguments: arguments,
            exitCode: process.terminationStatus,
            killedBySignal: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
        assertNoCrash(result, file: file, line: line)
        return result
    }

    /// No signal, no Swift runtime trap, no uncaught C++ exception.
    static func assertNoCrash(_ result: CLIResult, file: StaticString = #filePath, line: UInt = #line) {
        let command = "liveness \(result.arguments.joined(separator: " "))"
        XCTAssertFalse(result.killedBySignal, "\(command) was killed by signal \(result.exitCode); stderr: \(result.stderr)", file: file, line: line)
        for marker in ["Fatal error", "terminate called", "Segmentation fault", "Illegal instruction", "Stack dump"] {
            XCTAssertFalse(result.stderr.contains(marker), "\(command) crashed ('\(marker)'): \(result.stderr)", file: file, line: line)
        }
    }
}

/// The class whose bundle is the test bundle.
private final class BundleMarker {}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
