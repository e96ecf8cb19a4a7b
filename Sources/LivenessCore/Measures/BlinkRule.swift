/// SPEC §2 blink: a mean eye closure of `blinkClosure` or more on one frame, from eyes seen open
/// (`EyesSeenOpen`), while the eyes can be read (`HeadMotion`) and the face is turned under
/// `blinkMaxAbsYaw` from the camera, on eyes that read closed (`readsClosed`).
public enum BlinkRule {
    public static func isMet(
        closure: Double, yaw: Double, eyesSeenOpen: Bool, eyesReadable: Bool, eyeChange: Double?, config: LivenessConfig
    ) -> Bool {
        eyesSeenOpen && eyesReadable && readsClosed(closure: closure, eyeChange: eyeChange, config: config)
            && abs(yaw) < config.blinkMaxAbsYaw
    }

    /// The eyes read closed: the closure reaches the blink's and the eyes' pixels show the lid over
    /// the eye (`LidOverEye`; `eyeChange` nil: not measured, as on synthetic frames). A closure
    /// the pixels do not bear out is the fit's, not the lid's.
    public static func readsClosed(closure: Double, eyeChange: Double?, config: LivenessConfig) -> Bool {
        isClosed(closure, config: config) && (eyeChange ?? .infinity) >= config.blinkMinEyeChange
    }

    /// The closure alone reaches the blink's.
    public static func isClosed(_ closure: Double, config: LivenessConfig) -> Bool {
        closure >= config.blinkClosure
    }
}
