/// SPEC §2 "the lid's own motion decides": how far the upper lids moved down over the eyes
/// between two frames, relative to the eyes' own corners, read from the optical flow of the eye
/// region (the approach of Drutarovsky & Fogelton 2014: the lids' vertical motion with the
/// face's own motion taken out).
///
/// The vision layer measures the flow between the previous frame and this one at `points(of:)`,
/// placed on the previous frame's landmarks; `descent` turns those flows into the lids' motion.
/// Per eye, the flow on the upper lid (p2, p3 and halfway from each to the lower lid) less the
/// flow at the eye's corners and on the nose bridge (27, 28): whatever moves the whole eye region
/// (the head, the phone, a pan) moves both alike and cancels; a lid coming down moves the first
/// alone. The bridge, not the cheek below the eye, is the reference: a laugh lifts the cheeks,
/// not the bridge (Benchmarks/RESULTS.md, "The lids' own motion"). The motion is taken along the eye's own "down" (square to its corner line),
/// so a rolled head reads as an upright one, and in eye widths (corner to corner), so the
/// distance to the camera does not matter. Summed over a blink, the lids come down by about a
/// tenth of an eye width and go back up by as much, whatever the frame rate
/// (Benchmarks/RESULTS.md, "The lids' own motion").
public enum LidFlow {
    /// Flow points per eye: four on the upper lid, then the eye's two corners and the nose bridge.
    public static let pointsPerEye = 8

    /// Where the flow is read, from the previous frame's 68 landmarks: the right eye's eight
    /// points, then the left eye's.
    public static func points(of landmarks: [Point2]) -> [Point2] {
        [Landmarks68.rightEye.lowerBound, Landmarks68.leftEye.lowerBound].flatMap { i -> [Point2] in
            let p = Array(landmarks[i..<(i + 6)])
            return [p[1], p[2], mid(p[1], p[5]), mid(p[2], p[4]), p[0], p[3], landmarks[27], landmarks[28]]
        }
    }

    /// The region the flow is computed in (both eyes, from the brows to well below the eyes) and
    /// the scale that makes an eye about `eyeWidthPx` wide in it (`MeasuresConfig.lidFlowEyeWidthPx`),
    /// at most 4.
    public static func region(of landmarks: [Point2], eyeWidthPx: Double) -> (box: FaceBox, scale: Double)? {
        let eyeWidth = (width(Array(landmarks[Landmarks68.rightEye])) + width(Array(landmarks[Landmarks68.leftEye]))) / 2
        guard eyeWidth > 1 else { return nil }
        let xs = [17, 26, 36, 45].map { landmarks[$0].x }, ys = [19, 24, 41, 46, 28].map { landmarks[$0].y }
        let x0 = xs.min()! - 0.3 * eyeWidth, x1 = xs.max()! + 0.3 * eyeWidth
        let y0 = ys.min()! - 0.2 * eyeWidth, y1 = ys.max()! + 0.5 * eyeWidth
        return (FaceBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0), min(eyeWidthPx / eyeWidth, 4))
    }

    /// The mean of both eyes' upper-lid descent relative to their corners, in eye widths
    /// (positive: the lids came down), from the flows read at `points(of: landmarks)`; nil when
    /// the flows do not match the points.
    public static func descent(landmarks: [Point2], flows: [Point2]) -> Double? {
        guard flows.count == 2 * pointsPerEye else { return nil }
        var total = 0.0
        for (eye, i) in [Landmarks68.rightEye.lowerBound, Landmarks68.leftEye.lowerBound].enumerated() {
            let p = Array(landmarks[i..<(i + 6)])
            let w = width(p)
            guard w > 0 else { return nil }
            let d = down(p)
            let f = flows[(eye * pointsPerEye)..<((eye + 1) * pointsPerEye)].map { $0.dot(d) }
            let lid = f.prefix(4).reduce(0, +) / 4, reference = f.suffix(4).reduce(0, +) / 4
            total += (lid - reference) / w
        }
        return total / 2
    }

    /// An eye's corner-to-corner width (p1 to p4).
    private static func width(_ p: [Point2]) -> Double { p[0].distance(to: p[3]) }

    /// Square to the eye's corner line, toward the lower lid (image y grows down).
    private static func down(_ p: [Point2]) -> Point2 {
        let c = p[3] - p[0], w = c.length
        return w > 0 ? Point2(x: -c.y / w, y: c.x / w) : Point2(x: 0, y: 1)
    }

    private static func mid(_ a: Point2, _ b: Point2) -> Point2 { (a + b) * 0.5 }
}
