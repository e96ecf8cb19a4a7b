import Foundation
import LivenessBatch
import XCTest

/// `--resume`: the clips that already have a line in the output are skipped, once per line.
final class ResumeTests: XCTestCase {
    func testClipsWithALineAreSkippedOncePerLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.jsonl").path
        let lines = [
            #"{"index":0,"path":"a.mp4","outcome":"passed","error":null}"#,
            #"{"index":1,"path":"b.mp4","outcome":null,"error":{"kind":"notAVideo","exitCode":3,"message":"liveness: b.mp4: not a readable video"}}"#,
            #"{"index":2,"path":"a.mp4","outcome":"incomplete","error":null}"#,
            #"{"summary":{"clips":3}}"#,
            #"{"index":3,"path":"c.mp4","outc"#,
        ]
        try (lines.joined(separator: "\n")).write(toFile: output, atomically: true, encoding: .utf8)

        let sink = try RecordSink(appendingTo: output, exclusive: true, inputs: [])
        let done = try ResumeLedger.done(in: sink)
        XCTAssertEqual(done, ["a.mp4": 2, "b.mp4": 1], "a summary and a cut line are no clip's record")

        let clips = ["a.mp4", "b.mp4", "c.mp4", "a.mp4", "a.mp4"].enumerated().map { Clip(index: $0.offset, path: $0.element) }
        let (todo, skipped) = ResumeLedger.remaining(clips, done: done)
        XCTAssertEqual(todo.map(\.path), ["c.mp4", "a.mp4"], "a path listed three times with two lines is scored once more")
        XCTAssertEqual(todo.map(\.index), [2, 4])
        XCTAssertEqual(skipped, 3)
    }
}
