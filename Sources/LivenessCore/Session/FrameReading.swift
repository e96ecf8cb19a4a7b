/// A frame's measures for the session's rules (SPEC §2), read once per frame.
struct FrameReading {
    let framing: Framing
    let openEye: OpenEye
    /// nil without a face.
    let closure: Double?
    /// The camera's rotation rate over its window; nil while unknown (then it counts as still).
    let cameraRate: Double?
    let cameraStill: Bool

    var inCircle: Bool { framing == .inCircle }
}
