import Foundation

/// Fits the rigid reference face to 68 landmarks with a pinhole camera and reads the head pose
/// (SPEC §2 "Yaw"). Only points fixed on the skull take part (`Landmarks68.rigidPoints`: the nose
/// and the eye corners; the reference face was derived from these same points:
/// Models/derive_reference_face.py). Mouth, lips, brows and eyelids move with expression, and a
/// smile or a blink must not move the yaw; the jaw points follow the visible silhouette in dlib's
/// 2-D mark-up rather than fixed anatomy, so a turned head would read as turned less
/// (Benchmarks/RESULTS.md, "Yaw").
public enum PoseFit {
    /// Starting yaws for the search, in degrees: a frontal start alone can settle on the mirror
    /// solution near profile.
    static let startingYaws: [Double] = [-40, 0, 40]

    public static func estimate(landmarks: [Point2], camera: PinholeCamera) -> HeadPose {
        precondition(landmarks.count == Landmarks68.count, "68 landmarks expected")
        let eyeDistance = max(Landmarks68.eyeDistance(landmarks), 1)
        let roll = Landmarks68.roll(landmarks) * .pi / 180
        let centroid = Point2.centroid(Landmarks68.rigidPoints.map { landmarks[$0] })
        // The reference's eye corners are 1 unit apart, so this depth makes it about the right size.
        let depth = camera.focalLength / eyeDistance
        let start = Vector3(
            x: (centroid.x - camera.principalPoint.x) * depth / camera.focalLength,
            y: (centroid.y - camera.principalPoint.y) * depth / camera.focalLength,
            z: depth)

        var best: (params: [Double], cost: Double)?
        for yaw in startingYaws {
            let initial = [0, -yaw * .pi / 180, roll, start.x, start.y, start.z]
            let fitted = refine(initial, landmarks: landmarks, camera: camera)
            if best == nil || fitted.cost < best!.cost { best = fitted }
        }
        let (params, cost) = best!
        let rotation = Rotation3(rotationVector: Vector3(x: params[0], y: params[1], z: params[2]))
        return pose(rotation: rotation, position: Vector3(x: params[3], y: params[4], z: params[5]),
                    fitError: (cost / Double(Landmarks68.rigidPoints.count)).squareRoot() / eyeDistance)
    }

    /// Reads yaw, pitch and roll from the direction the face points, measured from the line
    /// between the head and the camera: a face off to the side that looks into the lens has yaw 0,
    /// so moving sideways (or turning the camera about itself) is not a head turn. Directions
    /// rather than Euler angles keep the result independent of the order of rotations.
    static func pose(rotation: Rotation3, position: Vector3, fitError: Double) -> HeadPose {
        let forward = rotation.apply(Vector3(x: 0, y: 0, z: -1))  // the face's forward, toward the camera at rest
        let across = rotation.apply(Vector3(x: 1, y: 0, z: 0))
        let degrees = 180 / Double.pi
        let horizontal = (forward.x * forward.x + forward.z * forward.z).squareRoot()
        let sideways = atan2(position.x, position.z)
        let upwards = atan2(-position.y, (position.x * position.x + position.z * position.z).squareRoot())
        return HeadPose(
            yaw: (atan2(forward.x, -forward.z) + sideways) * degrees,
            pitch: (atan2(-forward.y, horizontal) - upwards) * degrees,
            roll: atan2(across.y, across.x) * degrees,
            fitError: fitError)
    }

    /// Reprojection residuals for parameters (rotation vector, translation).
    static func residuals(_ p: [Double], landmarks: [Point2], camera: PinholeCamera) -> [Double] {
        let rotation = Rotation3(rotationVector: Vector3(x: p[0], y: p[1], z: p[2]))
        let translation = Vector3(x: p[3], y: p[4], z: p[5])
        var out: [Double] = []
        out.reserveCapacity(Landmarks68.rigidPoints.count * 2)
        for index in Landmarks68.rigidPoints {
            let projected = camera.project(referencePoint: ReferenceFace.points[index], rotation: rotation, translation: translation)
            out.append(projected.x - landmarks[index].x)
            out.append(projected.y - landmarks[index].y)
        }
        return out
    }

    /// Levenberg-Marquardt on the six pose parameters with a forward-difference Jacobian.
    static func refine(_ initial: [Double], landmarks: [Point2], camera: PinholeCamera) -> (params: [Double], cost: Double) {
        var params = initial
        var r = residuals(params, landmarks: landmarks, camera: camera)
        var cost = r.reduce(0) { $0 + $1 * $1 }
        var damping = 1e-3
        for _ in 0..<40 {
            var jacobian: [[Double]] = []
            for k in 0..<6 {
                let step = k < 3 ? 1e-6 : max(abs(params[k]) * 1e-6, 1e-6)
                var moved = params
                moved[k] += step
                let rk = residuals(moved, landmarks: landmarks, camera: camera)
                jacobian.append(zip(rk, r).map { ($0 - $1) / step })
            }
            // Normal equations (J^T J + damping * diag) delta = -J^T r.
            var a = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 6)
            var b = [Double](repeating: 0, count: 6)
            for i in 0..<6 {
                for j in 0..<6 { a[i][j] = zip(jacobian[i], jacobian[j]).reduce(0) { $0 + $1.0 * $1.1 } }
                b[i] = -zip(jacobian[i], r).reduce(0) { $0 + $1.0 * $1.1 }
            }
            var improved = false
            while damping < 1e12 {
                var damped = a
                for i in 0..<6 { damped[i][i] += damping * max(a[i][i], 1e-12) }
                guard let delta = solveLinear(damped, b) else { damping *= 10; continue }
                let candidate = zip(params, delta).map(+)
                guard candidate[5] > 0 else { damping *= 10; continue }  // the face stays in front of the camera
                let rc = residuals(candidate, landmarks: landmarks, camera: camera)
                let candidateCost = rc.reduce(0) { $0 + $1 * $1 }
                if candidateCost < cost {
                    let gain = cost - candidateCost
                    params = candidate
                    r = rc
                    cost = candidateCost
                    damping = max(damping / 10, 1e-9)
                    improved = gain > cost * 1e-10
                    break
                }
                damping *= 10
            }
            if !improved { break }
        }
        return (params, cost)
    }

    /// Solves a small dense system by Gaussian elimination with partial pivoting; nil when singular.
    static func solveLinear(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        var a = matrix, b = rhs
        let n = b.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-15 else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let factor = a[row][col] / a[col][col]
                for k in col..<n { a[row][k] -= factor * a[col][k] }
                b[row] -= factor * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            let tail = ((row + 1)..<n).reduce(0) { $0 + a[row][$1] * x[$1] }
            x[row] = (b[row] - tail) / a[row][row]
        }
        return x
    }
}
