/// SPEC §3 steps 2-3: the autoshot waits for `framesToAutoshot` consecutive frames with the whole
/// face in the circle; the frame that completes the run is the autoshot, and the run's median yaw
/// is the neutral yaw (SPEC §2).
struct AutoshotRun: Sendable {
    let framesNeeded: Int
    /// The yaws of the consecutive framed frames so far.
    private(set) var yaws: [Double] = []

    init(config: LivenessConfig) {
        framesNeeded = config.framesToAutoshot
    }

    /// One frame: the yaw of a face inside the circle, nil for any other frame (which restarts the
    /// run). Returns the neutral yaw on the frame that completes the run.
    mutating func observe(framedYaw: Double?) -> Double? {
        guard let framedYaw else {
            yaws = []
            return nil
        }
        yaws.append(framedYaw)
        return yaws.count >= framesNeeded ? median(yaws) : nil
    }
}
