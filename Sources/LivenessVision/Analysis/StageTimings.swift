import Foundation

/// Milliseconds spent per stage, summed over frames.
public struct StageTimings: Sendable {
    public var decode = 0.0
    public var detect = 0.0
    public var landmarks = 0.0
    public var motion = 0.0
    public var logic = 0.0
    /// Face descriptors (SPEC §5), on the few frames that need one.
    public var describe = 0.0

    public init() {}

    public static func + (a: StageTimings, b: StageTimings) -> StageTimings {
        var sum = StageTimings()
        sum.decode = a.decode + b.decode
        sum.detect = a.detect + b.detect
        sum.landmarks = a.landmarks + b.landmarks
        sum.motion = a.motion + b.motion
        sum.logic = a.logic + b.logic
        sum.describe = a.describe + b.describe
        return sum
    }

    /// Stage names and totals, in pipeline order.
    public var stages: [(name: String, ms: Double)] {
        [("decode", decode), ("detect", detect), ("landmarks", landmarks), ("motion", motion), ("logic", logic), ("describe", describe)]
    }
}

/// Times a block on the monotonic clock and adds the milliseconds to `total`.
@discardableResult
public func timed<T>(_ total: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { total += Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
    return try body()
}
