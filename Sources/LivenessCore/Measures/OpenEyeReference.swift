/// SPEC §2 "judged against the subject's own open eye as it was just before": per eye, the given
/// percentile of each lid's height over the readable frames (|yaw| under the limit: a turned face
/// foreshortens the eyes) of the last `openEyeWindowMs`, and the landmark fit's own frame-to-frame
/// noise on this face: the median change of the mean upper lid between consecutive readable frames
/// of the last `lidNoiseWindowMs`, as a share of the open upper lid (closure's unit). While fewer
/// than `openEyeMinSamples` frames are in the window, the fixed fallback stands in, with no noise
/// known. The percentile interpolates linearly between ranks.
///
/// The window is a fraction of a second (Benchmarks/RESULTS.md, issue 44): a talker's, a
/// smiler's and a down-looker's open eye changes from second to second, and a camera's exposure
/// settles in the first half second. A closing is judged against the reference it started from
/// (`BlinkEvent.closingReference`), and its frames are not recorded: a blink never becomes its
/// own open eye. Eyes shut from the start make a shut reference, against which they read open:
/// they have no closing until they have opened.
public struct OpenEyeReference: Sendable {
    /// The open eye and the fit's noise (a share of the open upper lid) a frame is judged against.
    public struct Reading: Equatable, Sendable {
        public var open: OpenEye
        public var noise: Double

        public init(open: OpenEye, noise: Double) {
            self.open = open
            self.noise = noise
        }
    }

    private var samples: [(ms: Double, lids: EyeLids)] = []
    let windowMs: Double
    let noiseWindowMs: Double
    let percentile: Double
    let minSamples: Int
    let maxAbsYaw: Double
    let fallbackUpper: Double

    public init(config: LivenessConfig) {
        windowMs = config.openEyeWindowMs
        noiseWindowMs = config.lidNoiseWindowMs
        percentile = config.openEyePercentile
        minSamples = config.openEyeMinSamples
        maxAbsYaw = config.openEyeMaxAbsYaw
        fallbackUpper = config.openEyeFallback
    }

    /// The reference for a frame at `ms`, from the frames recorded strictly before it.
    public func reading(at ms: Double) -> Reading {
        let recent = samples.filter { $0.ms < ms && $0.ms >= ms - windowMs }.map(\.lids)
        guard recent.count >= minSamples else { return Reading(open: OpenEye(fallbackUpper: fallbackUpper), noise: 0) }
        let open = OpenEye(
            right: OpenLids(upper: quantile(recent.map(\.right.upper)), lower: quantile(recent.map(\.right.lower))),
            left: OpenLids(upper: quantile(recent.map(\.left.upper)), lower: quantile(recent.map(\.left.lower))))
        let uppers = samples.filter { $0.ms < ms && $0.ms >= ms - noiseWindowMs }.map { ($0.lids.right.upper + $0.lids.left.upper) / 2 }
        let steps = zip(uppers, uppers.dropFirst()).map { abs($1 - $0) }
        let openUpper = (open.right.upper + open.left.upper) / 2
        let noise = steps.isEmpty || openUpper <= 0 ? 0 : median(steps) / openUpper
        return Reading(open: open, noise: noise)
    }

    /// Records a frame's lids; a face turned `maxAbsYaw` or more is left out.
    public mutating func record(_ lids: EyeLids, yaw: Double, at ms: Double) {
        samples.removeAll { $0.ms < ms - max(windowMs, noiseWindowMs) }
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
