import Foundation
import LivenessCore
import LivenessData
import LivenessFiles
import LivenessVision

/// A result JSON that `liveness bench` wrote earlier, read back for `--compare`: its metrics and
/// each clip's checks, the parts a comparison looks at. Other keys (floors, a comparison of its
/// own) are ignored.
public struct PreviousBenchResult {
    public var path: String
    /// When that run was made, as it wrote it.
    public var date: String?
    /// The machine it ran on; nil in a result written before results said.
    public var machine: BenchMachine?
    /// The measured metrics, in the file's order; one written as null (not measured) is left out.
    public var metrics: [(name: String, value: Double)]
    public var clips: [(name: String, checks: ClipChecks)]

    public init(path: String) throws {
        func bad(_ cause: String) -> BenchError { .badFile(path: path, cause: "cannot compare against it: \(cause)") }
        let data: Data
        do {
            data = try InputFile.readSmall(path)
        } catch let problem as FileProblem {
            throw bad(problem == .missing ? "no such file" : "cannot be read: \(problem)")
        }
        let parsed: Any
        do {
            parsed = try StrictJSON.parse(data)
        } catch let error as ConfigError {
            throw bad(error.description)
        }
        guard let object = parsed as? [String: Any] else { throw bad("not a JSON object") }
        guard let metricList = object["metrics"] as? [[String: Any]] else {
            throw bad("\"metrics\" must be a list (is it a bench result?)")
        }
        metrics = try metricList.compactMap { entry in
            guard let name = entry["name"] as? String else { throw bad("every metric needs \"name\"") }
            if entry["value"] is NSNull { return nil }
            guard let value = entry["value"], !Self.isJSONBoolean(value), let number = value as? NSNumber else {
                throw bad("metric \(name): \"value\" must be a number or null")
            }
            return (name, number.doubleValue)
        }
        guard let clipList = object["clips"] as? [[String: Any]] else {
            throw bad("\"clips\" must be a list (is it a bench result?)")
        }
        clips = try clipList.map { entry in
            guard let name = entry["name"] as? String, let outcome = entry["outcome"] as? String,
                  let blink = entry["blink"] as? String, let turn = entry["turn"] as? String else {
                throw bad("every clip needs \"name\", \"outcome\", \"blink\" and \"turn\"")
            }
            return (name, ClipChecks(outcome: outcome, blink: blink, turn: turn))
        }
        date = object["date"] as? String
        machine = BenchMachine(json: object["machine"])
        self.path = path
    }

    /// true and false as JSONSerialization gives them. On Linux `raw is Bool` also holds for the
    /// numbers 0 and 1 (and 1.0); a JSON boolean is the NSNumber whose type is char.
    static func isJSONBoolean(_ raw: Any) -> Bool {
        guard let number = raw as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }
}
