import Foundation
import XCTest

/// The JSON lines of `liveness score` in batch mode: one record per clip, then a summary line.
struct BatchOutput {
    var records: [[String: Any]]
    /// The object inside the last `{"summary": {...}}` line.
    var summary: [String: Any]?
    var summaries: [[String: Any]]

    /// Parses `text`; every line must be a JSON object.
    init(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        records = []
        summaries = []
        for (index, row) in text.split(separator: "\n").enumerated() {
            let object = try JSONFile.object(Data(row.utf8), what: "batch output line \(index + 1)", file: file, line: line)
            if let summary = object.object("summary") {
                summaries.append(summary)
            } else {
                records.append(object)
            }
        }
        summary = summaries.last
    }

    init(contentsOf url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        try self.init(String(contentsOf: url, encoding: .utf8), file: file, line: line)
    }

    /// The record of the clip at `path` (the only one; fails when there are several).
    func record(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let found = records.filter { $0.string("path") == path }
        XCTAssertEqual(found.count, 1, "one line for \(path)", file: file, line: line)
        return try XCTUnwrap(found.first, "no line for \(path)", file: file, line: line)
    }

    /// What `liveness score PATH` would have exited with for this record.
    static func exitCode(of record: [String: Any]) -> Int? {
        if let error = record.object("error") { return error.int("exitCode") }
        guard let outcome = record.string("outcome") else { return nil }
        return outcome == "passed" ? 0 : 1
    }
}

extension TestMedia {
    /// Ten minutes of a real clip without a face, 160x90 at 2 fps (1,200 frames that all get
    /// decoded and searched): a clip that takes a while, made in a fraction of a second.
    static func longClipWithoutAFace(in directory: TemporaryDirectory, minutes: Int = 10) throws -> String {
        let small = directory.file("no-face-small.mp4").path
        let long = directory.file("\(minutes)-minutes-no-face.mp4").path
        try runFFmpeg(["-i", try clip("pyfeat_face_videos/no_face.mp4"), "-an", "-vf", "scale=160:90,fps=2",
                       "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", small])
        try runFFmpeg(["-stream_loop", "-1", "-i", small, "-t", String(minutes * 60), "-c", "copy", long])
        return long
    }

    /// The grid talking-face crop (96x128, 3 s): the quickest real clip to score.
    static func gridClip() throws -> String { try clip("grid_blink_clip_dinoman/example.mp4") }
}

/// The paths of the files a process holds open (from /proc).
func openFiles(of pid: Int32) -> Set<String> {
    let folder = "/proc/\(pid)/fd"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    return Set(entries.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) })
}

/// Processes whose parent is `pid` (from /proc).
func childProcesses(of pid: Int32) -> [Int32] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap { Int32($0) }.filter { child in
        guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        // "pid (name) state ppid ...": the name may hold spaces, so read after its last ')'.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == pid
    }
}
