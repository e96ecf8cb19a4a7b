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

    /// The rotation whose pan and tilt shift the background by `shift` (pixels), as `moving` does,
    /// with `roll` degrees.
    init(shift: Point2, roll: Double, focalLength: Double) {
        let toDegrees = 180 / Double.pi
        self.init(pan: atan(shift.x / focalLength) * toDegrees, tilt: atan(shift.y / focalLength) * toDegrees, roll: roll)
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
/// tilt shifts it by about f·tan(angle) (`CameraRotation.moving`). A camera's rotation moves
/// every still point by the same model whatever its depth; points on something that moves of
/// itself (a hand waved beside the face, text burnt into the picture while the room turns) do not
/// follow it. So the estimate is read on the points that move together: of the rotations the
/// medians of all the points read, none at all and each point's own shift, the one the most
/// points lie within `tolerance` (a share of the focal length) of where it puts them, ties to the
/// earlier; then the medians on those points alone. nil when there are too few points to tell.
/// When no `minimumPoints` of them move together, the medians of all the points stand.
public func cameraRotation(
    from: [Point2], to: [Point2], camera: PinholeCamera, tolerance: Double = .infinity, minimumPoints: Int = 8
) -> CameraRotation? {
    guard from.count == to.count, from.count >= minimumPoints, camera.focalLength > 0 else { return nil }
    let everyPoint = medianRotation(from: from, to: to, camera: camera, minimumPoints: minimumPoints)
    guard tolerance.isFinite else { return everyPoint }
    let ownShifts = zip(from, to).map { a, b in CameraRotation(shift: b - a, roll: 0, focalLength: camera.focalLength) }
    let followers = ([everyPoint, CameraRotation(pan: 0, tilt: 0, roll: 0)] + ownShifts).map { rotation in
        from.indices.filter { (rotation.moving(from[$0], camera: camera) - to[$0]).length <= tolerance * camera.focalLength }
    }
    // No group of them moving together (a camera swung faster than the points can be followed):
    // the medians of all of them stand, as large as they read.
    guard let most = followers.max(by: { $0.count < $1.count }), most.count >= minimumPoints else { return everyPoint }
    return medianRotation(from: most.map { from[$0] }, to: most.map { to[$0] }, camera: camera, minimumPoints: minimumPoints)
}

/// Roll from how segments between point pairs turn (a segment's direction ignores any shift),
/// then pan and tilt from the median shift left once the roll is taken out.
private func medianRotation(from: [Point2], to: [Point2], camera: PinholeCamera, minimumPoints: Int) -> CameraRotation {
    let focalLength = camera.focalLength
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
    let rollOnly = CameraRotation(pan: 0, tilt: 0, roll: roll * 180 / .pi)
    let rolled = from.map { rollOnly.moving($0, camera: camera) }
    let shift = Point2(x: median(zip(rolled, to).map { $1.x - $0.x }), y: median(zip(rolled, to).map { $1.y - $0.y }))
    return CameraRotation(shift: shift, roll: roll * (180 / Double.pi), focalLength: focalLength)
}
