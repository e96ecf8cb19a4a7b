import Foundation
import XCTest

/// The command line itself: help, version and usage errors (exit 2).
final class UsageTests: XCTestCase {
    func testNoCommandShowsUsageAndExits2() throws {
        let result = try CLI.run([])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertTrue((result.stdout + result.stderr).contains("Usage: liveness COMMAND"), "usage shown: \(result.stdout)\(result.stderr)")
    }

    func testUnknownCommand() throws {
        let result = try CLI.run(["frobnicate"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines.first, "liveness: unknown command 'frobnicate'")
        XCTAssertTrue(result.stderr.contains("liveness --help"), result.stderr)
    }

    func testUnknownOption() throws {
        Expect.usageError(try CLI.run(["score", "clip.mp4", "--bogus"]), cause: "unknown option --bogus", usage: "usage: liveness score")
    }

    func testMissingOptionValue() throws {
        Expect.usageError(try CLI.run(["score", "clip.mp4", "--out"]), cause: "--out needs a value", usage: "usage: liveness score")
    }

    func testTwoVideosMakeABatch() throws {
        // Several videos are scored as a batch (BatchScoreTests): one line per clip, each missing
        // file its own error, the batch exits 3.
        let result = try CLI.run(["score", "/nonexistent/a.mp4", "/nonexistent/b.mp4", "--jobs", "1"])
        XCTAssertEqual(result.exitCode, 3, result.stderr)
        XCTAssertTrue(result.stderrLines.contains("liveness: /nonexistent/a.mp4: no such file"), result.stderr)
        XCTAssertTrue(result.stderrLines.contains("liveness: /nonexistent/b.mp4: no such file"), result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 3, "two clip lines and a summary: \(result.stdout)")
    }

    func testNoVideo() throws {
        Expect.usageError(try CLI.run(["score"]), cause: "got 0 argument(s)", usage: "usage: liveness score")
    }

    func testSeedMustBeAWholeNumber() throws {
        Expect.usageError(try CLI.run(["score", "clip.mp4", "--seed", "abc"]), cause: "--seed must be a whole number", usage: "usage: liveness score")
    }

    func testFlagTakesNoValue() throws {
        Expect.usageError(try CLI.run(["score", "clip.mp4", "--json=yes"]), cause: "--json takes no value", usage: "usage: liveness score")
    }

    func testMeasureNeedsAnImage() throws {
        Expect.usageError(try CLI.run(["measure"]), cause: "got 0 argument(s)", usage: "usage: liveness measure")
    }

    func testUsageIsCheckedBeforeTheInput() throws {
        // A bad command line is a usage error even when the video is missing too.
        Expect.usageError(try CLI.run(["score", "/nonexistent.mp4", "--bogus"]), cause: "unknown option", usage: "usage: liveness score")
    }

    func testHelp() throws {
        let result = try CLI.run(["--help"])
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(result.stderr, "")
        for text in ["Usage: liveness COMMAND", "score", "measure", "Exit codes"] {
            XCTAssertTrue(result.stdout.contains(text), "help mentions \(text): \(result.stdout)")
        }
    }

    func testScoreHelp() throws {
        let result = try CLI.run(["score", "--help"])
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(result.stderr, "")
        for option in ["--out DIR", "--trace FILE", "--config FILE", "--seed N", "--json", "--landmark-model FILE", "--face-cascade FILE"] {
            XCTAssertTrue(result.stdout.contains(option), "score --help lists \(option)")
        }
        XCTAssertTrue(result.stdout.contains("Usage: liveness score"))
    }

    func testVersion() throws {
        let result = try CLI.run(["--version"])
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, "the version, then the BLAS library: \(result.stdout)")
        XCTAssertNotNil(lines.first?.range(of: #"^liveness \d+\.\d+\.\d+$"#, options: .regularExpression), "version line: \(result.stdout)")
        // dlib's face-recognition network runs on whichever libblas.so.3 Debian chose: say which.
        XCTAssertTrue(lines.last?.hasPrefix("BLAS: ") ?? false, "BLAS line: \(result.stdout)")
        XCTAssertTrue(lines.last?.contains("libblas.so") ?? false, "names the library file: \(result.stdout)")
    }
}
