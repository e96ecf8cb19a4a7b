/// Per-frame latencies summarised as the live command reports them (milliseconds).
public struct LatencySummary: Equatable, Sendable {
    public let count: Int
    public let p50: Double
    public let p95: Double
    public let max: Double
    public let mean: Double

    /// Percentiles by the nearest-rank rule: the smallest sample with at least p % of the
    /// samples at or below it (so p95 is a latency that was actually measured). Zeros when empty.
    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.min(sorted.count - 1, Swift.max(0, index))]
        }
        p50 = rank(50)
        p95 = rank(95)
        max = sorted.last ?? 0
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    }
}
