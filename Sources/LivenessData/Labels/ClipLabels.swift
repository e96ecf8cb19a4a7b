import LivenessCore
import Foundation

/// A labelled stretch of a clip (a blink or a head turn), in the clip's own timestamps.
public struct LabelledInterval: Sendable {
    public var startMs: Double
    public var endMs: Double
    /// `eye-checked`, `model-agree` or `uncertain` (see ../shared/data/README.md).
    public var confidence: String
    /// For turns: where the nose points in the image.
    public var direction: String?

    /// Whether `ms` falls inside, widened by `toleranceMs` on both sides.
    public func contains(_ ms: Double, toleranceMs: Double) -> Bool {
        ms >= startMs - toleranceMs && ms <= endMs + toleranceMs
    }
}

/// A clip's label file: `clip_labels/<clip>.json`, or one written beside a derived clip.
public struct ClipLabels: Sendable {
    public var blinks: [LabelledInterval]
    public var turns: [LabelledInterval]
    /// Derived clips: prompts that must appear, in order, before the autoshot.
    public var expectedPrompts: [String]
    /// Derived clips: from when the face is framed (the autoshot may not come earlier).
    public var faceInFromMs: Double?

    public init(blinks: [LabelledInterval] = [], turns: [LabelledInterval] = [], expectedPrompts: [String] = [], faceInFromMs: Double? = nil) {
        self.blinks = blinks
        self.turns = turns
        self.expectedPrompts = expectedPrompts
        self.faceInFromMs = faceInFromMs
    }

    /// Intervals count from the clip's first frame, as the engine's timestamps do (SPEC §1): a
    /// file's `firstFrameMs`, the first frame's time in the labels' own clock (face_noface.json:
    /// -16.667, OpenCV's time for its first frame), is taken off every time.
    public static func load(_ path: String) throws -> ClipLabels {
        let data = try LabelFile.data(path)
        guard let object = (try? StrictJSON.parse(data)) as? [String: Any] else {
            throw BenchError.badFile(path: path, cause: "not a JSON object")
        }
        let origin = (object["firstFrameMs"] as? NSNumber)?.doubleValue ?? 0
        func intervals(_ key: String) throws -> [LabelledInterval] {
            guard let list = object[key] as? [[String: Any]] else {
                throw BenchError.badFile(path: path, cause: "\"\(key)\" must be a list of intervals")
            }
            return try list.map { entry in
                guard let start = (entry["startMs"] as? NSNumber)?.doubleValue, let end = (entry["endMs"] as? NSNumber)?.doubleValue else {
                    throw BenchError.badFile(path: path, cause: "an interval of \"\(key)\" lacks startMs/endMs")
                }
                return LabelledInterval(
                    startMs: start - origin, endMs: end - origin, confidence: entry["confidence"] as? String ?? "uncertain",
                    direction: entry["direction"] as? String)
            }
        }
        return ClipLabels(
            blinks: try intervals("blinks"), turns: try intervals("turns"),
            expectedPrompts: object["expectedPrompts"] as? [String] ?? [],
            faceInFromMs: (object["faceInFromMs"] as? NSNumber).map { $0.doubleValue - origin })
    }
}

/// Why a benchmark could not run: a manifest, label or `--compare` file that cannot be used.
public enum BenchError: Error, CustomStringConvertible {
    case badFile(path: String, cause: String)

    public var description: String {
        switch self {
        case .badFile(let path, let cause): return "\(path): \(cause)"
        }
    }
}
