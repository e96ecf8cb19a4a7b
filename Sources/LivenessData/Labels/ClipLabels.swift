import LivenessCore
import Foundation

/// A labelled stretch of a clip (a blink or a head turn), in the clip's own timestamps.
public struct LabelledInterval: Sendable {
    public var startMs: Double
    public var endMs: Double
    /// `eye-checked`, `model-agree` or `uncertain` (see ../shared/data/README.md).
    public var confidence: String
    /// The confidence of an interval confirmed by eye on the frames (the others were flagged by
    /// landmark models, or are uncertain).
    public static let eyeChecked = "eye-checked"
    /// For turns: where the nose points in the image.
    public var direction: String?

    /// Whether a turn of `yawFromNeutral` degrees goes the labelled way: the nose toward the
    /// image's right is positive yaw (SPEC §2). An interval without a direction (every blink)
    /// agrees with anything.
    public func agrees(withYawFromNeutral yawFromNeutral: Double?) -> Bool {
        switch direction {
        case "image-right": (yawFromNeutral ?? 0) > 0
        case "image-left": (yawFromNeutral ?? 0) < 0
        default: true
        }
    }

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
    /// -16.667, OpenCV's time for its first frame), is taken off every time. Keys the bench does
    /// not use (the clip's source, frame counts, notes) are left alone.
    public static func load(_ path: String) throws -> ClipLabels {
        let file = try BenchFile.decoded(File.self, path: path)
        let origin = file.firstFrameMs ?? 0
        func intervals(_ list: [File.Interval]) -> [LabelledInterval] {
            list.map {
                LabelledInterval(startMs: $0.startMs - origin, endMs: $0.endMs - origin, confidence: $0.confidence ?? "uncertain", direction: $0.direction)
            }
        }
        return ClipLabels(
            blinks: intervals(file.blinks), turns: intervals(file.turns), expectedPrompts: file.expectedPrompts ?? [],
            faceInFromMs: file.faceInFromMs.map { $0 - origin })
    }

    /// The keys of a label file the bench reads; every time within `LabelNumber.ms`.
    private struct File: Decodable {
        struct Interval: Decodable {
            var startMs: Double
            var endMs: Double
            var confidence: String?
            var direction: String?

            enum CodingKeys: String, CodingKey { case startMs, endMs, confidence, direction }

            init(from decoder: Decoder) throws {
                let entry = try decoder.container(keyedBy: CodingKeys.self)
                startMs = try File.time(entry.decode(Double.self, forKey: .startMs), .startMs, in: entry)
                endMs = try File.time(entry.decode(Double.self, forKey: .endMs), .endMs, in: entry)
                confidence = try entry.decodeIfPresent(String.self, forKey: .confidence)
                direction = try entry.decodeIfPresent(String.self, forKey: .direction)
            }
        }
        var firstFrameMs: Double?
        var blinks: [Interval]
        var turns: [Interval]
        var expectedPrompts: [String]?
        var faceInFromMs: Double?

        enum CodingKeys: String, CodingKey { case firstFrameMs, blinks, turns, expectedPrompts, faceInFromMs }

        init(from decoder: Decoder) throws {
            let file = try decoder.container(keyedBy: CodingKeys.self)
            firstFrameMs = try file.decodeIfPresent(Double.self, forKey: .firstFrameMs).map { try Self.time($0, .firstFrameMs, in: file) }
            blinks = try file.decode([Interval].self, forKey: .blinks)
            turns = try file.decode([Interval].self, forKey: .turns)
            expectedPrompts = try file.decodeIfPresent([String].self, forKey: .expectedPrompts)
            faceInFromMs = try file.decodeIfPresent(Double.self, forKey: .faceInFromMs).map { try Self.time($0, .faceInFromMs, in: file) }
        }

        /// `n`, the time at `key`, when within `LabelNumber.ms`.
        static func time<Key: CodingKey>(_ n: Double, _ key: Key, in entry: KeyedDecodingContainer<Key>) throws -> Double {
            guard LabelNumber.ms.contains(n) else { throw entry.invalid(key, LabelNumber.problem(LabelNumber.ms)) }
            return n
        }
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
