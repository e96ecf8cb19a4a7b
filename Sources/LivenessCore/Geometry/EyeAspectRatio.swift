/// Eye-aspect ratio of one eye from its six points p1..p6 (SPEC §2):
/// `(|p2-p6| + |p3-p5|) / (2 |p1-p4|)`. Zero when the corners coincide.
public func eyeAspectRatio(_ p: ArraySlice<Point2>) -> Double {
    precondition(p.count == 6, "an eye has six points")
    let i = p.startIndex
    let width = p[i].distance(to: p[i + 3])
    guard width > 0 else { return 0 }
    let vertical = p[i + 1].distance(to: p[i + 5]) + p[i + 2].distance(to: p[i + 4])
    return vertical / (2 * width)
}

/// Both eyes' ratios and their mean from 68 landmarks.
public struct EyeOpenness: Equatable, Sendable {
    public var right: Double
    public var left: Double
    public var mean: Double { (right + left) / 2 }

    public init(right: Double, left: Double) {
        self.right = right
        self.left = left
    }

    public init(landmarks: [Point2]) {
        right = eyeAspectRatio(landmarks[Landmarks68.rightEye])
        left = eyeAspectRatio(landmarks[Landmarks68.leftEye])
    }
}
