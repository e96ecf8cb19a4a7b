import LivenessCore
import LivenessVision

/// The colours of every picture (the timelines, the bench's summary), in one place.
public enum Palette {
    public static let background = Colour(255, 255, 255)
    public static let ink = Colour(30, 30, 30)
    public static let grid = Colour(225, 225, 225)
    public static let faint = Colour(150, 150, 150)
    public static let closure = Colour(20, 90, 200)
    public static let yaw = Colour(200, 90, 20)
    public static let lids = Colour(20, 150, 150)
    public static let threshold = Colour(220, 40, 40)
    public static let labelledEvent = Colour(205, 228, 255)
    public static let uncertainEvent = Colour(232, 232, 232)
    public static let inCircle = Colour(80, 180, 90)
    public static let outOfCircle = Colour(230, 120, 110)
    public static let noFace = Colour(190, 190, 190)
    public static let cameraStill = Colour(210, 230, 210)
    public static let cameraMoving = Colour(220, 60, 160)
    public static let good = Colour(40, 150, 60)
    public static let bad = Colour(210, 40, 40)
    /// A floor broken no worse than its recorded known gap.
    public static let gap = Colour(230, 160, 30)
    public static let event = Colour(110, 60, 170)
    /// An action's nearest miss (`ActionMiss`).
    public static let refused = Colour(240, 150, 0)

    /// The strip colour of each stage of the session.
    public static func stage(_ stage: SessionStage) -> Colour {
        switch stage {
        case .settling: return Colour(225, 225, 225)
        case .framing: return Colour(250, 235, 170)
        case .scanning: return Colour(190, 215, 245)
        case .choosingSnapshot: return Colour(200, 235, 200)
        case .ended: return Colour(160, 160, 160)
        }
    }
}
