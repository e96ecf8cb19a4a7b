import Foundation
import LivenessCore

/// Makes 68 landmarks by projecting the reference face through a pinhole camera, at a known pose,
/// place and size, with the eyelids closed by a known amount: ground truth for geometry tests.
public struct SyntheticFace {
    public var yaw = 0.0
    public var pitch = 0.0
    public var roll = 0.0
    /// Where the nose bridge lands, in pixels.
    public var position = Point2(x: 320, y: 240)
    /// Outer-eye-corner distance in pixels (for a frontal face).
    public var eyeDistance = 90.0
    /// Eye-aspect ratio of both eyes.
    public var ear = 0.30

    public init(yaw: Double = 0, pitch: Double = 0, roll: Double = 0, position: Point2 = Point2(x: 320, y: 240), eyeDistance: Double = 90, ear: Double = 0.30) {
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
        self.position = position
        self.eyeDistance = eyeDistance
        self.ear = ear
    }

    /// The head's rotation in camera axes: roll about the view axis, then pitch, then yaw about the
    /// vertical, each signed as HeadPose reports it and measured from facing the camera from
    /// `target` (a head off to the side must turn toward the lens to face it).
    func rotation(at target: Vector3) -> Rotation3 {
        let r = Double.pi / 180
        let sideways = atan2(target.x, target.z), upwards = atan2(-target.y, (target.x * target.x + target.z * target.z).squareRoot())
        let yawRotation = Rotation3(rotationVector: Vector3(x: 0, y: -(yaw * r - sideways), z: 0))
        let pitchRotation = Rotation3(rotationVector: Vector3(x: pitch * r + upwards, y: 0, z: 0))
        let rollRotation = Rotation3(rotationVector: Vector3(x: 0, y: 0, z: roll * r))
        return yawRotation.compose(pitchRotation).compose(rollRotation)
    }

    public func landmarks(camera: PinholeCamera) -> [Point2] {
        let depth = camera.focalLength / eyeDistance
        let bridge = ReferenceFace.points[27]
        // Place the head so the nose bridge projects onto `position`.
        let target = Vector3(
            x: (position.x - camera.principalPoint.x) / camera.focalLength * depth,
            y: (position.y - camera.principalPoint.y) / camera.focalLength * depth,
            z: depth)
        let rotation = self.rotation(at: target)
        let rotatedBridge = rotation.apply(Vector3(x: bridge.x, y: -bridge.y, z: -bridge.z))
        let translation = target - rotatedBridge
        var points = ReferenceFace.points.map { camera.project(referencePoint: $0, rotation: rotation, translation: translation) }
        Self.setEyeOpening(&points, eye: Array(36...41), ear: ear)
        Self.setEyeOpening(&points, eye: Array(42...47), ear: ear)
        return points
    }

    /// Moves the lids (p2, p3 up; p5, p6 down) about the eye's corner line so its ratio is `ear`.
    static func setEyeOpening(_ points: inout [Point2], eye: [Int], ear: Double) {
        let p1 = points[eye[0]], p4 = points[eye[3]]
        let width = p1.distance(to: p4)
        let along = (p4 - p1) * (1 / width)
        let normal = Point2(x: along.y, y: -along.x)  // up on screen for an upright face
        let half = ear * width / 2
        let place: [(Int, Double, Double)] = [(1, 1.0 / 3, half), (2, 2.0 / 3, half), (4, 2.0 / 3, -half), (5, 1.0 / 3, -half)]
        for (k, t, offset) in place {
            points[eye[k]] = p1 + along * (t * width) + normal * offset
        }
    }
}

extension Rotation3 {
    /// self · other.
    public func compose(_ other: Rotation3) -> Rotation3 {
        let columns = (0..<3).map { j in
            other.apply(Vector3(x: j == 0 ? 1 : 0, y: j == 1 ? 1 : 0, z: j == 2 ? 1 : 0))
        }
        let applied = columns.map { apply($0) }
        return Rotation3(rows: [
            Vector3(x: applied[0].x, y: applied[1].x, z: applied[2].x),
            Vector3(x: applied[0].y, y: applied[1].y, z: applied[2].y),
            Vector3(x: applied[0].z, y: applied[1].z, z: applied[2].z),
        ])
    }
}
