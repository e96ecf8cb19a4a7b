/// SPEC §2 blink: a mean eye closure of `blinkClosure` or more on one frame, from eyes seen open
/// (`EyesSeenOpen`), while the eyes can be read (`HeadMotion`) and the face is turned under
/// `blinkMaxAbsYaw` from the camera.
public enum BlinkRule {
    public static func isMet(closure: Double, yaw: Double, eyesSeenOpen: Bool, eyesReadable: Bool, config: LivenessConfig) -> Bool {
        eyesSeenOpen && eyesReadable && isClosed(closure, config: config) && abs(yaw) < config.blinkMaxAbsYaw
    }

    /// The closure alone reaches the blink's.
    public static func isClosed(_ closure: Double, config: LivenessConfig) -> Bool {
        closure >= config.blinkClosure
    }
}
