/// The subject's open eye (SPEC §2): per eye, the given percentile of each lid's height over the
/// in-circle frames of the last window before the current frame whose |yaw| is under the limit
/// (a turned face foreshortens the eyes), or a fixed fallback while there are too few of them.
/// The percentile interpolates linearly between ranks.
///
/// An upper lid lower than `minimumUpper` is not an open eye: eyes shut since the start would
/// otherwise become their own baseline and read as open (closure 0), and SPEC §2 wants them to
/// count as closed until they open. Such a window also says the eyes were not seen open in it
/// (`wasSeenOpen`): a closed-eye photo whose fit flickers open on a few frames keeps its
/// percentile under the minimum.
public struct OpenEyeBaseline: Sendable {
    private var samples: [(ms: Double, lids: EyeLids)] = []
    let windowMs: Double
    let percentile: Double
    let minSamples: Int
    let maxAbsYaw: Double
    let fallbackUpper: Double
    let minimumUpper: Double

    public init(config: LivenessConfig) {
        windowMs = config.openEyeWindowMs
        percentile = config.openEyePercentile
        minSamples = config.openEyeMinSamples
        maxAbsYaw = config.openEyeMaxAbsYaw
        fallbackUpper = config.openEyeFallback
        minimumUpper = config.openEyeMinimum
    }

    /// The open eye for a frame at `ms`, from frames strictly before it and within the window.
    public mutating func openEye(at ms: Double) -> OpenEye {
        samples.removeAll { $0.ms < ms - windowMs }
        let recent = samples.filter { $0.ms < ms }.map(\.lids)
        guard recent.count >= minSamples else { return OpenEye(fallbackUpper: fallbackUpper) }
        let right = (upper: quantile(recent.map(\.right.upper)), lower: quantile(recent.map(\.right.lower)))
        let left = (upper: quantile(recent.map(\.left.upper)), lower: quantile(recent.map(\.left.lower)))
        return OpenEye(
            right: OpenLids(upper: max(right.upper, minimumUpper), lower: right.lower),
            left: OpenLids(upper: max(left.upper, minimumUpper), lower: left.lower),
            wasSeenOpen: right.upper >= minimumUpper && left.upper >= minimumUpper)
    }

    /// Records an in-circle frame's lids; a face turned `maxAbsYaw` or more is left out.
    public mutating func record(_ lids: EyeLids, yaw: Double, at ms: Double) {
        guard abs(yaw) < maxAbsYaw else { return }
        samples.append((ms, lids))
    }

    private func quantile(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let rank = percentile * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down)), high = Int(rank.rounded(.up))
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }
}
