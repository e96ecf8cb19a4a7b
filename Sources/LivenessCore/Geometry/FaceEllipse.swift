import Foundation

/// The face as an ellipse, forehead to chin and cheek to cheek, turned with the head's roll (SPEC §2).
public struct FaceEllipse: Equatable, Sendable {
    public var centre: Point2
    /// Half the cheek-to-cheek width.
    public var semiWidth: Double
    /// Half the forehead-to-chin height.
    public var semiHeight: Double
    /// The head's roll (`Landmarks68.degrees(of:)`), here of the line between the eyes' centres,
    /// which the whole eye outline steadies.
    public var roll: Double

    public init(centre: Point2, semiWidth: Double, semiHeight: Double, roll: Double) {
        self.centre = centre
        self.semiWidth = semiWidth
        self.semiHeight = semiHeight
        self.roll = roll
    }

    /// Builds the ellipse from 68 landmarks: cheeks from the jaw line, chin from the jaw's lowest
    /// point, forehead top `foreheadShare` of the brow-to-chin distance above the brows
    /// (`MeasuresConfig.foreheadShareOfBrowToChin`: the 68 points stop at the brows); axes follow
    /// the eye line.
    public init(landmarks: [Point2], foreheadShare: Double) {
        let rightEye = Point2.centroid(Array(landmarks[Landmarks68.rightEye]))
        let leftEye = Point2.centroid(Array(landmarks[Landmarks68.leftEye]))
        var across = leftEye - rightEye
        let length = across.length
        across = length > 0 ? across * (1 / length) : Point2(x: 1, y: 0)
        let down = Point2(x: -across.y, y: across.x)

        let jawAcross = landmarks[Landmarks68.jaw].map { $0.dot(across) }
        let jawDown = landmarks[Landmarks68.jaw].map { $0.dot(down) }
        let browDown = landmarks[Landmarks68.brows].map { $0.dot(down) }
        let left = jawAcross.min()!, right = jawAcross.max()!
        let chin = jawDown.max()!
        let brow = browDown.reduce(0, +) / Double(browDown.count)
        let top = brow - foreheadShare * (chin - brow)

        let centreAcross = (left + right) / 2, centreDown = (top + chin) / 2
        self.init(
            centre: across * centreAcross + down * centreDown,
            semiWidth: (right - left) / 2,
            semiHeight: (chin - top) / 2,
            roll: Landmarks68.degrees(of: across))
    }

    /// A point of the outline at parameter `t` (radians).
    public func outlinePoint(_ t: Double) -> Point2 {
        let r = roll * .pi / 180
        let across = Point2(x: cos(r), y: sin(r))
        let down = Point2(x: -across.y, y: across.x)
        return centre + across * (semiWidth * cos(t)) + down * (semiHeight * sin(t))
    }

    /// The farthest distance from `point` to the outline, sampled every half degree (the error is
    /// under 0.004 % of the ellipse's size, far below landmark noise).
    public func farthestDistance(from point: Point2) -> Double {
        var farthest = 0.0
        for step in 0..<720 {
            farthest = max(farthest, outlinePoint(Double(step) * .pi / 360).distance(to: point))
        }
        return farthest
    }

    /// The whole ellipse lies inside the circle.
    public func isInside(_ circle: Circle) -> Bool {
        farthestDistance(from: circle.centre) <= circle.radius
    }
}
