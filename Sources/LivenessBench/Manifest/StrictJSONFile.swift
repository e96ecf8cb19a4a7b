import Foundation
import LivenessCore
import LivenessData
import LivenessFiles

/// The top-level object of a small JSON file the bench reads (a manifest, an earlier result): read
/// within the small-file bound and parsed strictly. `bad` words a failure for the caller's file;
/// `unreadable` says why the file could not be read.
func strictJSONObject(
    _ path: String, bad: (String) -> BenchError, unreadable: (FileProblem) -> String = { "cannot be read: \($0)" }
) throws -> [String: Any] {
    let data: Data
    do {
        data = try InputFile.readSmall(path)
    } catch let problem as FileProblem {
        throw bad(unreadable(problem))
    }
    let parsed: Any
    do {
        parsed = try StrictJSON.parse(data)
    } catch let error as ConfigError {
        throw bad(error.description)
    }
    guard let object = parsed as? [String: Any] else { throw bad("not a JSON object") }
    return object
}
