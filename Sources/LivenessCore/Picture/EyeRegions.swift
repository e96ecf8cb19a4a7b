/// Where a face's eyes are, for their pixels (SPEC §6, `ContinuityCheck`'s eyes): a square around
/// each eye (iBUG points 36..41 and 42..47), centred on its six points, `span` times the eye's
/// width (corner to corner) a side, so that the lids, the eye and a margin of skin around them are
/// in it whichever way the eye looks.
public enum EyeRegions {
    /// The right eye's square, then the left's; nil without 68 points or with an eye of no width.
    public static func boxes(_ points: [Point2], span: Double) -> [FaceBox]? {
        guard points.count == 68, span > 0 else { return nil }
        var boxes: [FaceBox] = []
        for indices in [Landmarks68.rightEye, Landmarks68.leftEye] {
            let eye = points[indices]
            let width = eye[indices.lowerBound].distance(to: eye[indices.lowerBound + 3])
            guard width >= 1 else { return nil }
            let cx = eye.map(\.x).reduce(0, +) / 6, cy = eye.map(\.y).reduce(0, +) / 6
            let side = span * width
            boxes.append(FaceBox(x: cx - side / 2, y: cy - side / 2, width: side, height: side))
        }
        return boxes
    }
}
