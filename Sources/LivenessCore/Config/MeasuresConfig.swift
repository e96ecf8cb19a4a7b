/// How finely the measures the rules read are taken from the pixels and points: the face's
/// pixel samples (`PixelChange`), the copy the camera's motion is tracked in, the eye region's
/// scale for the lids' flow (`LidFlow`) and where the face ellipse puts the forehead
/// (`FaceEllipse`). The rules' thresholds are in these measures' units, so the report prints them.
public struct MeasuresConfig: Equatable, Sendable {
    /// The face is sampled `facePixelSide` x `facePixelSide` (`RegionPixels`): 32 holds a face's
    /// features (an eye is about 4 across); a shift of `facePixelMaxShift` samples either way (4:
    /// 12 % of the face) covers a hand's shake between two frames (with 2, the
    /// three_photo_flip_shaking clips' jolts read 0.07-0.15 between still frames).
    public var facePixelSide = 32
    public var facePixelMaxShift = 4
    /// Each eye is sampled `eyePixelSide` x `eyePixelSide` in a square `eyePixelSpan` eye widths a
    /// side (`RegionPixels`, `EyeRegions`), compared after the best shift of up to `eyePixelMaxShift`
    /// samples either way, for a blink's cut (`ContinuityCheck`).
    public var eyePixelSide = 16
    public var eyePixelMaxShift = 2
    public var eyePixelSpan = 2.0
    /// The width of the copy of the frame the background corners are tracked in
    /// (`BackgroundMotion`) for the camera's own motion.
    public var backgroundWorkWidth = 192.0
    /// The head and what moves with it are left out of the background: the face's box grown by
    /// this share of its width on each side and of its height above (the hair), down to the
    /// frame's bottom (the body).
    public var backgroundHeadMargin = 0.6
    /// Corners picked in the background each frame and followed to the next; the rotation is read
    /// only from at least `cameraMinimumPoints` followed (fewer: not known), and the points that
    /// move together decide it only when as many do (`cameraRotation`).
    public var backgroundCorners = 60
    public var cameraMinimumPoints = 8
    /// The most `backgroundCorners` may be: the vision layer's point buffers hold this many.
    public static let mostBackgroundCorners = 200
    /// A background point moves with the camera when it lies within this share of the focal
    /// length of where the camera's rotation puts it (`cameraRotation`). Chosen on the clips
    /// (Benchmarks/RESULTS.md, issue 33, fourth session): camera_moves' whole-image rotation
    /// leaves its median point at most 0.0010 off, the fixed webcams 0.0007; a hand waved beside
    /// the face (reddy_capture) 0.0058 and more; 0.0024 is the geometric middle.
    public var cameraPointTolerance = 0.0024
    /// The eye region's optical flow runs at a scale that makes an eye about this many pixels wide
    /// (`LidFlow.region`): small enough to cost little, large enough for a lid's motion to span
    /// pixels.
    public var lidFlowEyeWidthPx = 24.0
    /// A frame at least twice this on its shorter side is halved (again while it still is) before
    /// anything is found, fitted or measured, and its points mapped back: a 1080p frame is worked
    /// on at 960x540, the size most of the labelled clips were measured at, and what each stage
    /// cuts from it costs a quarter (Benchmarks/RESULTS.md, issue 47).
    public var workShortSide = 540.0
    /// The 68 points stop at the brows; the face's thirds (hairline-brow, brow-nose, nose-chin are
    /// about equal) put the forehead top half the brow-to-chin distance above the brows.
    public var foreheadShareOfBrowToChin = 0.5

    public init() {}

    /// A sample is 3 to 256 a side (the shim's limit); the shift must leave part of it to compare.
    static let fields: [ConfigField<MeasuresConfig>] = [
        .count("facePixelSide", \.facePixelSide, 3...256),
        .count("facePixelMaxShift", \.facePixelMaxShift, 0...127),
        .count("eyePixelSide", \.eyePixelSide, 3...256),
        .count("eyePixelMaxShift", \.eyePixelMaxShift, 0...127),
        .number("eyePixelSpan", \.eyePixelSpan, 0.5...10),
        .number("backgroundWorkWidth", \.backgroundWorkWidth, 16...4096),
        .number("backgroundHeadMargin", \.backgroundHeadMargin, 0...10),
        .count("backgroundCorners", \.backgroundCorners, 1...mostBackgroundCorners),
        .count("cameraMinimumPoints", \.cameraMinimumPoints, 2...mostBackgroundCorners),
        .number("cameraPointTolerance", \.cameraPointTolerance, 0...1),
        .number("lidFlowEyeWidthPx", \.lidFlowEyeWidthPx, 4...256),
        .number("workShortSide", \.workShortSide, 16...100_000),
        .number("foreheadShareOfBrowToChin", \.foreheadShareOfBrowToChin, 0...2),
    ]

    /// Keys that bound each other: a shift of half the side or more leaves nothing to compare, and
    /// `PixelChange` would measure nothing.
    static func broken(_ measures: MeasuresConfig) -> (key: String, problem: String)? {
        if 2 * measures.facePixelMaxShift >= measures.facePixelSide {
            return ("facePixelMaxShift", "must be under half of \"facePixelSide\" (\(measures.facePixelSide))")
        }
        if 2 * measures.eyePixelMaxShift >= measures.eyePixelSide {
            return ("eyePixelMaxShift", "must be under half of \"eyePixelSide\" (\(measures.eyePixelSide))")
        }
        return nil
    }
}
