/// SPEC §3 step 4: the scan is capped at `capMs` from the autoshot; reaching it without both
/// actions ends the session `timedOut`.
public struct ScanCap: Sendable {
    public let autoshotMs: Double
    public let capMs: Double

    public init(autoshotMs: Double, config: LivenessConfig) {
        self.autoshotMs = autoshotMs
        capMs = config.capMs
    }

    public func isReached(at ms: Double) -> Bool {
        ms - autoshotMs >= capMs
    }

    /// Milliseconds left of the cap at `ms`, never below 0.
    public func msLeft(at ms: Double) -> Double {
        max(0, capMs - (ms - autoshotMs))
    }
}
