/// A circle in image pixels.
public struct Circle: Equatable, Sendable {
    public var centre: Point2
    public var radius: Double

    public init(centre: Point2, radius: Double) {
        self.centre = centre
        self.radius = radius
    }
}
