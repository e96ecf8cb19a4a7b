import Foundation

/// A 3x3 rotation matrix, rows first.
public struct Rotation3: Equatable, Sendable {
    public var rows: [Vector3]

    public static let identity = Rotation3(rows: [
        Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1),
    ])

    public init(rows: [Vector3]) { self.rows = rows }

    /// Rodrigues' formula: rotation by |v| radians about the axis v.
    public init(rotationVector v: Vector3) {
        let angle = v.length
        guard angle > 1e-12 else {
            self = .identity
            return
        }
        let k = v * (1 / angle)
        let c = cos(angle), s = sin(angle), t = 1 - c
        rows = [
            Vector3(x: c + k.x * k.x * t, y: k.x * k.y * t - k.z * s, z: k.x * k.z * t + k.y * s),
            Vector3(x: k.y * k.x * t + k.z * s, y: c + k.y * k.y * t, z: k.y * k.z * t - k.x * s),
            Vector3(x: k.z * k.x * t - k.y * s, y: k.z * k.y * t + k.x * s, z: c + k.z * k.z * t),
        ]
    }

    public func apply(_ p: Vector3) -> Vector3 {
        Vector3(
            x: rows[0].x * p.x + rows[0].y * p.y + rows[0].z * p.z,
            y: rows[1].x * p.x + rows[1].y * p.y + rows[1].z * p.z,
            z: rows[2].x * p.x + rows[2].y * p.y + rows[2].z * p.z)
    }
}
