/// How fast the camera itself turns (SPEC §2 "Camera motion"), over the last `windowMs`: the
/// signed rotations of the frame intervals in the window added up, over the time they cover. A
/// hand holding a phone shakes it back and forth and the estimate's own noise has no direction,
/// so both cancel out; a handset swung about the face adds up. Measured per interval instead,
/// `faceswap_data1` (a phone held in the hand, its background drifting about 1.6° a second)
/// read 6.5°/s on its median frame and refused every blink; the flip of a photo read a one-frame
/// spike that moved the neutral yaw (Benchmarks/RESULTS.md, "Camera motion").
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
