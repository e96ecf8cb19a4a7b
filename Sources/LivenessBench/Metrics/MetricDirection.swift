import Foundation

/// Which way a metric improves. Decided for every metric here and nowhere else
/// (Benchmarks/README.md, "Comparing runs").
public enum MetricDirection: Sendable {
    case higherIsBetter
    case lowerIsBetter
    /// A metric no rule names: its change is reported without calling it better or worse.
    case unknown

    /// Shell-style patterns on the metric's name, compared without regard to case; the first
    /// that matches decides.
    static let rules: [(pattern: String, direction: MetricDirection)] = [
        // dlib's own HOG counts are the reference the engine's recall is held to, not the engine's.
        ("recall.dlibHog.*", .unknown),
        // Faces the engine lost and HOG found (SPEC §2).
        ("*.hogOnlyFrames", .lowerIsBetter),
        // APCER and BPCER: attacks that pass, genuine clips that do not.
        ("attacks.*", .lowerIsBetter),
        ("recall.*", .higherIsBetter),
        ("*accuracy", .higherIsBetter),
        ("*precision", .higherIsBetter),
        ("*recall", .higherIsBetter),
        ("*share", .higherIsBetter),
        ("*.auc", .higherIsBetter),
        ("*.found", .higherIsBetter),
        ("*.promptsShown", .higherIsBetter),
        ("*.sameDecisions", .higherIsBetter),
        ("*.scored", .higherIsBetter),
        ("*.framesPerSecond", .higherIsBetter),
        ("identity.*accepted", .higherIsBetter),
        ("identity.*rejected", .higherIsBetter),
        ("identity.differentDistanceMin", .higherIsBetter),
        ("identity.sameDistanceMax", .lowerIsBetter),
        ("*.mae*", .lowerIsBetter),
        ("*.nme*", .lowerIsBetter),
        // clips.meanAutoshotMs and the per-stage speed.ms.<stage>.
        ("*ms", .lowerIsBetter),
        ("*.ms.*", .lowerIsBetter),
        ("*.peakRSS*", .lowerIsBetter),
    ]

    public init(metric: String) {
        let name = metric.lowercased()
        self = Self.rules.first { fnmatch($0.pattern.lowercased(), name, 0) == 0 }?.direction ?? .unknown
    }
}
