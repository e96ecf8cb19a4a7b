import Foundation
import XCTest

/// Runs the project's shell scripts (Benchmarks/*.sh) from tests.
enum Scripts {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `bash ROOT/relativePath ARGUMENTS` with LIVENESS_DATA pointing at the data folder and
    /// the extra `environment`; fails the test when it runs past `timeout`.
    static func run(
        _ relativePath: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 300,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Result {
        let scratch = try TemporaryDirectory(prefix: "liveness-script-output")
        let outURL = scratch.file("stdout"), errURL = scratch.file("stderr")
        for url in [outURL, errURL] where !FileManager.default.createFile(atPath: url.path, contents: nil) {
            throw CLIError("cannot create \(url.path) for the script's output")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [TestMedia.packageRoot().appendingPathComponent(relativePath).path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["LIVENESS_DATA"] = TestMedia.dataDirectory().path
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 5)
            XCTFail("\(relativePath) still running after \(Int(timeout)) s", file: file, line: line)
        }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
