import Foundation
import LivenessFiles
import XCTest

/// `pathFolder` gives what Foundation's `deletingLastPathComponent` gives, one-character names
/// included (where Foundation's traps), and an output named with one character is written.
final class PathFolderTests: XCTestCase {
    func testTheFolderOfAPath() {
        let cases = [
            ("t", ""), ("ab", ""), ("x/y", "x"), ("x/yz", "x"), ("/t", "/"), ("/", "/"), ("", ""), ("./t", "."),
            ("a/b/", "a"), ("a//b", "a"), ("/a/b", "/a"), ("//a", "/"), ("a/b//", "a"),
        ]
        for (path, folder) in cases { XCTAssertEqual(pathFolder(path), folder, "\"\(path)\"") }
        // Where Foundation does not trap, the two agree.
        for (path, _) in cases where path.count > 1 {
            XCTAssertEqual(pathFolder(path), (path as NSString).deletingLastPathComponent, "\"\(path)\"")
        }
    }

    func testAOneCharacterOutputNameIsWritten() throws {
        let temp = try TemporaryDirectory()
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--json", "--trace", "t"], in: temp.url)
        XCTAssertEqual(result.exitCode, 1, "the clip's honest result, not a signal; stderr: \(result.stderr)")
        let trace = try String(contentsOf: temp.url.appendingPathComponent("t"), encoding: .utf8)
        XCTAssertTrue(trace.hasPrefix("frame,ms,"), "the trace was written")
    }
}
