/// How fast the camera itself turns (SPEC §2 "Camera motion"), over the last `windowMs`: the
/// signed rotations of the frame intervals in the window added up, over the time they cover. A
/// hand holding a phone shakes it back and forth and the estimate's own noise has no direction,
/// so both cancel out; a handset swung about the face adds up. Measured per interval instead, the
/// flip of a photo read a one-frame spike (7.4°/s in three_photo_flip_shaking_faceswap_30fps)
/// that moved the neutral yaw, and the return flip was credited as a turn. It does not mend a
/// biased estimate: `faceswap_data1` (a phone held in the hand, its background drifting about
/// 1.6° a second) still reads 5-12°/s through its blinks (Benchmarks/RESULTS.md, "A picture is
/// not a live face").
public struct CameraSwing: Sendable {
    let windowMs: Double
    private var recent: [(startMs: Double, rotation: CameraRotation?)] = []
    private var lastMs: Double?

    public init(windowMs: Double) {
        self.windowMs = windowMs
    }

    /// Records the rotation since the previous frame (nil: not known) and returns the rate over
    /// the window, in degrees per second; nil while no interval of the window is known.
    public mutating func observe(_ rotation: CameraRotation?, at ms: Double) -> Double? {
        defer { lastMs = ms }
        guard let lastMs, ms > lastMs else { return nil }
        recent.append((lastMs, rotation))
        // The intervals that start within the window, and always the latest.
        recent.removeAll { ms - $0.startMs > windowMs && $0.startMs < lastMs }
        let known = recent.compactMap(\.rotation)
        guard !known.isEmpty, let start = recent.first?.startMs else { return nil }
        let sum = known.reduce(CameraRotation(pan: 0, tilt: 0, roll: 0), +)
        return sum.degrees / ((ms - start) / 1000)
    }
}
