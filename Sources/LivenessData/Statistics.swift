import Foundation
import LivenessCore

/// Summary figures for measured errors.
extension Array where Element == Double {
    public var mean: Double { isEmpty ? .nan : reduce(0, +) / Double(count) }

    /// The core's median (Median.swift), NaN for an empty list.
    public var median: Double { isEmpty ? .nan : LivenessCore.median(self) }
}

/// The share of `part` in `whole`, NaN for an empty whole.
public func share(_ part: Int, of whole: Int) -> Double {
    whole == 0 ? .nan : Double(part) / Double(whole)
}

/// A figure with a fixed number of decimals, for messages.
public func fmt(_ value: Double, _ decimals: Int = 3) -> String {
    String(format: "%.\(decimals)f", value)
}

/// The least-squares slope of `y` on `x` (with an intercept), NaN with fewer than two distinct x.
public func leastSquaresSlope(x: [Double], y: [Double]) -> Double {
    precondition(x.count == y.count, "paired values")
    let mx = x.mean, my = y.mean
    let sxx = x.map { ($0 - mx) * ($0 - mx) }.reduce(0, +)
    let sxy = zip(x, y).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
    return sxx > 0 ? sxy / sxx : .nan
}
