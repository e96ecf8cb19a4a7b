/// Where the head is in the image, from the points that move with the skull alone
/// (`Landmarks68.rigidPoints`), and its scale: the outer-eye-corner distance, the unit head speed
/// is measured in.
public struct HeadPlace: Equatable, Sendable {
    public var centre: Point2
    public var eyeDistance: Double

    public init(centre: Point2, eyeDistance: Double) {
        self.centre = centre
        self.eyeDistance = eyeDistance
    }

    public init(landmarks: [Point2]) {
        self.init(
            centre: Point2.centroid(Landmarks68.rigidPoints.map { landmarks[$0] }),
            eyeDistance: Landmarks68.eyeDistance(landmarks))
    }
}
