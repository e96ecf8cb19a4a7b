/// SPEC §3 step 4: a face out of the circle for more than `graceMs` is lost (the prompt comes
/// back and nothing is credited until it returns); a shorter excursion, such as a head turn
/// swinging the face across the edge, shows nothing. The excursion is timed from its first
/// out-of-circle frame.
struct GraceWatch: Sendable {
    enum Change: Equatable {
        case lost
        case back
    }

    let graceMs: Double
    /// Out for longer than the grace, and not back yet.
    private(set) var isLost = false
    private var outSinceMs: Double?

    init(config: LivenessConfig) {
        graceMs = config.graceMs
    }

    /// One scan frame: whether the face is in the circle; the change this frame makes, if any.
    mutating func observe(inCircle: Bool, at ms: Double) -> Change? {
        if inCircle {
            outSinceMs = nil
            guard isLost else { return nil }
            isLost = false
            return .back
        }
        let since = outSinceMs ?? ms
        outSinceMs = since
        guard !isLost, ms - since > graceMs else { return nil }
        isLost = true
        return .lost
    }
}
