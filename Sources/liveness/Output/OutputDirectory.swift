import Foundation
import LivenessVision

/// The files `--out DIR` holds: report.json, events.jsonl, autoshot.jpg, snapshot.jpg.
struct OutputDirectory {
    let path: String

    init(_ path: String) throws {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw VisionError.writeFailed(path: path, cause: "cannot create the directory")
        }
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func write(_ text: String, to name: String) throws {
        do {
            try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        } catch {
            throw VisionError.writeFailed(path: file(name), cause: "\(error.localizedDescription)")
        }
    }
}

/// Appends lines to a file as they come (events, trace rows).
final class LineWriter {
    private let handle: FileHandle
    let path: String

    init(path: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw VisionError.writeFailed(path: path, cause: "cannot create the file")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
