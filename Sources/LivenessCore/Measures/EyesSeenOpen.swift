/// SPEC §2 "from eyes seen open": a blink needs the eyes seen open since the autoshot. Seen open
/// means read open (closure under `blinkSeenOpenClosure`) on consecutive frames for at least
/// `blinkSeenOpenMs`, while the eyes could be judged (|yaw| under the blink limit) and against the
/// subject's own open eye (`OpenEye.wasSeenOpen`). One open frame is not enough: the fit of a
/// printed closed-eye photo flickers open for single frames (closed_eye_photo: 1-2 frames at a
/// time at 30 fps).
///
/// Once seen, the eyes stay seen for the rest of the scan (`isSeen`, SPEC §2's own words: "some
/// earlier frame since the autoshot"): a blink inside a look down, whose narrowed eye never reads
/// open between, starts from eyes seen open before the look down. What keeps a lowered lid from
/// being a blink is the lids' own motion (`BlinkEvent`). `isSeenAgain` is the narrower reading,
/// seen open since the last closed reading (`BlinkRule.isClosed`): it tells a new closing from
/// the flicker of one.
public struct EyesSeenOpen: Sendable {
    public private(set) var isSeen = false
    public private(set) var isSeenAgain = false
    private var run: OpenRun
    let config: LivenessConfig

    public init(config: LivenessConfig) {
        run = OpenRun(config: config)
        self.config = config
    }

    /// One frame's reading: its closure and yaw (nil without a face) and the open eye it was
    /// judged against.
    public mutating func observe(closure: Double?, yaw: Double?, openEye: OpenEye, at ms: Double) {
        guard let closure, let yaw, BlinkRule.eyesReadable(yaw: yaw, config: config) else {
            _ = run.observe(open: false, at: ms)
            return
        }
        let open = closure < config.blinkSeenOpenClosure && openEye.wasSeenOpen
        if run.observe(open: open, at: ms) {
            isSeen = true
            isSeenAgain = true
        }
        if BlinkRule.isClosed(closure, config: config) { isSeenAgain = false }
    }
}
