import Foundation
import XCTest

/// Commands a clumsy or hostile user runs (issue 20): displays Qt cannot open, signals nohup set,
/// odd names and lists, late timestamps, files that are not what their names say.
final class HostileCommandTests: XCTestCase {
    /// A TCP port on 127.0.0.1 in 6000+N that nothing listens on: DISPLAY=127.0.0.1:N is dead.
    static func deadTCPDisplay() throws -> String {
        for number in 150..<250 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(6000 + number).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if connected != 0 { return "127.0.0.1:\(number)" }
        }
        throw CLIError("every port 6150..<6250 on 127.0.0.1 accepts connections")
    }

    /// Case 3: Qt aborted the process (SIGABRT) on a display it could not open although a
    /// check passed: a remote display (dead ssh -X), or a platform Qt does not have.
    func testADisplayQtCannotOpenIsAnInputErrorNotAnAbort() throws {
        let clip = try TestMedia.singleFaceMP4()
        let dead = try Self.deadTCPDisplay()
        for display in [dead, dead + ".0"] {
            let result = try CLI.run(["live", "--source", clip], environment: ["DISPLAY": display, "QT_QPA_PLATFORM": ""])
            Expect.errorLine(result, code: 3, naming: "DISPLAY=\(display)", cause: ["no display", "Qt could not open", "--headless"])
        }
        let display = try VirtualDisplay()
        let bogus = try CLI.run(["live", "--source", clip], environment: ["DISPLAY": display.name, "QT_QPA_PLATFORM": "bogus"])
        Expect.errorLine(bogus, code: 3, naming: "QT_QPA_PLATFORM=bogus", cause: ["no display", "--headless"])
    }

    /// No control character of what others wrote reaches the terminal as itself.
    static func assertNoControlCharacters(_ result: CLIResult, file: StaticString = #filePath, line: UInt = #line) {
        let shown = result.stderr.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
        XCTAssertTrue(shown.isEmpty, "control characters on stderr: \(shown.map { $0.value }): \(result.stderr.debugDescription)", file: file, line: line)
    }

    /// Case 19: a file name, a configuration key and names from a --compare file put escape
    /// sequences on the terminal raw, and a name with a line break split the one-line error.
    func testControlCharactersOfUntrustedTextAreShownEscaped() throws {
        let temp = try TemporaryDirectory()
        let evil = try temp.write("not a video", to: "\u{1B}[2J\u{1B}]0;pwned\u{07}.mp4")
        let named = try CLI.run(["score", evil])
        Expect.errorLine(named, code: 3, naming: #"\x1B[2J\x1B]0;pwned\x07.mp4"#, cause: ["not a readable video"])
        Self.assertNoControlCharacters(named)

        let broken = try temp.write("not a video", to: "two\nlines\r.mp4")
        let split = try CLI.run(["score", broken])
        Expect.errorLine(split, code: 3, naming: #"two\x0Alines\x0D.mp4"#, cause: ["not a readable video"])
        Self.assertNoControlCharacters(split)

        let config = try temp.write(#"{"\u001b[2J\u009b\u202e": 1}"#, to: "config.json")
        let key = try CLI.run(["score", evil, "--config", config])
        Expect.errorLine(key, code: 3, naming: config, cause: [#"unknown key "\x1B[2J\u{009B}\u{202E}""#])
        Self.assertNoControlCharacters(key)

        let manifest = try temp.write(#"{"clips": [{"name": "c\u001b[31m", "video": "\#(temp.file("absent.mp4").path)"}], "floors": []}"#, to: "manifest.json")
        let previous = try temp.write("""
            {"metrics": [{"name": "m\\u001b]0;pwned\\u0007", "value": 1, "count": 1, "note": ""}],
             "clips": [{"name": "p\\u001b[2J", "outcome": "passed", "blink": "hit", "turn": "hit"}]}
            """, to: "previous.json")
        let bench = try CLI.run(["bench", manifest, "--compare", previous], timeout: 120)
        XCTAssertTrue(bench.stderr.contains(#"m\x1B]0;pwned\x07"#), bench.stderr)
        XCTAssertTrue(bench.stderr.contains(#"p\x1B[2J"#), bench.stderr)
        XCTAssertTrue(bench.stderr.contains(#"c\x1B[31m"#), bench.stderr)
        Self.assertNoControlCharacters(bench)
    }
}
