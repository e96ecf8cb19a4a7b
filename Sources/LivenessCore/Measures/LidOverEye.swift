/// The lid seen coming over the eye (SPEC §2 closure, SPEC §6 "seen happening"): a closed reading
/// counts as a blink only if the eyes' pixels changed from the last frame they read open. The
/// closure comes from the fit's lid points, which a picture can move without any lid moving: a
/// bent photo swivelled 18° read 0.39 on open eyes (photo_bent_faceswap_30fps at 2033 ms) while
/// its eye pixels stayed as they were; a real lid covers the iris.
public struct LidOverEye: Sendable {
    private var open: EyeSamples?
    let openBelow: Double

    public init(config: LivenessConfig) {
        openBelow = config.blinkSeenOpenClosure
    }

    /// This frame's eye pixels and closure: returns how much the pixels changed from the last
    /// frame read open (nil: no pixels, or no open frame yet), then keeps this frame if it reads open.
    public mutating func observe(_ samples: EyeSamples?, closure: Double?) -> Double? {
        guard let samples, let closure else { return nil }
        defer { if closure < openBelow { open = samples } }
        return open.flatMap { samples.change(from: $0) }
    }
}
