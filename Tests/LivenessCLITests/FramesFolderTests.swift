import Foundation
import XCTest

/// `liveness score --frames DIR`: a folder of numbered images scored as one stream (SPEC §1).
final class FramesFolderTests: XCTestCase {
    /// single_face.mp4's 72 frames as frame_1.png ... frame_72.png (so names sort as numbers, not text).
    func framesOfSingleFace(in temp: TemporaryDirectory) throws -> URL {
        let folder = temp.file("frames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestMedia.runFFmpeg(["-i", try TestMedia.singleFaceMP4(), folder.appendingPathComponent("frame_%d.png").path])
        return folder
    }

    func testAFrameFolderScoresLikeItsVideo() throws {
        let temp = try TemporaryDirectory()
        let folder = try framesOfSingleFace(in: temp)
        let frames = try CLI.run(["score", "--frames", folder.path, "--fps", "30", "--seed", "1", "--json"]).json()
        let video = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--json"]).json()
        XCTAssertEqual(frames.object("input")?.int("images"), 72)
        XCTAssertEqual(frames.string("outcome"), video.string("outcome"))
        XCTAssertEqual(frames.object("autoshot")?.int("frame"), video.object("autoshot")?.int("frame"))
        let credited = { (report: [String: Any]) in
            (report["actions"] as? [[String: Any]] ?? []).filter { $0["credited"] as? Bool == true }.map { "\($0["action"]!)@\($0["frame"]!)" }
        }
        XCTAssertEqual(credited(frames), credited(video))
        XCTAssertFalse(credited(frames).isEmpty, "the blink is credited")
    }

    /// A gap in the numbering is time that passed: with every other image gone, each image keeps
    /// the time of its frame in the video (frame_N is frame N-1 of single_face.mp4).
    func testImagesAreTimedByTheirNumbers() throws {
        let temp = try TemporaryDirectory()
        let folder = try framesOfSingleFace(in: temp)
        for number in stride(from: 2, through: 72, by: 2) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent("frame_\(number).png"))
        }
        let framesTrace = temp.file("frames.csv"), videoTrace = temp.file("video.csv")
        _ = try CLI.run(["score", "--frames", folder.path, "--fps", "30", "--seed", "1", "--json", "--trace", framesTrace.path])
        _ = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--json", "--trace", videoTrace.path])
        func times(_ trace: URL) throws -> [Double] {
            try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1]) ?? .nan }
        }
        let kept = try times(framesTrace), video = try times(videoTrace)
        XCTAssertEqual(kept.count, 36)
        XCTAssertEqual(video.count, 72)
        for (i, ms) in kept.enumerated() where i * 2 < video.count {
            XCTAssertEqual(ms, video[i * 2], accuracy: 0.5, "frame_\(2 * i + 1).png")
        }
    }

    func testBadFrameFoldersAreInputErrors() throws {
        let temp = try TemporaryDirectory()
        let missing = temp.file("absent").path
        Expect.errorLine(try CLI.run(["score", "--frames", missing]), code: 3, naming: missing, cause: ["no such file"])
        let file = try temp.write("text", to: "notes.txt")
        Expect.errorLine(try CLI.run(["score", "--frames", file]), code: 3, naming: file, cause: ["is not a folder"])
        let empty = temp.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        Expect.errorLine(try CLI.run(["score", "--frames", empty.path]), code: 3, naming: empty.path, cause: ["holds no images"])

        let folder = try framesOfSingleFace(in: temp)
        let broken = try temp.write("not a picture", to: "frames/frame_73.png")
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path, "--seed", "1"]), code: 3, naming: broken, cause: ["not a readable image"])
        try FileManager.default.removeItem(atPath: broken)

        let cover = try temp.write("not a picture", to: "frames/cover.png")
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path]), code: 3, naming: cover, cause: ["has no number in its name"])
        try FileManager.default.removeItem(atPath: cover)
        _ = try temp.write("not a picture", to: "frames/frame_07.png")
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path]), code: 3, naming: "frame_07.png", cause: ["has the same number as", "frame_7.png"])
    }

    /// A frame smaller than the first (1x1 after a face) failed inside the shim with "a sample needs
    /// a box of at least one pixel" (exit 4, no frame named; issue 36): one video's frames are of
    /// one size, so another size is an input error naming the frame.
    func testAFrameOfAnotherSizeIsAnInputErrorNamingIt() throws {
        let temp = try TemporaryDirectory()
        let folder = try framesOfSingleFace(in: temp)
        let tiny = folder.appendingPathComponent("frame_30.png").path
        try FileManager.default.removeItem(atPath: tiny)
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=size=2x2", "-frames:v", "1", tiny])
        Expect.errorLine(try CLI.run(["score", "--frames", folder.path, "--seed", "1"]), code: 3, naming: tiny, cause: ["is 2x2", "640x360"])
    }

    func testFramesAndFpsAreUsedTogetherOnly() throws {
        let clip = try TestMedia.singleFaceMP4()
        Expect.usageError(try CLI.run(["score", clip, "--fps", "30"]), cause: "--fps goes with --frames DIR", usage: "liveness score")
        Expect.usageError(try CLI.run(["score", clip, "--frames", "/tmp"]), cause: "--frames scores one folder of images", usage: "liveness score")
        Expect.usageError(try CLI.run(["score", "--frames", "/tmp", "--fps", "0"]), cause: "--fps must be between 1 and 1000", usage: "liveness score")
    }
}
