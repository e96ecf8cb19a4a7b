/// SPEC §2 camera motion: a yaw change that builds up while the camera rotates is the camera's, so
/// the neutral yaw moves with it (swinging the handset round the face, then holding still, is no
/// turn). Between two frames with a face, if the camera rotated on any frame in between (or on
/// this one), their yaw difference joins the shift, but never more of it than the camera's own pan
/// over those frames: a camera swung round a face turns by as much as the face's yaw changes,
/// while a head turning on a hand-held phone moves the camera estimate a few degrees a second
/// only (tranvanluyt_real's two big turns moved the neutral by 14 degrees when the whole change
/// counted; Benchmarks/RESULTS.md, "the neutral moves by the camera's pan").
public struct HandsetSwing: Sendable {
    /// The yaw built up while the camera rotated: the neutral moves by it.
    public private(set) var shift = 0.0
    private var lastFaceYaw: Double?
    private var cameraMovedSinceLastFace = false
    /// The camera's pan since the last frame with a face, in degrees, signed.
    private var panSinceLastFace = 0.0

    public init() {}

    /// Starts from this yaw (the autoshot's face).
    public mutating func start(faceYaw: Double) {
        lastFaceYaw = faceYaw
    }

    /// One frame: its face's yaw (nil without a face), whether the camera was still, and the
    /// camera's pan since the previous frame (degrees; nil when it could not be told, no pan).
    public mutating func follow(faceYaw: Double?, cameraStill: Bool, cameraPan: Double?) {
        if !cameraStill { cameraMovedSinceLastFace = true }
        panSinceLastFace += cameraPan ?? 0
        guard let faceYaw else { return }
        if cameraMovedSinceLastFace, let last = lastFaceYaw {
            let limit = abs(panSinceLastFace)
            shift += min(max(faceYaw - last, -limit), limit)
        }
        lastFaceYaw = faceYaw
        cameraMovedSinceLastFace = false
        panSinceLastFace = 0
    }
}
