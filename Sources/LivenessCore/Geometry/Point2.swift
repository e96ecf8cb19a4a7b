import Foundation

/// A point or vector in image pixels: x to the right, y down.
public struct Point2: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static func + (a: Point2, b: Point2) -> Point2 { Point2(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point2, b: Point2) -> Point2 { Point2(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point2, k: Double) -> Point2 { Point2(x: a.x * k, y: a.y * k) }

    public var length: Double { (x * x + y * y).squareRoot() }

    public func distance(to other: Point2) -> Double { (self - other).length }

    /// Dot product.
    public func dot(_ other: Point2) -> Double { x * other.x + y * other.y }

    /// This vector turned by `degrees` (positive turns x toward y, i.e. clockwise on screen).
    public func rotated(degrees: Double) -> Point2 {
        let r = degrees * .pi / 180
        return Point2(x: x * cos(r) - y * sin(r), y: x * sin(r) + y * cos(r))
    }

    /// The mean of a non-empty list of points.
    public static func centroid(_ points: [Point2]) -> Point2 {
        var sum = Point2(x: 0, y: 0)
        for p in points { sum = sum + p }
        return sum * (1.0 / Double(max(points.count, 1)))
    }
}
