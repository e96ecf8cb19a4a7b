import Foundation
import XCTest

/// Inputs are local files, always: a name that looks like an FFmpeg protocol (file:, pipe:,
/// http:) is the file of that name, a file that refers to URLs opens no connection, and a name
/// that is not UTF-8 is the file it names.
final class LocalInputTests: XCTestCase {
    /// The input size a report or batch line gives.
    private func size(_ report: [String: Any]) -> [Int?] {
        [report.object("input")?.int("width"), report.object("input")?.int("height")]
    }

    func testNamesLikeProtocolsAreTheFilesOfThatName() throws {
        let temp = try TemporaryDirectory()
        let grid = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.gridClip()))  // 96x128
        let single = try TestMedia.singleFaceMP4()  // 640x360
        // "x.mp4" is a different clip from "file:x.mp4": FFmpeg's file protocol would open x.mp4.
        try temp.write(Data(contentsOf: URL(fileURLWithPath: single)), to: "x.mp4")
        try temp.write(grid, to: "file:x.mp4")
        try temp.write(grid, to: "pipe:0")
        try FileManager.default.createDirectory(at: temp.file("http:/127.0.0.1:9"), withIntermediateDirectories: true)
        try temp.write(grid, to: "http:/127.0.0.1:9/x.mp4")
        for name in ["file:x.mp4", "pipe:0", "http:/127.0.0.1:9/x.mp4"] {
            // stdin holds the other clip: `pipe:0` must not read it.
            let result = try CLI.run(["score", name, "--seed", "1", "--json"], in: temp.url, stdin: single)
            XCTAssertEqual(result.exitCode, 1, "\(name): \(result.stderr)")
            XCTAssertEqual(size(try result.json()), [96, 128], "\(name) is the local file of that name")
        }
        let list = try temp.write("file:x.mp4\npipe:0\nhttp:/127.0.0.1:9/x.mp4\n", to: "list.txt")
        let batch = try BatchOutput(try CLI.run(["score", "--list", list, "--jobs", "1", "--seed", "1"], in: temp.url, stdin: single).stdout)
        XCTAssertEqual(batch.records.map(size), [[96, 128], [96, 128], [96, 128]], "in a list too")
    }

    func testNoNetworkConnectionIsOpened() throws {
        guard HostileFixtures.canTrace else { throw XCTSkip("strace cannot trace here") }
        let temp = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: temp.file("http:/127.0.0.1:9"), withIntermediateDirectories: true)
        try temp.write(Data(contentsOf: URL(fileURLWithPath: try TestMedia.gridClip())), to: "http:/127.0.0.1:9/x.mp4")
        // Local files that point at the network: a playlist, an SDP session, a concat list.
        try temp.write("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:9/a.ts\n#EXT-X-ENDLIST\n", to: "remote.m3u8")
        try temp.write("v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\na=rtpmap:96 H264/90000\n", to: "stream.sdp")
        try temp.write("ffconcat version 1.0\nfile http://127.0.0.1:9/a.mp4\n", to: "list.ffconcat")
        for name in ["http:/127.0.0.1:9/x.mp4", "remote.m3u8", "stream.sdp", "list.ffconcat"] {
            let log = temp.file("strace-\(UUID().uuidString)").path
            let result = try CLI.run(["score", name, "--seed", "1", "--json"], in: temp.url,
                                     shell: "exec strace -f -qq -e trace=socket,connect -o \(log) \"$@\"")
            XCTAssertTrue([1, 3].contains(result.exitCode), "\(name): \(result.stderr)")
            XCTAssertEqual(HostileFixtures.networkCalls(inTrace: try String(contentsOfFile: log, encoding: .utf8)), [], name)
        }
    }

    func testANameThatIsNotUTF8NamesItsFile() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.file("uploads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // "café.mp4" in Latin-1 (0xE9) and a broken upload named with 0xFF.
        let good = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".mp4".utf8)
        let bad = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".mp4".utf8)
        try write(Data(contentsOf: URL(fileURLWithPath: try TestMedia.gridClip())), toRawPath: good)
        try write(Data("not a video".utf8), toRawPath: bad)
        let shownGood = folder.path + "/caf\\xE9.mp4", shownBad = folder.path + "/bad\\xFF.mp4"

        // Alone (the shell's printf makes the argument's raw byte): scored, and named with the
        // stray byte shown as \xNN.
        let alone = try CLI.run(["score", "--seed", "1", "--json"], shell: "exec \"$@\" \"$(printf '\(folder.path)/caf\\351.mp4')\"")
        XCTAssertEqual(alone.exitCode, 1, alone.stderr)
        XCTAssertEqual(try alone.json().object("input")?.string("path"), shownGood)
        let broken = try CLI.run(["score", "--json"], shell: "exec \"$@\" \"$(printf '\(folder.path)/bad\\377.mp4')\"")
        Expect.errorLine(broken, code: 3, naming: shownBad, cause: ["not a readable video"])

        // A folder batch takes both: one scored, one reported, none left out.
        let batch = try CLI.run(["score", folder.path, "--jobs", "1", "--seed", "1"])
        let output = try BatchOutput(batch.stdout)
        XCTAssertEqual(output.records.count, 2, batch.stdout)
        XCTAssertEqual(try output.record(shownGood).string("outcome"), "incomplete")
        XCTAssertEqual(try output.record(shownBad).object("error")?.string("kind"), "notAVideo")
        XCTAssertTrue(batch.stderr.contains("liveness: \(shownBad): not a readable video"), batch.stderr)

        // And a list that names it in its own bytes.
        let list = temp.file("list.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: list, contents: Data(good + [0x0A])))
        let listed = try BatchOutput(try CLI.run(["score", "--list", list, "--jobs", "1", "--seed", "1"]).stdout)
        XCTAssertEqual(try listed.record(shownGood).string("outcome"), "incomplete")
    }

    private func write(_ data: Data, toRawPath path: [UInt8]) throws {
        let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CLIError("cannot create a file with a non-UTF-8 name") }
        defer { close(fd) }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CLIError("short write") }
    }
}
