import Foundation
import LivenessFiles

/// Reads a label file (CSV, .pts, JSON) through the bounded input reader, so a missing data
/// folder or a wrong path is one line naming the file, not a Foundation error.
enum LabelFile {
    static func data(_ path: String) throws -> Data {
        do {
            return try InputFile.readSmall(path)
        } catch let problem as FileProblem {
            throw BenchError.badFile(path: path, cause: "cannot be read: \(problem)")
        }
    }

    static func text(_ path: String) throws -> String {
        let data = try data(path)
        guard let text = String(data: data, encoding: .utf8) else { throw BenchError.badFile(path: path, cause: "not UTF-8 text") }
        return text
    }
}
