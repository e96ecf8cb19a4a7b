import Foundation

/// Why a configuration could not be used.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension LivenessConfig: Decodable {
    private typealias Field = ConfigField<LivenessConfig>

    /// A focal length in pixels: from a lens seeing nearly 180 degrees to a long telephoto on 8K.
    private static let focalLengthRange = 1.0...1_000_000

    private static let fields: [Field] = [
        .number("circleCentreX", \.circleCentreX, 0...1),
        .number("circleCentreY", \.circleCentreY, 0...1),
        .number("circleRadius", \.circleRadius, 0.01...0.5),
        .flag("fittedGuide", \.fittedGuide),
        .number("fittedGuideFill", \.fittedGuideFill, 0.05...1),
        .number("settleMs", \.settleMs, 0...60_000),
        .count("framesToAutoshot", \.framesToAutoshot, 1...1000),
        .number("tooFarHeightFraction", \.tooFarHeightFraction, 0...1),
        .number("blinkClosure", \.blinkClosure, 0...1),
        .number("blinkMaxAbsYaw", \.blinkMaxAbsYaw, 0...180),
        .number("blinkNoiseMultiple", \.blinkNoiseMultiple, 0...1000),
        .number("blinkReopenShare", \.blinkReopenShare, 0...1),
        .number("blinkMaxClosedMs", \.blinkMaxClosedMs, 0...60_000),
        .number("blinkMinLidTravel", \.blinkMinLidTravel, 0...10),
        .number("blinkLidLeadMs", \.blinkLidLeadMs, 0...60_000),
        .number("blinkLidWindowMs", \.blinkLidWindowMs, 0...60_000),
        .number("blinkOneIntervalMs", \.blinkOneIntervalMs, 0...60_000),
        .number("squintShare", \.squintShare, 0...1),
        .number("openEyeFallback", \.openEyeFallback, 0.01...2),
        .number("openEyeFallbackLower", \.openEyeFallbackLower, 0...2),
        .number("openEyePercentile", \.openEyePercentile, 0...1),
        .number("openEyeWindowMs", \.openEyeWindowMs, 1...600_000),
        .count("openEyeMinSamples", \.openEyeMinSamples, 1...10_000),
        .number("lidNoiseWindowMs", \.lidNoiseWindowMs, 1...600_000),
        .number("openEyeMaxAbsYaw", \.openEyeMaxAbsYaw, 0...180),
        .number("turnDegrees", \.turnDegrees, 0.1...90),
        .count("turnHoldFrames", \.turnHoldFrames, 1...1000),
        .number("cameraStillMaxDegPerSec", \.cameraStillMaxDegPerSec, 0...10_000),
        .number("cameraWindowMs", \.cameraWindowMs, 1...60_000),
        Field(
            key: "focalLengthPx",
            read: { config, object, key in
                if object.contains(key), try object.decodeNil(forKey: key) { config.focalLengthPx = nil; return }
                guard let n = try object.decodeNumber(key, in: focalLengthRange, problem: "must be a number of pixels in 1...1000000, or null") else { return }
                try Field.checkPrintable(n, key: key, in: object)
                config.focalLengthPx = n
            },
            value: { $0.focalLengthPx.map(JSON.number) ?? .null }),
        .number("continuityStillBound", \.continuityStillBound, 0...10),
        .number("continuityStepBound", \.continuityStepBound, 0...10),
        .number("continuityBlinkStepBound", \.continuityBlinkStepBound, 0...10),
        .number("continuityEyeStepBound", \.continuityEyeStepBound, 0...10),
        .number("continuityEyeStepRatio", \.continuityEyeStepRatio, 1...1000),
        .number("continuityEyeStillBound", \.continuityEyeStillBound, 0...10),
        .number("continuityStepRatio", \.continuityStepRatio, 1...1000),
        .number("continuityStillMs", \.continuityStillMs, 0...60_000),
        .number("continuityLiftMs", \.continuityLiftMs, 0...60_000),
        .number("graceMs", \.graceMs, 0...600_000),
        .number("capMs", \.capMs, 1...3_600_000),
        .number("snapshotMaxClosure", \.snapshotMaxClosure, 0...1),
        .number("snapshotMaxYawFromNeutral", \.snapshotMaxYawFromNeutral, 0...180),
        .number("snapshotWindowMs", \.snapshotWindowMs, 0...600_000),
        .number("differentFaceDistance", \.differentFaceDistance, 0.01...4),
        .number("sameFaceAgainDistance", \.sameFaceAgainDistance, 0.01...4),
        .group("tracking", \.tracking, TrackingConfig.fields),
        .group("search", \.search, SearchConfig.fields),
        .group("measures", \.measures, MeasuresConfig.fields, rule: MeasuresConfig.broken),
    ]

    /// Reads a JSON object; keys left out keep their defaults.
    public init(json data: Data) throws {
        self = try StrictJSON.decode(LivenessConfig.self, from: data)
    }

    public init(from decoder: Decoder) throws {
        self.init()
        try Field.read(Self.fields, into: &self, from: decoder)
    }

    /// Every field, in declaration order: what a report prints.
    public var json: JSON {
        Field.json(Self.fields, of: self)
    }
}
