/// The subject's open-eye EAR (SPEC §2): the given percentile of `ear` over the in-circle frames of
/// the last window before the current frame, or a fallback while there are too few of them.
/// The percentile interpolates linearly between ranks.
public struct OpenEyeBaseline: Sendable {
    private var samples: [(ms: Double, ear: Double)] = []
    let windowMs: Double
    let percentile: Double
    let minSamples: Int
    let fallback: Double

    public init(config: LivenessConfig) {
        windowMs = config.openEARWindowMs
        percentile = config.openEARPercentile
        minSamples = config.openEARMinSamples
        fallback = config.openEARFallback
    }

    /// The baseline for a frame at `ms`, from frames strictly before it and within the window.
    public mutating func openEAR(at ms: Double) -> Double {
        samples.removeAll { $0.ms < ms - windowMs }
        let recent = samples.filter { $0.ms < ms }.map(\.ear).sorted()
        guard recent.count >= minSamples else { return fallback }
        let rank = percentile * Double(recent.count - 1)
        let low = Int(rank.rounded(.down)), high = Int(rank.rounded(.up))
        return recent[low] + (recent[high] - recent[low]) * (rank - Double(low))
    }

    /// Records an in-circle frame's EAR.
    public mutating func record(ear: Double, at ms: Double) {
        samples.append((ms, ear))
    }
}
