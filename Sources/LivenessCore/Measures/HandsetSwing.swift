/// SPEC §2 camera motion: a yaw change that builds up while the camera rotates is the camera's, so
/// the neutral yaw moves with it (swinging the handset round the face, then holding still, is no
/// turn). Between two frames with a face, if the camera rotated on any frame in between (or on
/// this one), their yaw difference joins the shift.
public struct HandsetSwing: Sendable {
    /// The yaw built up while the camera rotated: the neutral moves by it.
    public private(set) var shift = 0.0
    private var lastFaceYaw: Double?
    private var cameraMovedSinceLastFace = false

    public init() {}

    /// Starts from this yaw (the autoshot's face).
    public mutating func start(faceYaw: Double) {
        lastFaceYaw = faceYaw
    }

    /// One frame: its face's yaw (nil without a face) and whether the camera was still.
    public mutating func follow(faceYaw: Double?, cameraStill: Bool) {
        if !cameraStill { cameraMovedSinceLastFace = true }
        guard let faceYaw else { return }
        if cameraMovedSinceLastFace, let last = lastFaceYaw { shift += faceYaw - last }
        lastFaceYaw = faceYaw
        cameraMovedSinceLastFace = false
    }
}
