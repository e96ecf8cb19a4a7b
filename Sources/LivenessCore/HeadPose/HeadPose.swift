/// A head's orientation relative to the camera, in degrees.
public struct HeadPose: Equatable, Sendable {
    /// Rotation about the vertical axis from facing the camera; positive when the nose moves
    /// toward the image's right (the subject turning toward their own left in an unmirrored image).
    public var yaw: Double
    /// Positive when the face tilts up.
    public var pitch: Double
    /// The eye line's angle on screen, positive clockwise (image y points down).
    public var roll: Double
    /// Root-mean-square reprojection error of the fitted points, in outer-eye-corner distances.
    public var fitError: Double

    public init(yaw: Double, pitch: Double, roll: Double, fitError: Double) {
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
        self.fitError = fitError
    }
}
