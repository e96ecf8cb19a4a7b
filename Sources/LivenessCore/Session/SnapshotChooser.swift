/// SPEC §3 step 5: once both actions are done, the snapshot is the first frame with the face in
/// the circle, the eyes open (closure under `snapshotMaxClosure`) and the head near neutral
/// (|yaw - neutral| under `snapshotMaxYawFromNeutral`), so it is never the closed-eye frame that
/// completed a blink; when none comes within `snapshotWindowMs` of completion, or before the input
/// ends, the frame of the window that came closest. The frame that completed the session is the
/// first candidate: later frames must beat it.
struct SnapshotChooser: Sendable {
    /// A frame and how far it is from qualifying: under 1 it qualifies; otherwise the lower the
    /// closer, and a frame without the face in the circle is always further than one with it.
    struct Candidate: Sendable {
        var frame: ChosenFrame
        var score: Double
    }

    enum Step: Equatable {
        /// The frame qualifies: it is the snapshot.
        case qualifies
        /// The frame is the closest so far.
        case closer
        case notCloser
    }

    let windowMs: Double
    let completedMs: Double
    /// The closest frame so far.
    private(set) var best: Candidate

    init(completing: Candidate, config: LivenessConfig) {
        windowMs = config.snapshotWindowMs
        completedMs = completing.frame.ms
        best = completing
    }

    func isWindowOver(at ms: Double) -> Bool {
        ms - completedMs > windowMs
    }

    mutating func offer(_ candidate: Candidate) -> Step {
        if candidate.score < 1 { return .qualifies }
        guard candidate.score < best.score else { return .notCloser }
        best = candidate
        return .closer
    }

    /// How far a frame is from qualifying: the larger share of its bound that the closure or the
    /// yaw from neutral uses, plus 1000 when the face is out of the circle; infinite without a
    /// face, a closure or a neutral yaw.
    static func score(yawFromNeutral: Double?, closure: Double?, inCircle: Bool, config: LivenessConfig) -> Double {
        guard let yawFromNeutral, let closure else { return .infinity }
        let eyes = share(of: closure, within: config.snapshotMaxClosure)
        let head = share(of: abs(yawFromNeutral), within: config.snapshotMaxYawFromNeutral)
        return max(eyes, head) + (inCircle ? 0 : 1000)
    }

    /// How much of `limit` a non-negative `value` uses; a limit of 0 admits only 0.
    private static func share(of value: Double, within limit: Double) -> Double {
        limit > 0 ? value / limit : (value > 0 ? .infinity : 0)
    }
}
