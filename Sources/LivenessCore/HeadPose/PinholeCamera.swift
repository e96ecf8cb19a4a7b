/// A pinhole camera (SPEC §2): focal length in pixels, principal point at the frame centre.
/// Camera axes: X to the image right, Y down, Z away from the camera.
public struct PinholeCamera: Sendable {
    public var focalLength: Double
    public var principalPoint: Point2

    public init(focalLength: Double, principalPoint: Point2) {
        self.focalLength = focalLength
        self.principalPoint = principalPoint
    }

    /// The camera SPEC prescribes for a frame of this size.
    public init(width: Double, height: Double, config: LivenessConfig) {
        self.init(
            focalLength: config.focalLength(width: width, height: height),
            principalPoint: Point2(x: width / 2, y: height / 2))
    }

    public func project(_ p: Vector3) -> Point2 {
        Point2(
            x: principalPoint.x + focalLength * p.x / p.z,
            y: principalPoint.y + focalLength * p.y / p.z)
    }

    /// Where a reference-face point lands for a head rotated by `rotation` and placed at `translation`
    /// (reference axes x right, y up, z toward the camera; the camera's y and z point the other way).
    public func project(referencePoint p: Vector3, rotation: Rotation3, translation: Vector3) -> Point2 {
        project(rotation.apply(Vector3(x: p.x, y: -p.y, z: -p.z)) + translation)
    }
}
