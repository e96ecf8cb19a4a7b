import LivenessCore

/// What the live overlay shows of a session, followed from its events and each frame's verdict
/// alone (SPEC §4: the same events drive the live overlay), never read from the session itself.
public struct SessionProgress {
    private let capMs: Double
    public private(set) var autoshotMs: Double?
    public private(set) var credited = 0
    public private(set) var outcome: SessionOutcome?
    private var scanning = false

    public init(config: LivenessConfig) {
        capMs = config.capMs
    }

    /// A whole event stream, e.g. a session's after it ended.
    public init(config: LivenessConfig, events: [SessionEvent]) {
        self.init(config: config)
        observe(events)
    }

    /// A frame's verdict: its events, and the stage it leaves the session in.
    public mutating func observe(_ verdict: FrameVerdict) {
        observe(verdict.events)
        scanning = verdict.stage == .scanning
    }

    public mutating func observe(_ events: [SessionEvent]) {
        for event in events {
            switch event.kind {
            case .autoshot: autoshotMs = event.ms
            case .actionCredited: credited += 1
            case .passed: outcome = .passed
            case .timedOut: outcome = .timedOut
            case .incomplete(let stage): outcome = .incomplete(stage)
            default: break
            }
        }
    }

    /// Milliseconds left of the cap while scanning, nil otherwise.
    public func msLeft(at ms: Double) -> Double? {
        guard scanning, let autoshotMs else { return nil }
        return max(0, capMs - (ms - autoshotMs))
    }
}
