import Foundation
import LivenessCore
import LivenessData
import LivenessFiles
import LivenessVision

/// What `liveness bench` runs and the floors it holds the engine to (format: Benchmarks/README.md).
public struct BenchManifest {
    public struct Clip {
        public var name: String
        public var video: String
        public var labels: ClipLabels
        public var seed: UInt64
        public var config: LivenessConfig
        /// `passed`, `timedOut`, `incomplete`, or `notPassed` (anything but passed); nil: not checked.
        public var expectedOutcome: String?
        /// A presentation attack (a still photo, a moving camera): it must not pass.
        public var attack: Bool
        /// A re-timed or rotated copy: it must reach the same decisions as this clip.
        public var sameDecisionsAs: String?
        /// Another person takes over (a face swap): `faceChanged` must be emitted; otherwise it must not.
        public var faceChanged: Bool
    }

    /// Known people's clips and photos of strangers, for the same/different pairs metric.
    public struct Identities {
        public var people: [(name: String, videos: [String])]
        /// Images, or folders of images, of nobody among `people`.
        public var strangers: [String]
        /// Clip frames described at least this far apart (0: every frame with a face).
        public var sampleMs: Double
    }

    public var clips: [Clip]
    /// The data root for the still-image sets (`../shared/data`), nil to skip them.
    public var stillsRoot: String?
    public var toleranceMs: Double
    /// Label confidences that count as real events; others are ignored (neither hit nor miss).
    public var positiveConfidences: Set<String>
    public var floors: [Floor]
    public var identities: Identities?

    /// What a clip's "expect" may say.
    static let outcomes: Set<String> = ["passed", "timedOut", "incomplete", "notPassed"]

    /// Reads a manifest. Paths starting `data:` are under the data root (`$LIVENESS_DATA`, or the
    /// manifest's `data`), `derived:` under its `derived` folder, others relative to the manifest.
    public init(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func bad(_ cause: String) -> BenchError { .badFile(path: path, cause: cause) }
        let object = try Self.object(path)
        let folder = (path as NSString).deletingLastPathComponent
        /// `path` as is when absolute, else taken from `base`.
        func join(_ base: String, _ path: String) -> String {
            path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        }
        func text(_ value: Any?, _ key: String) throws -> String? {
            guard let value else { return nil }
            guard let text = value as? String else { throw bad("\"\(key)\" must be a string") }
            return text
        }
        let dataRoot = try DataRoot.path(default: join(folder, text(object["data"], "data") ?? "../../shared/data"), environment: environment)
        let derivedRoot = join(folder, try text(object["derived"], "derived") ?? "output/derived")
        /// A true/false key: a JSON boolean (not the numbers 0 and 1, which Linux bridges to Bool too).
        func flag(_ value: Any?, _ key: String) throws -> Bool {
            guard let value else { return false }
            guard isJSONBoolean(value), let flag = value as? Bool else { throw bad("\"\(key)\" must be true or false") }
            return flag
        }
        func number(_ value: Any?, _ key: String, in range: ClosedRange<Double>) throws -> Double? {
            try Self.number(value, key, in: range, path: path)
        }
        func resolve(_ reference: String) -> String {
            if reference.hasPrefix("data:") { return join(dataRoot, String(reference.dropFirst(5))) }
            if reference.hasPrefix("derived:") { return join(derivedRoot, String(reference.dropFirst(8))) }
            return join(folder, reference)
        }

        toleranceMs = try number(object["toleranceMs"], "toleranceMs", in: 0...60_000) ?? 150
        if let confidences = object["positiveConfidences"] {
            guard let list = confidences as? [Any], let names = list as? [String], names.count == list.count else {
                throw bad("\"positiveConfidences\" must be a list of strings")
            }
            positiveConfidences = Set(names)
        } else {
            positiveConfidences = ["eye-checked", "model-agree"]
        }
        stillsRoot = try flag(object["stills"], "stills") ? dataRoot : nil
        if let stillsRoot, !InputFile.isFolder(stillsRoot) {
            throw bad("\"stills\" needs the data folder, and \(stillsRoot) is not one (set LIVENESS_DATA or the manifest's \"data\")")
        }

        guard let clipList = object["clips"] as? [[String: Any]] else { throw bad("\"clips\" must be a list") }
        clips = try clipList.map { entry in
            guard let name = entry["name"] as? String, let video = entry["video"] as? String else {
                throw bad("every clip needs \"name\" and \"video\"")
            }
            var config = LivenessConfig()
            if let overrides = entry["config"] {
                do {
                    config = try LivenessConfig(json: try JSONSerialization.data(withJSONObject: overrides))
                } catch let error as ConfigError {
                    throw bad("clip \(name): config: \(error.description)")
                }
            }
            let labels = try text(entry["labels"], "labels").map { try ClipLabels.load(resolve($0)) } ?? ClipLabels()
            let expected = try text(entry["expect"], "expect")
            if let expected, !Self.outcomes.contains(expected) {
                throw bad("clip \(name): \"expect\" must be one of \(Self.outcomes.sorted().joined(separator: ", "))")
            }
            return Clip(
                name: name, video: resolve(video), labels: labels,
                seed: UInt64(try number(entry["seed"], "seed", in: 0...Double(UInt32.max)).map { n -> Double in
                    guard n == n.rounded() else { throw bad("clip \(name): \"seed\" must be a whole number") }
                    return n
                } ?? 1),
                config: config, expectedOutcome: expected, attack: try flag(entry["attack"], "attack"),
                sameDecisionsAs: try text(entry["sameDecisionsAs"], "sameDecisionsAs"),
                faceChanged: try flag(entry["faceChanged"], "faceChanged"))
        }
        var names = Set<String>()
        for clip in clips where !names.insert(clip.name).inserted {
            throw bad("two clips are named \"\(clip.name)\" (a name picks a clip's results and pictures: make them unique)")
        }
        for clip in clips {
            if let reference = clip.sameDecisionsAs, !names.contains(reference) {
                throw bad("clip \(clip.name): sameDecisionsAs names no clip \"\(reference)\"")
            }
        }

        if let entry = object["identities"] {
            guard let identities = entry as? [String: Any], let people = identities["people"] as? [[String: Any]],
                  let strangers = identities["strangers"] as? [String] else {
                throw bad("\"identities\" must hold \"people\" (a list) and \"strangers\" (a list of paths)")
            }
            self.identities = Identities(
                people: try people.map { person in
                    guard let name = person["name"] as? String, let videos = person["videos"] as? [String], !videos.isEmpty else {
                        throw bad("every person of \"identities\" needs \"name\" and \"videos\"")
                    }
                    return (name, videos.map(resolve))
                },
                strangers: strangers.map(resolve),
                sampleMs: (identities["sampleMs"] as? NSNumber)?.doubleValue ?? 0)
        }

        floors = try Self.floors(in: object, path: path)
    }

    /// The floors of the manifest at `path`, read as `init` reads them (for the accuracy tests,
    /// which need none of the clips).
    public static func floors(path: String) throws -> [Floor] {
        try floors(in: object(path), path: path)
    }

    /// The manifest's JSON object: read within the small-file bound, parsed strictly.
    static func object(_ path: String) throws -> [String: Any] {
        try strictJSONObject(path, bad: { .badFile(path: path, cause: $0) })
    }

    static func floors(in object: [String: Any], path: String) throws -> [Floor] {
        func bad(_ cause: String) -> BenchError { .badFile(path: path, cause: cause) }
        guard let floorList = object["floors"] as? [[String: Any]] else { throw bad("\"floors\" must be a list") }
        return try floorList.map { entry in
            guard let metric = entry["metric"] as? String else { throw bad("every floor needs \"metric\"") }
            let min = try number(entry["min"], "min", in: -1e12...1e12, path: path), max = try number(entry["max"], "max", in: -1e12...1e12, path: path)
            guard min != nil || max != nil else { throw bad("floor \(metric) needs \"min\" or \"max\"") }
            var gap: Floor.KnownGap?
            if let entry = entry["knownGap"] {
                guard let fields = entry as? [String: Any], let issue = try number(fields["issue"], "issue", in: 1...1e6, path: path),
                      issue == issue.rounded(), let measured = try number(fields["measured"], "measured", in: -1e12...1e12, path: path)
                else { throw bad("floor \(metric): \"knownGap\" needs a whole \"issue\" number and the \"measured\" value") }
                gap = Floor.KnownGap(issue: Int(issue), measured: measured)
            }
            return Floor(metric: metric, min: min, max: max, knownGap: gap)
        }
    }

    /// A number key within `range` (a JSON number, not a boolean).
    static func number(_ value: Any?, _ key: String, in range: ClosedRange<Double>, path: String) throws -> Double? {
        guard let value else { return nil }
        guard !isJSONBoolean(value), let n = (value as? NSNumber)?.doubleValue, range.contains(n) else {
            throw BenchError.badFile(path: path, cause: "\"\(key)\" must be a number in \(JSON.format(range.lowerBound))...\(JSON.format(range.upperBound))")
        }
        return n
    }
}

/// A bound on one metric; the run fails when the engine is on the wrong side of it.
public struct Floor: Sendable {
    public var metric: String
    public var min: Double?
    public var max: Double?
    /// A floor the engine is known to break, with the open issue that owns it and the value it had
    /// when that was written down. It breaks the run like any other; the accuracy tests hold the
    /// engine to no worse than `measured` and fail once the floor holds, so the mark is removed.
    public var knownGap: KnownGap?

    public struct KnownGap: Sendable {
        public var issue: Int
        public var measured: Double
    }

    /// Why `value` breaks this floor, or nil when it holds.
    public func breach(_ value: Double?) -> String? {
        guard let value, !value.isNaN else { return "\(metric) was not measured" }
        let known = knownGap.map { " (a known gap of issue \($0.issue), recorded at \(fmt($0.measured)))" } ?? ""
        if let min, value < min { return "\(metric) = \(fmt(value)) is below its floor \(fmt(min))" + known }
        if let max, value > max { return "\(metric) = \(fmt(value)) is above its ceiling \(fmt(max))" + known }
        return nil
    }

    /// How far `value` is outside the bound (0 when it holds).
    public func shortfall(_ value: Double) -> Double {
        Swift.max((min ?? -.infinity) - value, value - (max ?? .infinity), 0)
    }
}
