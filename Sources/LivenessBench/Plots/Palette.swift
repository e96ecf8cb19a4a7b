import LivenessVision

/// The colours of every benchmark picture, in one place.
enum Palette {
    static let background = Colour(255, 255, 255)
    static let ink = Colour(30, 30, 30)
    static let grid = Colour(225, 225, 225)
    static let faint = Colour(150, 150, 150)
    static let closure = Colour(20, 90, 200)
    static let yaw = Colour(200, 90, 20)
    static let lids = Colour(20, 150, 150)
    static let threshold = Colour(220, 40, 40)
    static let labelledEvent = Colour(205, 228, 255)
    static let uncertainEvent = Colour(232, 232, 232)
    static let inCircle = Colour(80, 180, 90)
    static let outOfCircle = Colour(230, 120, 110)
    static let noFace = Colour(190, 190, 190)
    static let cameraStill = Colour(210, 230, 210)
    static let cameraMoving = Colour(220, 60, 160)
    static let good = Colour(40, 150, 60)
    static let bad = Colour(210, 40, 40)
    /// A floor broken no worse than its recorded known gap.
    static let gap = Colour(230, 160, 30)
    static let event = Colour(110, 60, 170)
}
