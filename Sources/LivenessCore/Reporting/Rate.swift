/// How many a second: `count` over `ms` milliseconds; nil over no time.
public func perSecond(_ count: Double, overMs ms: Double) -> Double? {
    ms > 0 ? count / (ms / 1000) : nil
}
