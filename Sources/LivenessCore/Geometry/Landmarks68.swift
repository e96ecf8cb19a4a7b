import Foundation

/// Index ranges of dlib's 68-point mark-up (iBUG 300-W numbering, 0-based), and the measures
/// every part of the engine takes of it the same way: the head's roll, its eye distance and the
/// points that move with the skull alone.
public enum Landmarks68 {
    public static let count = 68
    public static let jaw = 0...16
    public static let brows = 17...26
    /// The subject's right eye (on the image left for an unmirrored frontal face), p1..p6.
    public static let rightEye = 36...41
    /// The subject's left eye, p1..p6.
    public static let leftEye = 42...47
    public static let rightEyeOuterCorner = 36
    public static let leftEyeOuterCorner = 45
    /// The points fixed on the skull: the nose (27...35) and the four eye corners. Lids, brows,
    /// lips and the jaw's silhouette move on their own, with expression or with the view.
    public static let rigidPoints = Array(27...35) + [36, 39, 42, 45]

    /// The outer-eye-corner distance, in pixels: the head's scale in the image.
    public static func eyeDistance(_ points: [Point2]) -> Double {
        points[rightEyeOuterCorner].distance(to: points[leftEyeOuterCorner])
    }

    /// The head's roll: the angle of the line from the right eye's outer corner to the left's
    /// (`degrees(of:)`).
    public static func roll(_ points: [Point2]) -> Double {
        degrees(of: points[leftEyeOuterCorner] - points[rightEyeOuterCorner])
    }

    /// A line's angle on screen, in degrees, as every roll is given: 0 = level, positive =
    /// clockwise on screen (image y points down), i.e. the left eye lower for an eye line.
    public static func degrees(of line: Point2) -> Double {
        atan2(line.y, line.x) * 180 / .pi
    }
}
