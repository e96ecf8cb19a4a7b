/// How far each lid of one eye stands from the line through the eye's corners (p1, p4), in
/// eye widths: the upper lid from p2 and p3 (above the line), the lower lid from p5 and p6 (below
/// it). SPEC §2 judges closure on the upper lid alone: a blink brings the upper lid down while the
/// lower lid barely moves, whereas a laughing squint pushes the lower lid up.
public struct LidHeights: Equatable, Sendable {
    public var upper: Double
    public var lower: Double

    public init(upper: Double, lower: Double) {
        self.upper = upper
        self.lower = lower
    }

    /// From the eye's six points p1..p6 (SPEC §2 numbering). Zero when the corners coincide.
    public init(_ p: ArraySlice<Point2>) {
        precondition(p.count == 6, "an eye has six points")
        let i = p.startIndex
        let corners = p[i + 3] - p[i]
        let width = corners.length
        guard width > 0 else {
            self.init(upper: 0, lower: 0)
            return
        }
        // Up on screen for an upright face; the line follows the eye, so roll does not matter.
        let up = Point2(x: corners.y / width, y: -corners.x / width)
        func height(_ k: Int) -> Double { (p[i + k] - p[i]).dot(up) / width }
        self.init(upper: (height(1) + height(2)) / 2, lower: -(height(4) + height(5)) / 2)
    }
}

/// Both eyes' lid heights from 68 landmarks (right eye 36..41, left eye 42..47).
public struct EyeLids: Equatable, Sendable {
    public var right: LidHeights
    public var left: LidHeights

    public init(right: LidHeights, left: LidHeights) {
        self.right = right
        self.left = left
    }

    public init(landmarks: [Point2]) {
        right = LidHeights(landmarks[Landmarks68.rightEye])
        left = LidHeights(landmarks[Landmarks68.leftEye])
    }
}
