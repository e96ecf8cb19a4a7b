import Foundation
import XCTest

/// Checks shared by the CLI tests.
enum Expect {
    /// SPEC §7: the run failed with `code`, wrote nothing on stdout, and said so in exactly one
    /// stderr line "liveness: ..." that names `subject` and contains every piece of `cause`.
    static func errorLine(
        _ result: CLIResult, code: Int32, naming subject: String, cause: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let command = "liveness \(result.arguments.joined(separator: " "))"
        XCTAssertEqual(result.exitCode, code, "\(command): exit code; stderr: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(command): nothing on stdout when it fails", file: file, line: line)
        let lines = result.stderrLines
        XCTAssertEqual(lines.count, 1, "\(command): SPEC §7 wants a one-line error; stderr was:\n\(result.stderr)", file: file, line: line)
        guard let message = lines.last(where: { $0.hasPrefix("liveness: ") }) else {
            XCTFail("\(command): no 'liveness: ' error line; stderr was:\n\(result.stderr)", file: file, line: line)
            return
        }
        XCTAssertTrue(message.contains(subject), "\(command): the error should name \(subject): \(message)", file: file, line: line)
        for piece in cause {
            XCTAssertTrue(message.contains(piece), "\(command): the error should say '\(piece)': \(message)", file: file, line: line)
        }
    }

    /// A usage error: exit 2, the problem on the first stderr line and a usage line after it.
    static func usageError(
        _ result: CLIResult, cause: String, usage: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let command = "liveness \(result.arguments.joined(separator: " "))"
        XCTAssertEqual(result.exitCode, 2, "\(command): a usage error exits 2; stderr: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(command): nothing on stdout", file: file, line: line)
        let lines = result.stderrLines
        XCTAssertTrue(lines.first?.hasPrefix("liveness: ") ?? false, "\(command): first line 'liveness: ...': \(result.stderr)", file: file, line: line)
        XCTAssertTrue(lines.first?.contains(cause) ?? false, "\(command): should say '\(cause)': \(result.stderr)", file: file, line: line)
        XCTAssertTrue(lines.dropFirst().contains { $0.contains(usage) }, "\(command): should show '\(usage)': \(result.stderr)", file: file, line: line)
    }

    /// events.jsonl as SPEC §4 wants it: every line an object with "event", "frame" and "ms", frames
    /// and times never going back, "started" first and "ended" last. Returns the events.
    @discardableResult
    static func eventStream(at url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let events = try JSONFile.lines(at: url, file: file, line: line)
        XCTAssertEqual(events.first?.string("event"), "started", "first event", file: file, line: line)
        XCTAssertEqual(events.last?.string("event"), "ended", "last event", file: file, line: line)
        var previous: (frame: Int, ms: Double)?
        for (index, event) in events.enumerated() {
            guard event.string("event") != nil, let frame = event.int("frame"), let ms = event.number("ms") else {
                XCTFail("event line \(index + 1) lacks event/frame/ms: \(event)", file: file, line: line)
                continue
            }
            if let previous {
                XCTAssertGreaterThanOrEqual(ms, previous.ms, "event line \(index + 1) goes back in time", file: file, line: line)
                XCTAssertGreaterThanOrEqual(frame, previous.frame, "event line \(index + 1) goes back in frames", file: file, line: line)
            }
            previous = (frame, ms)
        }
        return events
    }

    /// A JPEG of non-trivial size (and, when given, of the frame's size).
    static func jpeg(at url: URL, width: Int? = nil, height: Int? = nil, file: StaticString = #filePath, line: UInt = #line) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("\(url.lastPathComponent) was not written", file: file, line: line)
            return
        }
        XCTAssertEqual(Array(data.prefix(2)), [0xFF, 0xD8], "\(url.lastPathComponent) is not a JPEG (magic)", file: file, line: line)
        XCTAssertEqual(Array(data.suffix(2)), [0xFF, 0xD9], "\(url.lastPathComponent) does not end with the JPEG end marker", file: file, line: line)
        XCTAssertGreaterThan(data.count, 10_000, "\(url.lastPathComponent) is suspiciously small", file: file, line: line)
        if let width, let height {
            let size = JPEG.size(data)
            XCTAssertEqual(size?.width, width, "\(url.lastPathComponent) width", file: file, line: line)
            XCTAssertEqual(size?.height, height, "\(url.lastPathComponent) height", file: file, line: line)
        }
    }
}
