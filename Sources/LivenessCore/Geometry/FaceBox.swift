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

    public func contains(_ p: Point2) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }

    /// Two boxes box the same face when either one's centre lies inside the other: the one test
    /// of "the same face" for every detector's boxes and the followed face's.
    public func boxesSameFace(as other: FaceBox) -> Bool {
        contains(other.centre) || other.contains(centre)
    }

    /// One box per face: a detector can box the same face twice at neighbouring scales, so of two
    /// boxes of the same face, only the larger is kept.
    public static func distinct(_ boxes: [FaceBox]) -> [FaceBox] {
        var kept: [FaceBox] = []
        for box in boxes.sorted(by: { $0.area > $1.area }) where !kept.contains(where: { $0.boxesSameFace(as: box) }) {
            kept.append(box)
        }
        return kept
    }
}
