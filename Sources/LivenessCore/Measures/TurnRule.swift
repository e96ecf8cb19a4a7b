/// SPEC §2 head turn: |yaw − neutral| of `turnDegrees` or more, held `turnHoldFrames` consecutive
/// eligible frames; a frame that is not eligible (face out, camera moving, no face) restarts it.
public struct TurnRule: Sendable {
    let degrees: Double
    let holdFrames: Int
    /// The consecutive eligible frames turned so far.
    public private(set) var run = 0

    public init(config: LivenessConfig) {
        degrees = config.turnDegrees
        holdFrames = config.turnHoldFrames
    }

    /// One frame's yaw from neutral, nil when the frame is not eligible; whether the rule is met.
    public mutating func observe(yawFromNeutral: Double?) -> Bool {
        guard let yawFromNeutral else {
            run = 0
            return false
        }
        run = isTurned(yawFromNeutral) ? run + 1 : 0
        return run >= holdFrames
    }

    /// The yaw alone is a turn's from neutral, held or not.
    public func isTurned(_ yawFromNeutral: Double) -> Bool {
        abs(yawFromNeutral) >= degrees
    }
}
