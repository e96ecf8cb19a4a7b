/// A frame's measures for the session's rules (SPEC §2), read once per frame.
struct FrameReading {
    let framing: Framing
    /// The open eye and the fit's noise the closure was judged against (SPEC §2).
    let reference: OpenEyeReference.Reading
    /// nil without a face.
    let closure: Double?
    /// The camera's rotation rate over its window; nil while unknown (then it counts as still).
    let cameraRate: Double?
    let cameraStill: Bool

    var inCircle: Bool { framing == .inCircle }
}
