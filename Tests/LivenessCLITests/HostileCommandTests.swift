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

    /// `count` numbered PNG frames of the single-face clip, named by `name(i)` for i in 0..<count.
    static func frames(_ count: Int, in folder: URL, named name: (Int) -> String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scratch = try TemporaryDirectory()
        try TestMedia.runFFmpeg(["-i", try TestMedia.singleFaceMP4(), "-frames:v", "\(count)", scratch.file("f%03d.png").path])
        for i in 0..<count {
            try FileManager.default.moveItem(at: scratch.file(String(format: "f%03d.png", i + 1)), to: folder.appendingPathComponent(name(i)))
        }
    }

    /// Case 12: a list saved with a byte-order mark made its first path begin with U+FEFF, which
    /// Foundation's parser drops from the worker's request: "the worker answered with an
    /// unreadable line". A file whose name does begin with U+FEFF is that file, in a batch too.
    func testAByteOrderMarkIsNoPartOfAListAndAPathMayBeginWithOne() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.singleFaceMP4()
        let list = try temp.write(Data([0xEF, 0xBB, 0xBF] + Array("\(clip)\n\(clip)\n".utf8)), to: "list.txt")
        let listed = try CLI.run(["score", "--list", list, "--jobs", "1", "--seed", "1"], timeout: 180)
        XCTAssertEqual(listed.exitCode, 0, "every clip scored: \(listed.stderr)")
        XCTAssertEqual(try BatchOutput(listed.stdout).records.map { $0.string("path") }, [clip, clip])

        let marked = temp.file("\u{FEFF}marked.mp4").path
        try FileManager.default.copyItem(atPath: clip, toPath: marked)
        let batch = try CLI.run(["score", marked, temp.file("absent.mp4").path, "--jobs", "1", "--seed", "1"], timeout: 180)
        let records = try BatchOutput(batch.stdout).records
        XCTAssertEqual(records.first?.string("path"), marked, batch.stdout)
        XCTAssertEqual(records.first?.string("outcome"), "incomplete", "the file named with the mark was scored: \(batch.stdout)")
    }

    /// Case 13: `--out` into a folder whose name is not UTF-8 failed ("No such file or
    /// directory") and left a folder named by U+10FFxx stand-ins.
    func testOutIntoAFolderNamedByBytesThatAreNotUTF8() throws {
        let clip = try TestMedia.singleFaceMP4()
        for name in [#"bad\377"#, #"\300\257/sub"#, #"\355\240\200"#] {
            let temp = try TemporaryDirectory()
            let result = try CLI.run(["score", clip, "--seed", "1"], environment: ["ROOT": temp.path], timeout: 120,
                                     shell: #"exec "$@" --out "$ROOT/$(printf '\#(name)')" > /dev/null"#)
            XCTAssertEqual(result.exitCode, 1, "\(name): \(result.stderr)")
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/bin/sh")
            check.arguments = ["-c", #"test -f "$ROOT/$(printf '\#(name)')/report.json" && test "$(ls -A "$ROOT" | wc -l)" = 1"#]
            check.environment = ["ROOT": temp.path]
            try check.run()
            check.waitUntilExit()
            XCTAssertEqual(check.terminationStatus, 0, "\(name): report.json in the folder of those bytes, and nothing else made")
        }
    }

    /// Case 14: `score --frames D --out D` listed the tool's own temporary output as a frame.
    func testAFramesFolderMayHoldTheRunsOwnOutputs() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.file("frames")
        try Self.frames(12, in: folder) { String(format: "frame_%03d.png", $0 + 1) }
        let result = try CLI.run(["score", "--frames", folder.path, "--out", folder.path, "--json", "--seed", "1"], timeout: 120)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        XCTAssertEqual(try result.json().object("frames")?.int("processed"), 12, result.stdout)
    }

    /// Case 16: a still named as a video was scored as a one-frame clip.
    func testAStillNamedAsAVideoIsNotAVideo() throws {
        let temp = try TemporaryDirectory()
        let png = try temp.write(HostileFixtures.png(), to: "still.mp4")
        Expect.errorLine(try CLI.run(["score", png]), code: 3, naming: png, cause: ["not a readable video", "it is a PNG image"])
        let jpeg = temp.file("still.mov").path
        try FileManager.default.copyItem(atPath: try TestMedia.singleFaceJPEG(), toPath: jpeg)
        Expect.errorLine(try CLI.run(["score", jpeg]), code: 3, naming: jpeg, cause: ["not a readable video", "it is a JPEG image"])
    }

    /// Case 16: `frame_-3` ... `frame_-1` played in reverse (read as 3, 2, 1).
    func testNegativeFrameNumbersPlayInTheirOrder() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.file("frames")
        try Self.frames(3, in: folder) { "frame_-\(3 - $0).png" }
        // The last of them (frame_-1) shows no face.
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=gray:s=640x360", "-frames:v", "1", "-y", folder.appendingPathComponent("frame_-1.png").path])
        let trace = temp.file("trace.csv")
        let result = try CLI.run(["score", "--frames", folder.path, "--trace", trace.path, "--seed", "1"], timeout: 120)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        let rows = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        XCTAssertEqual(rows.map { String($0[2]) }, ["1", "1", "0"], "faceFound by frame: frame_-3, frame_-2, then the blank frame_-1")
        XCTAssertEqual(rows.map { String($0[1]) }.prefix(2), ["0", "33.3333"])
    }

    /// Case 18: a loop of symbolic links was "permission denied", a number too long for an Int
    /// "has no number in its name".
    func testFrameNamesThatLoopOrOverflowSayWhat() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.file("frames")
        try Self.frames(2, in: folder) { "frame_\($0 + 1).png" }
        let loop = folder.appendingPathComponent("frame_7.png").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "frame_8.png")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("frame_8.png").path, withDestinationPath: "frame_7.png")
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path], timeout: 120), code: 3, naming: loop, cause: ["cannot be read: a loop of symbolic links"])
        for name in ["frame_7.png", "frame_8.png"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }

        let huge = folder.appendingPathComponent("frame_99999999999999999999.png").path
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("frame_1.png").path, toPath: huge)
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path]), code: 3, naming: huge, cause: ["its number is beyond 1000000000"])
        try FileManager.default.removeItem(atPath: huge)
        let minimum = folder.appendingPathComponent("frame_-9223372036854775808.png").path
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("frame_1.png").path, toPath: minimum)
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path]), code: 3, naming: minimum, cause: ["its number is beyond 1000000000"])
    }

    /// Case 16: `--resume` onto an output with a foreign line in the middle appended after it.
    func testResumeRefusesAnOutputWithAForeignLineInside() throws {
        let temp = try TemporaryDirectory()
        let list = try temp.write("\(temp.file("a.mp4").path)\n\(temp.file("b.mp4").path)\n", to: "list.txt")
        let out = temp.file("out.jsonl")
        let first = try CLI.run(["score", "--list", list, "--output", out.path, "--jobs", "1"], timeout: 120)
        XCTAssertEqual(first.exitCode, 3, first.stderr)
        var lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("garbage, not a record", at: 1)
        let tampered = Data(lines.joined(separator: "\n").utf8)
        try tampered.write(to: out)
        let resumed = try CLI.run(["score", "--list", list, "--output", out.path, "--resume", "--jobs", "1"], timeout: 120)
        Expect.errorLine(resumed, code: 4, naming: out.path, cause: ["its line 2 is not a liveness line", "not resumed"])
        XCTAssertEqual(try Data(contentsOf: out), tampered, "the output is left as it was")
    }

    /// Case 10: `nohup liveness score ...` exited 129 on SIGHUP: the signal nohup ignores was
    /// caught again. Siblings: a shell's `&` ignores SIGINT; a hangup reaches the workers too.
    func testStopSignalsStartedIgnoredStayIgnored() throws {
        let clip = try TestMedia.singleFaceMP4()
        for (trap, signal) in [("HUP", SIGHUP), ("INT", SIGINT)] {
            let sent = SignalCount()
            // The test's Process starts the shell as the leader of its own process group, and the
            // shell becomes liveness (exec), so the signal can be sent to the group (the workers
            // included) as a closing terminal sends it. (`setsid` here forked, so the signal was
            // never sent: the process kept the name "setsid".)
            let result = try CLI.run(["score", clip, clip, "--jobs", "2", "--seed", "1"], timeout: 300,
                                     shell: "trap '' \(trap); exec \"$@\"", whileRunning: { process in
                                         // Not before the shell has set its trap and become liveness:
                                         // a signal sent earlier reaches a shell that does not ignore it yet.
                                         let comm = "/proc/\(process.processIdentifier)/comm"
                                         while process.isRunning, (try? String(contentsOfFile: comm, encoding: .utf8)) != "liveness\n" {
                                             Thread.sleep(forTimeInterval: 0.01)
                                         }
                                         while process.isRunning {
                                             if kill(-process.processIdentifier, signal) == 0 { sent.count += 1 }
                                             Thread.sleep(forTimeInterval: 0.1)
                                         }
                                     })
            XCTAssertGreaterThan(sent.count, 0, "SIG\(trap) was sent to the group")
            XCTAssertEqual(result.exitCode, 0, "SIG\(trap) started ignored stays ignored: \(result.stderr)")
            let records = try BatchOutput(result.stdout).records
            XCTAssertEqual(records.compactMap { $0.string("outcome") }, ["incomplete", "incomplete"], result.stdout)
        }
    }

    /// Cases 4-6: stills whose header does not bound what the decoder does. A TIFF listing its
    /// size twice (the check kept the last, libtiff the first: 24 s and 5.56 GB), a 16x16 TIFF
    /// with one 16000x16000 tile (1.16 GB), a JPEG repeating its last scan (minutes). Each is
    /// refused before any decoding, as an image to measure, a reference and a frame alike.
    func testStillsWhoseHeaderDoesNotBoundTheirDecodingAreRefused() throws {
        let temp = try TemporaryDirectory()
        let offset = UInt32(HostileFixtures.tiffPixelOffset(entries: 11))
        let twice = HostileFixtures.tiff([(256, 4, 30000), (256, 3, 10), (257, 4, 30000), (257, 3, 10), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                                          (273, 4, offset), (277, 3, 1), (278, 3, 10), (279, 4, 100)], pixels: 100)
        let tiled = HostileFixtures.tiff([(256, 3, 16), (257, 3, 16), (258, 3, 8), (259, 3, 1), (262, 3, 1), (277, 3, 1),
                                          (322, 3, 16000), (323, 3, 16000), (324, 4, UInt32(HostileFixtures.tiffPixelOffset(entries: 10))), (325, 4, 4096)], pixels: 4096)
        let scans = try HostileFixtures.jpegRepeatingItsLastScan(try Data(contentsOf: URL(fileURLWithPath: try TestMedia.singleFaceJPEG())), times: 150)
        let cases: [(name: String, data: Data, cause: String)] = [
            ("twice.tif", twice, "its TIFF directory lists tag 256 twice"),
            ("tiled.tif", tiled, "its TIFF tiles (16000x16000) are larger than the image (16x16)"),
            ("scans.jpg", scans, "its JPEG has more than 100 scans"),
        ]
        let clip = try TestMedia.singleFaceMP4()
        for entry in cases {
            let path = try temp.write(entry.data, to: entry.name)
            Expect.errorLine(try CLI.run(["measure", path]), code: 3, naming: path, cause: ["not a readable image", entry.cause])
            Expect.errorLine(try CLI.run(["score", clip, "--reference", path], timeout: 120), code: 3, naming: path, cause: [entry.cause])
            let batch = try CLI.run(["score", clip, clip, "--reference", path, "--jobs", "1"], timeout: 120)
            XCTAssertEqual(batch.exitCode, 3, batch.stderr)
            XCTAssertTrue(batch.stderrLines.last?.contains(entry.cause) ?? false, "a batch names the reference's problem: \(batch.stderr)")
            let folder = temp.file("frames-\(entry.name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let frame = folder.appendingPathComponent("frame_1." + (entry.name as NSString).pathExtension).path
            try entry.data.write(to: URL(fileURLWithPath: frame))
            Expect.errorLine(try CLI.run(["score", "--frames", folder.path], timeout: 120), code: 3, naming: frame, cause: [entry.cause])
        }
        // What a TIFF and a JPEG should be still reads.
        let valid = try temp.write(HostileFixtures.validTIFF(), to: "valid.tif")
        XCTAssertEqual(try CLI.run(["measure", valid, "--json"]).exitCode, 0)
        XCTAssertEqual(try CLI.run(["measure", try TestMedia.singleFaceJPEG(), "--json"]).exitCode, 0)
    }

    /// Valid PNM headers were refused as "damaged or truncated" when the size lay past the first
    /// 4096 bytes: after a 50 MB comment, or written with 5,000 leading zeros (netpbm and OpenCV
    /// read both). They are measured; a header cut short, with no size or with one over the
    /// limit is still refused.
    func testPNMHeadersWithLongCommentsOrLeadingZerosAreRead() throws {
        let temp = try TemporaryDirectory()
        let written = temp.file("written.pgm")
        try TestMedia.runFFmpeg(["-i", try TestMedia.singleFaceJPEG(), "-pix_fmt", "gray", written.path])
        // FFmpeg writes "P5\nWIDTH HEIGHT\n255\n", then the pixels.
        let fields = try Data(contentsOf: written).split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        let size = fields[1].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        let pixels = fields[3]
        let zeros = String(repeating: "0", count: 5000)
        let longComment = Data("#".utf8) + Data(repeating: UInt8(ascii: "x"), count: 50 << 20)
        let valid: [(name: String, header: Data)] = [
            ("comment.pgm", Data("P5\n".utf8) + longComment + Data("\n\(size[0]) \(size[1])\n255\n".utf8)),
            ("zeros.pgm", Data("P5\n\(zeros)\(size[0]) \(zeros)\(size[1])\n\(zeros)255\n".utf8)),
        ]
        for entry in valid {
            let path = try temp.write(entry.header + pixels, to: entry.name)
            let measured = try CLI.run(["measure", path, "--json"])
            XCTAssertEqual(measured.exitCode, 0, "\(entry.name): \(measured.stderr)")
            XCTAssertEqual(try measured.json().objects("faces")?.count, 1, "\(entry.name): the face is found in its pixels")
        }

        let noSize = ["not a readable image", "its header declares no valid size (damaged or truncated)"]
        let refused: [(name: String, header: Data, cause: [String])] = [
            ("overflowing.pgm", Data("P5\n\(zeros)99999999999 \(size[1])\n255\n".utf8), ["over the limit of 100 megapixels", "not decoded"]),
            ("cut.pgm", Data("P5\n".utf8) + longComment, noSize),
            ("zeroWidth.pgm", Data("P5\n\(zeros) \(size[1])\n255\n".utf8), noSize),
            ("junk.pgm", Data("P5\n\(size[0])x\(size[1])\n255\n".utf8), noSize),
        ]
        for entry in refused {
            let path = try temp.write(entry.header, to: entry.name)
            Expect.errorLine(try CLI.run(["measure", path]), code: 3, naming: path, cause: entry.cause)
        }
    }

    /// Case 7: `live --source` waited in real time for a file's timestamp gap (a 90 s jump took
    /// 100 s and recorded 100 MB for a 2.4 s clip; a 10 h jump, hours). Each wait is bounded,
    /// and so is what the recording fills the gap with; the timestamps, and so the session,
    /// stay the file's.
    func testALiveSourceWhoseTimestampsJumpIsNotWaitedFor() throws {
        let temp = try TemporaryDirectory()
        let clip = temp.file("jump.mkv").path
        try TestMedia.runFFmpeg(["-i", try TestMedia.singleFaceMP4(), "-an", "-vf", "setpts='if(gt(N,30),PTS+90/TB,PTS)'",
                                 "-fps_mode", "passthrough", "-c:v", "libx264", "-preset", "ultrafast", clip])
        let out = temp.file("out")
        let started = Date()
        let live = try CLI.run(["live", "--source", clip, "--headless", "--seed", "1", "--out", out.path], timeout: 80)
        XCTAssertLessThan(Date().timeIntervalSince(started), 80, "a 90 s gap is not waited for")
        XCTAssertEqual(live.exitCode, 1, live.stderr)
        let recording = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("recording.avi").path)[.size] as? Int ?? 0
        XCTAssertLessThan(recording, 20 << 20, "the recording fills the gap with a second of frames, not 90")
        let score = try CLI.run(["score", clip, "--seed", "1", "--json"], timeout: 120)
        let summary = try XCTUnwrap(live.stdout.split(separator: "\n").last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertEqual(summary.string("outcome"), try score.json().string("outcome"), "live and score read the same timestamps")
    }
}

/// How many signals a test's watcher thread sent.
final class SignalCount: @unchecked Sendable {
    var count = 0
}
