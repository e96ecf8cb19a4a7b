/// SPEC §2 "from eyes seen open": a blink needs the eyes seen open since the autoshot. Seen open
/// means read open (closure under `blinkSeenOpenClosure`) on consecutive frames for at least
/// `blinkSeenOpenMs`, while the eyes could be judged (|yaw| under the blink limit) and against the
/// subject's own open eye (`OpenEye.wasSeenOpen`). One open frame is not enough: the fit of a
/// printed closed-eye photo flickers open for single frames (closed_eye_photo: 1-2 frames at a
/// time at 30 fps). A frame that reads closed (`BlinkRule.readsClosed`) ends it, credited or not,
/// so each blink needs the eyes open again before it.
public struct EyesSeenOpen: Sendable {
    public private(set) var isSeen = false
    private var run: OpenRun
    let config: LivenessConfig

    public init(config: LivenessConfig) {
        run = OpenRun(config: config)
        self.config = config
    }

    /// One frame's reading: its closure and yaw (nil without a face), how much its eyes' pixels
    /// changed from the open eye (`LidOverEye`) and the open eye it was judged against.
    public mutating func observe(closure: Double?, eyeChange: Double?, yaw: Double?, openEye: OpenEye, at ms: Double) {
        guard let closure, let yaw, abs(yaw) < config.blinkMaxAbsYaw else {
            _ = run.observe(open: false, at: ms)
            return
        }
        let open = closure < config.blinkSeenOpenClosure && openEye.wasSeenOpen
        if run.observe(open: open, at: ms) { isSeen = true }
        if !open && BlinkRule.readsClosed(closure: closure, eyeChange: eyeChange, config: config) { isSeen = false }
    }
}
