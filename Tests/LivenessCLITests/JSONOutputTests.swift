import Foundation
import XCTest

/// `--json`: the report as one compact line on stdout and silence on stderr.
final class JSONOutputTests: XCTestCase {
    func testScoreJSONIsOneLineAndStderrIsQuiet() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, "--seed", "3", "--json"])
        XCTAssertEqual(result.exitCode, 1, "stderr: \(result.stderr)")
        XCTAssertEqual(result.stderr, "", "--json prints no summary on stderr")
        XCTAssertTrue(result.stdout.hasSuffix("\n"), "the line is terminated")
        XCTAssertEqual(result.stdout.dropLast().filter { $0 == "\n" }.count, 0, "exactly one line: \(result.stdout.prefix(300))")
        let report = try result.json()
        XCTAssertEqual(report.string("outcome"), "incomplete")
        XCTAssertEqual(report.string("seed"), "3")
    }

    func testWithoutJSONTheReportIsPrettyAndTheSummaryOnStderr() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, "--seed", "3"])
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertGreaterThan(result.stdout.filter { $0 == "\n" }.count, 10, "pretty JSON spans lines")
        XCTAssertEqual(try result.json().string("outcome"), "incomplete")
        XCTAssertTrue(result.stderr.hasPrefix("\(clip): incomplete"), "summary names the clip and outcome: \(result.stderr)")
    }
}
