/// SPEC §2 neutral yaw: the median yaw of the frames that led to the autoshot, moved by the yaw
/// built up while the camera rotated (`HandsetSwing`), so a turn is judged against where the head
/// faces the camera now.
struct NeutralYaw: Sendable {
    /// The autoshot's neutral yaw.
    let atAutoshot: Double
    private var swing = HandsetSwing()

    init(atAutoshot: Double, faceYaw: Double) {
        self.atAutoshot = atAutoshot
        swing.start(faceYaw: faceYaw)
    }

    /// The yaw built up while the camera rotated since the autoshot.
    var cameraShift: Double { swing.shift }

    /// The neutral the head is judged against now.
    var current: Double { atAutoshot + swing.shift }

    /// One frame after the autoshot (`HandsetSwing.follow`).
    mutating func follow(faceYaw: Double?, cameraStill: Bool, cameraPan: Double?) {
        swing.follow(faceYaw: faceYaw, cameraStill: cameraStill, cameraPan: cameraPan)
    }
}
