import LivenessData

/// One floor judged against the value a run measured: it holds, it is a known gap no worse than
/// recorded, or it is broken (a regression, which fails the run).
public struct FloorCheck: Sendable {
    public enum Status: String, Sendable {
        case held
        /// Breaks the floor, but no further than the manifest's `knownGap` recorded.
        case knownGap
        /// Breaks the floor and has no known gap, is worse than its gap, or was not measured.
        case broken
    }

    public var floor: Floor
    public var value: Double?
    public var status: Status
    /// Why the floor is broken or a known gap, in one line naming the metric; nil when it holds.
    public var message: String?

    /// A known gap whose floor now holds: its mark should go from the manifest.
    public var gapClosed: Bool { status == .held && floor.knownGap != nil }

    /// `floor` against `value` (nil or NaN: not measured).
    public init(_ floor: Floor, value: Double?) {
        self.floor = floor
        self.value = value
        guard let value, !value.isNaN else {
            (status, message) = (.broken, "\(floor.metric) was not measured")
            return
        }
        let crossed: (side: String, bound: Double)? =
            if let min = floor.min, value < min { ("below its floor", min) }
            else if let max = floor.max, value > max { ("above its ceiling", max) }
            else { nil }
        guard let crossed else {
            (status, message) = (.held, nil)
            return
        }
        guard let gap = floor.knownGap else {
            let digits = Self.decimals(showing: value, apartFrom: [crossed.bound])
            (status, message) = (.broken, "\(floor.metric) = \(fmt(value, digits)) is \(crossed.side) \(fmt(crossed.bound, digits))")
            return
        }
        // `measured` is copied from a result JSON, which keeps four decimals.
        let worse = floor.shortfall(value) > floor.shortfall(gap.measured) + BenchComparison.roundingTolerance
        let digits = Self.decimals(showing: value, apartFrom: [crossed.bound] + (worse ? [gap.measured] : []))
        let figures = "\(floor.metric) = \(fmt(value, digits)) is \(crossed.side) \(fmt(crossed.bound, digits))"
        let recorded = "known gap of issue \(gap.issue), recorded at \(fmt(gap.measured, digits))"
        (status, message) = worse ? (.broken, figures + ", and worse than its " + recorded) : (.knownGap, figures + ": a " + recorded)
    }

    /// The fewest decimals, from three, at which `value` prints apart from each of `others` it
    /// differs from: 0.99998 below a floor of 1 shows as 0.99998 and 1.00000, not 1.000 and 1.000.
    static func decimals(showing value: Double, apartFrom others: [Double]) -> Int {
        let most = 15
        return others.filter { $0 != value }.map { other in
            (3...most).first { fmt(value, $0) != fmt(other, $0) } ?? most
        }.max() ?? 3
    }
}

extension Array where Element == FloorCheck {
    /// `floors` against the run's `metrics`, in the manifest's order.
    public init(_ floors: [Floor], metrics: [Metric]) {
        let values = metrics.valuesByName
        self = floors.map { FloorCheck($0, value: values[$0.metric]) }
    }

    /// The lines of the floors that are broken: what fails the run.
    public var broken: [String] { filter { $0.status == .broken }.compactMap(\.message) }
    /// The lines of the known gaps that remain, no worse than recorded.
    public var knownGaps: [String] { filter { $0.status == .knownGap }.compactMap(\.message) }
}
