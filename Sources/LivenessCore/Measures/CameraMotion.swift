import Foundation

/// The camera's own rotation between two frames, in degrees, signed: pan (x, toward the image's
/// right), tilt (y, down) and roll (clockwise on screen).
public struct CameraRotation: Equatable, Sendable {
    public var pan: Double
    public var tilt: Double
    public var roll: Double

    public init(pan: Double, tilt: Double, roll: Double) {
        self.pan = pan
        self.tilt = tilt
        self.roll = roll
    }

    public static func + (a: CameraRotation, b: CameraRotation) -> CameraRotation {
        CameraRotation(pan: a.pan + b.pan, tilt: a.tilt + b.tilt, roll: a.roll + b.roll)
    }

    /// The size of the rotation, in degrees.
    public var degrees: Double { (pan * pan + tilt * tilt + roll * roll).squareRoot() }

    /// Where a point of the still background seen at `p` is seen after this rotation: turned
    /// about the principal point by the roll, then shifted by f·tan of the pan and the tilt (the
    /// model `cameraRotation(from:to:)` fits).
    public func moving(_ p: Point2, camera: PinholeCamera) -> Point2 {
        let toRadians = Double.pi / 180
        let c = cos(roll * toRadians), s = sin(roll * toRadians)
        let r = p - camera.principalPoint
        return camera.principalPoint + Point2(
            x: r.x * c - r.y * s + camera.focalLength * tan(pan * toRadians),
            y: r.x * s + r.y * c + camera.focalLength * tan(tilt * toRadians))
    }
}

/// The camera's own rotation, estimated from background points tracked between two frames
/// (SPEC §2 "Camera motion"). A roll turns the background about the principal point; a pan or
/// tilt shifts it by about f·tan(angle) (`CameraRotation.moving`). Medians keep a few points on a
/// moving person from deciding it. nil, not known, when there are too few points to tell, or when
/// the points do not move as one rotation: a camera's rotation moves every still point by the
/// same model whatever its depth, so the median point's distance from where the estimate puts it
/// stays at the tracking's noise (`maxResidual`, a share of the focal length); a hand waved in
/// front of the background, or points that disagree, leave it far above.
public func cameraRotation(
    from: [Point2], to: [Point2], camera: PinholeCamera, maxResidual: Double = .infinity, minimumPoints: Int = 8
) -> CameraRotation? {
    let focalLength = camera.focalLength
    guard from.count == to.count, from.count >= minimumPoints, focalLength > 0 else { return nil }

    // Roll from how segments between point pairs turn: a segment's direction ignores any shift.
    let half = from.count / 2
    let turns: [Double] = (0..<half).compactMap { k in
        let before = from[k + half] - from[k], after = to[k + half] - to[k]
        guard before.length > focalLength * 0.05 else { return nil }
        var angle = atan2(after.y, after.x) - atan2(before.y, before.x)
        if angle > .pi { angle -= 2 * .pi }
        if angle < -.pi { angle += 2 * .pi }
        return angle
    }
    let roll = turns.count >= minimumPoints / 2 ? median(turns) : 0

    // Pan and tilt from the shift left once the roll is taken out.
    let rollOnly = CameraRotation(pan: 0, tilt: 0, roll: roll * 180 / .pi)
    let rolled = from.map { rollOnly.moving($0, camera: camera) }
    let shift = Point2(x: median(zip(rolled, to).map { $1.x - $0.x }), y: median(zip(rolled, to).map { $1.y - $0.y }))
    let toDegrees = 180 / Double.pi
    let rotation = CameraRotation(
        pan: atan(shift.x / focalLength) * toDegrees, tilt: atan(shift.y / focalLength) * toDegrees, roll: roll * toDegrees)
    let residual = median(zip(from, to).map { (rotation.moving($0, camera: camera) - $1).length })
    return residual <= maxResidual * focalLength ? rotation : nil
}
