/// SPEC §2 blink, on one frame: the closure that reads closed, and the yaw up to which the eyes
/// can be read. The blink itself is an event over frames (`BlinkEvent`).
public enum BlinkRule {
    /// The closure reaches the blink's.
    public static func isClosed(_ closure: Double, config: LivenessConfig) -> Bool {
        closure >= config.blinkClosure
    }

    /// The face is turned under `blinkMaxAbsYaw` from the camera: its eyes can be judged.
    public static func eyesReadable(yaw: Double, config: LivenessConfig) -> Bool {
        abs(yaw) < config.blinkMaxAbsYaw
    }
}
