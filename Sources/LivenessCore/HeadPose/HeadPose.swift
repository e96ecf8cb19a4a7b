/// A head's orientation relative to the camera, in degrees.
public struct HeadPose: Equatable, Sendable {
    /// Rotation about the vertical axis from facing the camera; positive when the nose moves
    /// toward the image's right (the subject turning toward their own left in an unmirrored image).
    public var yaw: Double
    /// Positive when the face tilts up.
    public var pitch: Double
    /// The fitted head's roll: the angle on screen of its left-right axis, in degrees, in the sense
    /// of `Landmarks68.degrees(of:)` (a roll read from the landmarks alone is `Landmarks68.roll`).
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
