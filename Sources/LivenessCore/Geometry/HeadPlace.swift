/// Where the head is in the image, from the points that move with the skull alone (the nose and
/// the eye corners; lids, brows, lips and the jaw's silhouette move on their own), and its scale:
/// the outer-eye-corner distance, the unit head speed is measured in.
public struct HeadPlace: Equatable, Sendable {
    public var centre: Point2
    public var eyeDistance: Double

    public init(centre: Point2, eyeDistance: Double) {
        self.centre = centre
        self.eyeDistance = eyeDistance
    }

    /// The nose (27...35) and the four eye corners.
    static let rigidPoints = Array(27...35) + [36, 39, 42, 45]

    public init(landmarks: [Point2]) {
        self.init(
            centre: Point2.centroid(Self.rigidPoints.map { landmarks[$0] }),
            eyeDistance: landmarks[Landmarks68.rightEyeOuterCorner].distance(to: landmarks[Landmarks68.leftEyeOuterCorner]))
    }
}
