/// An axis-aligned face box in image pixels.
public struct FaceBox: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var centre: Point2 { Point2(x: x + width / 2, y: y + height / 2) }
    public var area: Double { width * height }
}
