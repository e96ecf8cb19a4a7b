/// The lid seen coming over the eye (SPEC §2 closure, SPEC §6 "seen happening"): a closed reading
/// counts as a blink only if the eyes' pixels changed from the open eye. The closure comes from
/// the fit's lid points, which a picture can move without any lid moving: a bent photo swivelled
/// 18° read 0.39 on open eyes (photo_bent_faceswap_30fps at 2033 ms) while its eye pixels stayed
/// as they were; a real lid covers the iris.
///
/// The open eye is the latest frame of a run of frames read open for `blinkSeenOpenMs` (as eyes
/// seen open are): in a blink dlib's fit can read one frame open between closed ones (the
/// hostile corpus's Matroska copy of single_face at 867 ms), and that frame's pixels, of a lid
/// half down, are no open eye to judge the next ones against.
public struct LidOverEye: Sendable {
    private var open: EyeSamples?
    private var run: OpenRun
    let openBelow: Double

    public init(config: LivenessConfig) {
        run = OpenRun(config: config)
        openBelow = config.blinkSeenOpenClosure
    }

    /// This frame's eye pixels and closure: returns how much the pixels changed from the open eye
    /// (nil: no pixels, or no open eye yet), then keeps this frame as the open eye if it ends a
    /// long enough run of open readings.
    public mutating func observe(_ samples: EyeSamples?, closure: Double?, at ms: Double) -> Double? {
        guard let samples, let closure else {
            _ = run.observe(open: false, at: ms)
            return nil
        }
        let change = open.flatMap { samples.change(from: $0) }
        if run.observe(open: closure < openBelow, at: ms) { open = samples }
        return change
    }
}
