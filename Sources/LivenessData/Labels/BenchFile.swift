import Foundation
import LivenessCore
import LivenessFiles

/// Reads a file the bench is given (a manifest; labels as CSV, .pts or JSON) through the bounded
/// input reader, so a missing data folder, a wrong path or a malformed file is one line naming the
/// file, not a Foundation error.
public enum BenchFile {
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

    /// `T` from the JSON file at `path`, decoded strictly (`StrictJSON.decode`).
    public static func decoded<T: Decodable>(_ type: T.Type, path: String) throws -> T {
        let data = try data(path)
        do {
            return try StrictJSON.decode(type, from: data)
        } catch let error as ConfigError {
            throw BenchError.badFile(path: path, cause: error.description)
        }
    }
}
