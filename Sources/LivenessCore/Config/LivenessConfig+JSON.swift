import Foundation

/// Why a configuration could not be used.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// true and false as JSONSerialization gives them. On Linux `raw is Bool` also holds for the
/// numbers 0 and 1 (and 1.0), which made `"settleMs": 0` or `"framesToAutoshot": 1` "not a
/// number"; a JSON boolean is the NSNumber whose type is char.
public func isJSONBoolean(_ raw: Any) -> Bool {
    guard let number = raw as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
}

extension LivenessConfig {
    /// One entry per field: its JSON key, how to read it into a config, and its current value as JSON.
    private struct Field {
        let key: String
        let read: (inout LivenessConfig, Any) throws -> Void
        let value: (LivenessConfig) -> JSON
    }

    private static func number(_ key: String, _ path: WritableKeyPath<LivenessConfig, Double>, _ valid: ClosedRange<Double>) -> Field {
        Field(
            key: key,
            read: { config, raw in
                guard let n = (raw as? NSNumber)?.doubleValue, !isJSONBoolean(raw), valid.contains(n) else {
                    throw ConfigError("\"\(key)\" must be a number in \(JSON.format(valid.lowerBound))...\(JSON.format(valid.upperBound))")
                }
                try checkPrintable(n, key: key)
                config[keyPath: path] = n
            },
            value: { .number($0[keyPath: path]) })
    }

    /// The report prints the configuration so that a run can be replayed from it, and prints
    /// numbers with up to 4 decimals: a value it would print differently (5e-324 as 0, 0.12345 as
    /// 0.1235) would replay as another run, so it is refused rather than silently changed.
    private static func checkPrintable(_ n: Double, key: String) throws {
        guard Double(JSON.format(n)) == n else {
            throw ConfigError("\"\(key)\" has more than 4 decimals (\(n)); the report, which replays a run, keeps 4")
        }
    }

    private static func count(_ key: String, _ path: WritableKeyPath<LivenessConfig, Int>, _ valid: ClosedRange<Int>) -> Field {
        Field(
            key: key,
            read: { config, raw in
                // The range is checked on the Double: Int(1e308) would trap.
                guard let n = (raw as? NSNumber)?.doubleValue, !isJSONBoolean(raw), n == n.rounded(),
                      n >= Double(valid.lowerBound), n <= Double(valid.upperBound) else {
                    throw ConfigError("\"\(key)\" must be a whole number in \(valid.lowerBound)...\(valid.upperBound)")
                }
                config[keyPath: path] = Int(n)
            },
            value: { .number(Double($0[keyPath: path])) })
    }

    /// A focal length in pixels: from a lens seeing nearly 180 degrees to a long telephoto on 8K.
    private static let focalLengthRange = 1.0...1_000_000

    private static let fields: [Field] = [
        number("circleCentreX", \.circleCentreX, 0...1),
        number("circleCentreY", \.circleCentreY, 0...1),
        number("circleRadius", \.circleRadius, 0.01...0.5),
        number("settleMs", \.settleMs, 0...60_000),
        count("framesToAutoshot", \.framesToAutoshot, 1...1000),
        number("tooFarHeightFraction", \.tooFarHeightFraction, 0...1),
        number("blinkClosure", \.blinkClosure, 0...1),
        number("blinkMaxAbsYaw", \.blinkMaxAbsYaw, 0...180),
        number("blinkSeenOpenClosure", \.blinkSeenOpenClosure, 0...1),
        number("blinkSeenOpenMs", \.blinkSeenOpenMs, 0...60_000),
        number("blinkMaxHeadSpeed", \.blinkMaxHeadSpeed, 0...1000),
        number("blinkMaxYawRate", \.blinkMaxYawRate, 0...100_000),
        number("headMotionWindowMs", \.headMotionWindowMs, 1...60_000),
        number("squintShare", \.squintShare, 0...1),
        number("openEyeFallback", \.openEyeFallback, 0.01...2),
        number("openEyeFallbackLower", \.openEyeFallbackLower, 0...2),
        number("openEyePercentile", \.openEyePercentile, 0...1),
        number("openEyeWindowMs", \.openEyeWindowMs, 1...600_000),
        count("openEyeMinSamples", \.openEyeMinSamples, 1...10_000),
        number("openEyeMaxAbsYaw", \.openEyeMaxAbsYaw, 0...180),
        number("openEyeMinimum", \.openEyeMinimum, 0...2),
        number("turnDegrees", \.turnDegrees, 0.1...90),
        count("turnHoldFrames", \.turnHoldFrames, 1...1000),
        number("cameraStillMaxDegPerSec", \.cameraStillMaxDegPerSec, 0...10_000),
        Field(
            key: "focalLengthPx",
            read: { config, raw in
                if raw is NSNull { config.focalLengthPx = nil; return }
                guard let n = (raw as? NSNumber)?.doubleValue, !isJSONBoolean(raw), focalLengthRange.contains(n) else {
                    throw ConfigError("\"focalLengthPx\" must be a number of pixels in 1...1000000, or null")
                }
                try checkPrintable(n, key: "focalLengthPx")
                config.focalLengthPx = n
            },
            value: { $0.focalLengthPx.map(JSON.number) ?? .null }),
        number("graceMs", \.graceMs, 0...600_000),
        number("capMs", \.capMs, 1...3_600_000),
        number("snapshotMaxClosure", \.snapshotMaxClosure, 0...1),
        number("snapshotMaxYawFromNeutral", \.snapshotMaxYawFromNeutral, 0...180),
        number("snapshotWindowMs", \.snapshotWindowMs, 0...600_000),
        number("differentFaceDistance", \.differentFaceDistance, 0.01...4),
        number("sameFaceAgainDistance", \.sameFaceAgainDistance, 0.01...4),
    ]

    /// Reads a JSON object; keys left out keep their defaults.
    public init(json data: Data) throws {
        self.init()
        let parsed = try StrictJSON.parse(data)
        guard let object = parsed as? [String: Any] else { throw ConfigError("the top level must be a JSON object") }
        let known = Dictionary(uniqueKeysWithValues: Self.fields.map { ($0.key, $0) })
        for key in object.keys.sorted() {
            guard let field = known[key] else { throw ConfigError("unknown key \"\(key)\"") }
            try field.read(&self, object[key]!)
        }
    }

    /// Every field, in declaration order: what a report prints.
    public var json: JSON {
        .object(Self.fields.map { ($0.key, $0.value(self)) })
    }
}
