/// A run of consecutive frames read open, timed (SPEC §2 "eyes seen open"): whether it has lasted
/// `blinkSeenOpenMs`. One open frame is no open eye: dlib's fit flickers open for single frames on
/// a shut-eye photo and inside a blink (`EyesSeenOpen`).
public struct OpenRun: Sendable {
    let sustainMs: Double
    private var sinceMs: Double?

    public init(config: LivenessConfig) {
        sustainMs = config.blinkSeenOpenMs
    }

    /// This frame read open or not (a frame that cannot be read is not open); whether the run it
    /// is part of has lasted long enough.
    public mutating func observe(open: Bool, at ms: Double) -> Bool {
        guard open else {
            sinceMs = nil
            return false
        }
        let since = sinceMs ?? ms
        sinceMs = since
        return ms - since >= sustainMs
    }
}
