import Foundation
import LivenessCore
import LivenessProcess

/// One line of a batch's output: a clip's result or its error. Every line has `index`, `path`,
/// `outcome`, `actions`, `autoshot`, `snapshot`, `timing` and `error` (null when it was scored).
public enum ClipRecord {
    /// The report fields every line would repeat; the summary line prints them once.
    public static let sharedReportKeys: Set<String> = ["tool", "config", "models", "blas"]

    /// The line of a scored clip: the single-file report (the same fields and values), minus the
    /// shared ones, with the clip's index and path first.
    public static func scored(_ clip: Clip, report: JSON) -> JSON {
        guard case .object(let pairs) = report else { return report }
        let kept = pairs.filter { !sharedReportKeys.contains($0.0) }
        // The outcome first; what was read (size, codec, rotation) and the timings after it.
        let trailing: Set<String> = ["input", "timing"]
        return .object(
            [("index", .number(Double(clip.index))), ("path", .string(clip.shownPath))]
                + kept.filter { !trailing.contains($0.0) } + kept.filter { trailing.contains($0.0) }
                + [("error", .null)])
    }

    /// The line of a clip that could not be scored.
    public static func failed(_ clip: Clip, error: ClipError, wallMs: Double) -> JSON {
        .object([
            ("index", .number(Double(clip.index))), ("path", .string(clip.shownPath)),
            ("outcome", .null), ("actions", .array([])), ("autoshot", .null), ("snapshot", .null),
            ("timing", .object([("wallMs", .number(wallMs))])),
            ("error", error.json),
        ])
    }
}

/// Why one clip of a batch has no result. `kind` is stable and meant for counting and filtering.
public struct ClipError {
    public var kind: String
    /// The one line the single-file command prints for the same problem.
    public var message: String
    public var exitCode: ExitCode
    /// Extra facts: the signal that killed the worker, the limit that was hit.
    public var details: [(String, JSON)] = []

    public init(kind: String, message: String, exitCode: ExitCode, details: [(String, JSON)] = []) {
        self.kind = kind
        self.message = message
        self.exitCode = exitCode
        self.details = details
    }

    public var json: JSON {
        .object([("kind", .string(kind)), ("message", .string(message)), ("exitCode", .number(Double(exitCode.rawValue)))] + details)
    }
}

/// What the coordinator reads back from a line: enough to count it and to resume after it.
public struct RecordFacts {
    public var index: Int?
    public var path: String
    public var outcome: String?
    public var errorKind: String?
    public var errorExitCode: Int32?
    public var errorMessage: String?
    public var frames: Int
    public var peakRSSMB: Double?
    /// Each action not credited, with the rule its nearest miss names (`ActionMiss`): `noAutoshot`
    /// when the scan never started, `noFace` when no frame of it had a face to judge.
    public var misses: [(action: String, rule: String)] = []

    /// nil for a line that is not a clip's record (a summary, a partial or foreign line).
    public init?(line: some Collection<UInt8>) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
              let path = object["path"] as? String else { return nil }
        self.path = path
        index = (object["index"] as? NSNumber)?.intValue
        outcome = object["outcome"] as? String
        let error = object["error"] as? [String: Any]
        errorKind = error?["kind"] as? String
        errorExitCode = (error?["exitCode"] as? NSNumber)?.int32Value
        errorMessage = error?["message"] as? String
        frames = ((object["frames"] as? [String: Any])?["processed"] as? NSNumber)?.intValue ?? 0
        peakRSSMB = ((object["timing"] as? [String: Any])?["peakRSSMB"] as? NSNumber)?.doubleValue
        let scanned = object["autoshot"] is [String: Any]
        for case let action as [String: Any] in object["actions"] as? [Any] ?? [] where action["credited"] as? Bool == false {
            let rule = (action["nearestMiss"] as? [String: Any])?["rule"] as? String
            misses.append((action["action"] as? String ?? "?", rule ?? (scanned ? "noFace" : "noAutoshot")))
        }
        if outcome == nil && errorKind == nil { return nil }
    }

    /// Whether a parsed line is a clip's record (not a summary).
    public static func isRecord(_ object: [String: Any]) -> Bool {
        object["path"] is String && (object["outcome"] is String || object["error"] is [String: Any])
    }
}

/// `--resume`: how many times each path already has a line in the output file.
public enum ResumeLedger {
    /// Every line must be a record or a summary: one that is neither (a garbage line in the
    /// middle) means the file is not what this tool left, and appending after it would hide that.
    public static func done(in sink: RecordSink) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        var number = 0, foreign: Int?
        try sink.forEachLine { line in
            number += 1
            if let facts = RecordFacts(line: line) {
                counts[facts.path, default: 0] += 1
            } else if foreign == nil, ((try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any])?["summary"] == nil {
                foreign = number
            }
        }
        if let foreign {
            throw BatchInputError.outputUnusable(
                path: sink.path ?? "", cause: "its line \(foreign) is not a liveness line: not resumed (remove that line, or choose another path)")
        }
        return counts
    }

    /// The clips still to score: each path is skipped as many times as it has lines already.
    public static func remaining(_ clips: [Clip], done: [String: Int]) -> (todo: [Clip], skipped: Int) {
        var left = done
        var todo: [Clip] = []
        for clip in clips {
            if let n = left[clip.shownPath], n > 0 {
                left[clip.shownPath] = n - 1
            } else {
                todo.append(clip)
            }
        }
        return (todo, clips.count - todo.count)
    }
}
