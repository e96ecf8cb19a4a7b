import Foundation

/// Index ranges of dlib's 68-point mark-up (iBUG 300-W numbering, 0-based).
public enum Landmarks68 {
    public static let count = 68
    public static let jaw = 0...16
    public static let chin = 8
    public static let brows = 17...26
    public static let noseBridgeTop = 27
    /// The subject's right eye (on the image left for an unmirrored frontal face), p1..p6.
    public static let rightEye = 36...41
    /// The subject's left eye, p1..p6.
    public static let leftEye = 42...47
    public static let rightEyeOuterCorner = 36
    public static let leftEyeOuterCorner = 45

    /// The head's tilt in the image, in degrees: the angle of the line from the right eye's outer
    /// corner to the left's (0 = level, positive = the left eye lower on screen).
    public static func roll(_ points: [Point2]) -> Double {
        let eyeLine = points[leftEyeOuterCorner] - points[rightEyeOuterCorner]
        return atan2(eyeLine.y, eyeLine.x) * 180 / .pi
    }
}
