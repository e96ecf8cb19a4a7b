import Foundation
import LivenessCore
import LivenessData
import LivenessFiles
import LivenessVision

/// What `liveness bench` runs and the floors it holds the engine to (format: Benchmarks/README.md).
public struct BenchManifest {
    public struct Clip: Decodable {
        public var name: String
        public var video: String
        /// The label file, if any, and the labels read from it.
        public var labelsFile: String?
        public var labels = ClipLabels()
        public var seed: UInt64
        public var config: LivenessConfig
        /// `passed`, `timedOut`, `incomplete`, or `notPassed` (anything but passed); nil: not checked.
        public var expectedOutcome: String?
        /// A presentation attack (a still photo, a moving camera): it must not pass.
        public var attack: Bool
        /// An attack's kind (`photo_still`, `three_photo_flip`, ...): `attacks.apcer.<kind>` counts
        /// the attacks of each kind that pass.
        public var kind: String?
        /// A re-timed or rotated copy: it must reach the same decisions as this clip.
        public var sameDecisionsAs: String?
        /// Another person takes over (a face swap): `faceChanged` must be emitted; otherwise it must not.
        public var faceChanged: Bool

        /// What a clip's "expect" may say.
        static let outcomes = ["incomplete", "notPassed", "passed", "timedOut"]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, video, labels, seed, config, expect, attack, kind, sameDecisionsAs, faceChanged
        }

        /// The clip as the manifest writes it; paths are resolved, and labels read, by the manifest.
        public init(from decoder: Decoder) throws {
            let entry = try decoder.strictContainer(keyedBy: CodingKeys.self)
            name = try entry.decode(String.self, forKey: .name)
            video = try entry.decode(String.self, forKey: .video)
            labelsFile = try entry.decodeIfGiven(String.self, forKey: .labels)
            seed = UInt64(try entry.decodeWholeNumber(.seed, in: 0...Int(UInt32.max)) ?? 1)
            config = try entry.decodeIfGiven(LivenessConfig.self, forKey: .config) ?? LivenessConfig()
            expectedOutcome = try entry.decodeIfGiven(String.self, forKey: .expect)
            if let expectedOutcome, !Self.outcomes.contains(expectedOutcome) {
                throw entry.invalid(.expect, "must be one of \(Self.outcomes.joined(separator: ", "))")
            }
            attack = try entry.decodeIfGiven(Bool.self, forKey: .attack) ?? false
            kind = try entry.decodeIfGiven(String.self, forKey: .kind)
            if kind != nil, !attack { throw entry.invalid(.kind, "is an attack's kind: the clip needs \"attack\": true") }
            sameDecisionsAs = try entry.decodeIfGiven(String.self, forKey: .sameDecisionsAs)
            faceChanged = try entry.decodeIfGiven(Bool.self, forKey: .faceChanged) ?? false
        }
    }

    /// Known people's clips and photos of strangers, for the same/different pairs metric.
    public struct Identities: Decodable {
        public var people: [Person]
        /// Images, or folders of images, of nobody among `people`.
        public var strangers: [String]
        /// Clip frames described at least this far apart (0: every frame with a face).
        public var sampleMs: Double

        public struct Person: Decodable {
            public var name: String
            public var videos: [String]

            enum CodingKeys: String, CodingKey, CaseIterable { case name, videos }

            public init(from decoder: Decoder) throws {
                let entry = try decoder.strictContainer(keyedBy: CodingKeys.self)
                name = try entry.decode(String.self, forKey: .name)
                videos = try entry.decode([String].self, forKey: .videos)
                if videos.isEmpty { throw entry.invalid(.videos, "must name at least one video") }
            }
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case people, strangers, sampleMs }

        public init(from decoder: Decoder) throws {
            let entry = try decoder.strictContainer(keyedBy: CodingKeys.self)
            people = try entry.decode([Person].self, forKey: .people)
            strangers = try entry.decode([String].self, forKey: .strangers)
            sampleMs = try entry.decodeNumber(.sampleMs, in: 0...3_600_000) ?? 0
        }
    }

    public var clips: [Clip]
    /// The data root for the still-image sets (`../shared/data`), nil to skip them.
    public var stillsRoot: String?
    public var toleranceMs: Double
    /// Label confidences that count as real events; others are ignored (neither hit nor miss).
    public var positiveConfidences: Set<String>
    public var floors: [Floor]
    public var identities: Identities?

    /// The file as written, before its paths are resolved.
    private struct File: Decodable {
        var data: String?
        var derived: String?
        var toleranceMs: Double
        var positiveConfidences: Set<String>
        var stills: Bool
        var clips: [Clip]
        var identities: Identities?
        var floors: [Floor]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case data, derived, toleranceMs, positiveConfidences, stills, clips, identities, floors
        }

        init(from decoder: Decoder) throws {
            let file = try decoder.strictContainer(keyedBy: CodingKeys.self)
            data = try file.decodeIfGiven(String.self, forKey: .data)
            derived = try file.decodeIfGiven(String.self, forKey: .derived)
            toleranceMs = try file.decodeNumber(.toleranceMs, in: 0...60_000) ?? 150
            positiveConfidences = try file.decodeIfGiven(Set<String>.self, forKey: .positiveConfidences) ?? ["eye-checked", "model-agree"]
            stills = try file.decodeIfGiven(Bool.self, forKey: .stills) ?? false
            clips = try file.decode([Clip].self, forKey: .clips)
            identities = try file.decodeIfGiven(Identities.self, forKey: .identities)
            floors = try file.decode([Floor].self, forKey: .floors)
        }
    }

    /// Reads a manifest. Paths starting `data:` are under the data root (`$LIVENESS_DATA`, or the
    /// manifest's `data`), `derived:` under its `derived` folder, others relative to the manifest.
    public init(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func bad(_ cause: String) -> BenchError { .badFile(path: path, cause: cause) }
        let file = try BenchFile.decoded(File.self, path: path)
        let folder = pathFolder(path)
        /// `path` as is when absolute, else taken from `base`.
        func join(_ base: String, _ path: String) -> String {
            path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        }
        let dataRoot = DataRoot.path(default: join(folder, file.data ?? "../../shared/data"), environment: environment)
        let derivedRoot = join(folder, file.derived ?? "output/derived")
        func resolve(_ reference: String) -> String {
            if reference.hasPrefix("data:") { return join(dataRoot, String(reference.dropFirst(5))) }
            if reference.hasPrefix("derived:") { return join(derivedRoot, String(reference.dropFirst(8))) }
            return join(folder, reference)
        }

        toleranceMs = file.toleranceMs
        positiveConfidences = file.positiveConfidences
        stillsRoot = file.stills ? dataRoot : nil
        if let stillsRoot, !InputFile.isFolder(stillsRoot) {
            throw bad("\"stills\" needs the data folder, and \(stillsRoot) is not one (set LIVENESS_DATA or the manifest's \"data\")")
        }
        clips = file.clips
        for i in clips.indices {
            clips[i].video = resolve(clips[i].video)
            clips[i].labelsFile = clips[i].labelsFile.map(resolve)
            clips[i].labels = try clips[i].labelsFile.map(ClipLabels.load) ?? ClipLabels()
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
        if var identities = file.identities {
            for i in identities.people.indices { identities.people[i].videos = identities.people[i].videos.map(resolve) }
            identities.strangers = identities.strangers.map(resolve)
            self.identities = identities
        }
        floors = file.floors
    }

    /// The floors of the manifest at `path`, read as `init` reads them (for the accuracy tests,
    /// which need none of the clips).
    public static func floors(path: String) throws -> [Floor] {
        struct Floors: Decodable { var floors: [Floor] }
        return try BenchFile.decoded(Floors.self, path: path).floors
    }
}

/// A bound on one metric; the run fails when the engine is on the wrong side of it.
public struct Floor: Sendable, Decodable {
    public var metric: String
    public var min: Double?
    public var max: Double?
    /// A floor the engine is known to break, with the open issue that owns it and the value it had
    /// when that was written down. The run and the accuracy tests hold the engine to no worse than
    /// `measured` (`FloorCheck`); the tests fail once the floor holds, so the mark is removed.
    public var knownGap: KnownGap?

    public struct KnownGap: Sendable, Decodable {
        public var issue: Int
        public var measured: Double

        enum CodingKeys: String, CodingKey, CaseIterable { case issue, measured }

        public init(from decoder: Decoder) throws {
            let entry = try decoder.strictContainer(keyedBy: CodingKeys.self)
            guard let issue = try entry.decodeWholeNumber(.issue, in: 1...1_000_000) else { throw entry.invalid(.issue, "is missing") }
            guard let measured = try entry.decodeNumber(.measured, in: Floor.values) else { throw entry.invalid(.measured, "is missing") }
            (self.issue, self.measured) = (issue, measured)
        }
    }

    /// Any bound or measured value a metric could need: one beyond is a typo.
    static let values = -1e12...1e12

    enum CodingKeys: String, CodingKey, CaseIterable { case metric, min, max, knownGap }

    public init(from decoder: Decoder) throws {
        let entry = try decoder.strictContainer(keyedBy: CodingKeys.self)
        metric = try entry.decode(String.self, forKey: .metric)
        min = try entry.decodeNumber(.min, in: Self.values)
        max = try entry.decodeNumber(.max, in: Self.values)
        guard min != nil || max != nil else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "floor \(metric) needs \"min\" or \"max\""))
        }
        knownGap = try entry.decodeIfGiven(KnownGap.self, forKey: .knownGap)
    }

    /// How far `value` is outside the bound (0 when it holds).
    public func shortfall(_ value: Double) -> Double {
        Swift.max((min ?? -.infinity) - value, value - (max ?? .infinity), 0)
    }
}
