import Foundation
import XCTest

/// SPEC §7 for the video given to `liveness score`: every bad file gets exit 3 and one line
/// "liveness: PATH: cause", or, when part of it decodes, an honest partial result. Never a crash.
final class BadVideoInputTests: XCTestCase {
    func testMissingFile() throws {
        let temp = try TemporaryDirectory()
        let path = temp.file("missing.mp4").path
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["no such file"])
    }

    func testDirectory() throws {
        let temp = try TemporaryDirectory()
        let path = temp.file("clip.mp4").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        // A directory exists: "no such file" would send the user looking for a typo.
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["directory"])
    }

    func testUnreadableFile() throws {
        guard getuid() != 0 else {
            throw XCTSkip("running as root, which reads any file: an unreadable file cannot be made")
        }
        let temp = try TemporaryDirectory()
        let path = try temp.write(try Data(contentsOf: URL(fileURLWithPath: try TestMedia.singleFaceMP4())), to: "locked.mp4")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["permission denied"])
    }

    func testZeroLengthVideo() throws {
        let temp = try TemporaryDirectory()
        let path = try temp.write(Data(), to: "empty.mp4")
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["no frames", "empty"])
    }

    func testTextFileNamedMP4() throws {
        let temp = try TemporaryDirectory()
        let path = try temp.write("This is a note, not a video.\n", to: "note.mp4")
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["not a readable video"])
    }

    func testRandomBytesNamedMP4() throws {
        let temp = try TemporaryDirectory()
        let path = try temp.write(TestMedia.noise(count: 64 * 1024, seed: 42), to: "noise.mp4")
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["not a readable video"])
    }

    func testTruncatedVideoWithItsIndexAtTheEnd() throws {
        // single_face.mp4 keeps its index (moov) after the media data, so its first 30 % has no index.
        let clip = try TestMedia.singleFaceMP4()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        XCTAssertEqual(TestMedia.topLevelBoxes(bytes).last, "moov", "the fixture's index is at the end")
        let temp = try TemporaryDirectory()
        let path = try temp.write(bytes.prefix(bytes.count * 30 / 100), to: "truncated-index-at-end.mp4")
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["not a readable video"])
    }

    func testTruncatedVideoWithItsIndexAtTheStartIsACorruptVideo() throws {
        // With the index first, the first 30 % still decodes, then decoding stops: scoring only those
        // frames would be a silent wrong answer ("incomplete"), so it is an input error naming the
        // frame where decoding stopped.
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let faststart = temp.file("faststart.mp4")
        try TestMedia.runFFmpeg(["-i", clip, "-c", "copy", "-movflags", "+faststart", faststart.path])
        let bytes = try Data(contentsOf: faststart)
        XCTAssertEqual(TestMedia.topLevelBoxes(bytes).dropFirst().first, "moov", "faststart puts the index first")
        let path = try temp.write(bytes.prefix(bytes.count * 30 / 100), to: "truncated-index-at-start.mp4")

        let result = try CLI.run(["score", path, "--seed", "1", "--json"])
        Expect.errorLine(result, code: 3, naming: path, cause: ["corrupt video", "72"])
    }

    func testCorruptedMiddleDoesNotCrash() throws {
        // Noise over the middle of the media data: frames may decode badly or be skipped, but the run
        // ends with a result or a clear error, never a crash.
        let clip = try TestMedia.singleFaceMP4()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        let start = bytes.count / 3
        bytes.replaceSubrange(start..<start + 20_000, with: TestMedia.noise(count: 20_000, seed: 7))
        let temp = try TemporaryDirectory()
        let path = try temp.write(bytes, to: "corrupt-middle.mp4")

        let result = try CLI.run(["score", path, "--seed", "1", "--json"])
        switch result.exitCode {
        case 1:
            let processed = try result.json().object("frames")?.int("processed") ?? 0
            XCTAssertGreaterThan(processed, 0)
            XCTAssertLessThanOrEqual(processed, 72)
        case 3:
            Expect.errorLine(result, code: 3, naming: path, cause: ["corrupt"])
        default:
            XCTFail("a damaged clip gives a result (1) or an input error (3), got \(result.exitCode): \(result.stderr)")
        }
    }

    func testUnknownCodec() throws {
        let temp = try TemporaryDirectory()
        let avi = temp.file("tiny.avi")
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-c:v", "mjpeg", avi.path])

        // The file as made decodes: 10 frames, no face.
        let control = try CLI.run(["score", avi.path, "--json"])
        XCTAssertEqual(control.exitCode, 1, "the unpatched AVI is a readable video; stderr: \(control.stderr)")
        XCTAssertEqual(try control.json().object("frames")?.int("processed"), 10)

        // Rename the codec in the header (stream header handler and bitmap compression) to 'ZZZZ'.
        var bytes = [UInt8](try Data(contentsOf: avi))
        let from = Array("MJPG".utf8), to = Array("ZZZZ".utf8)
        var patched = 0
        for offset in 0..<min(bytes.count, 4096) - 4 where Array(bytes[offset..<offset + 4]) == from {
            bytes.replaceSubrange(offset..<offset + 4, with: to)
            patched += 1
        }
        XCTAssertGreaterThanOrEqual(patched, 1, "the AVI header names its codec")
        let path = try temp.write(Data(bytes), to: "unknown-codec.avi")
        Expect.errorLine(try CLI.run(["score", path]), code: 3, naming: path, cause: ["not a readable video", "codec"])
    }

    func testAudioOnlyFile() throws {
        let temp = try TemporaryDirectory()
        let audio = temp.file("tone.m4a")
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "sine=duration=1", audio.path])
        Expect.errorLine(try CLI.run(["score", audio.path]), code: 3, naming: audio.path, cause: ["not a readable video"])
    }
}
