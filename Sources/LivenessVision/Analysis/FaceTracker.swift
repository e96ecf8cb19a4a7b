import LivenessCore

/// Plans where the chosen face (SPEC §2) is fitted in each frame, so that a followed face costs
/// one landmark fit per frame and the detectors run only to find it or to confirm it; the
/// analyzer fits what it plans and reports back (`follow`, `lose`).
///
/// - Following: the landmark box is predicted from the previous frame's landmarks
///   (`predictedBox`), and fitted once.
/// - Every `confirmIntervalMs` the followed face is confirmed near where it is (`confirm`): by
///   the Haar cascade, or, where that misses it (eyes closed, a head turned), by dlib's HOG
///   detector. Neither finding it means the face is lost.
/// - Every `fullSearchIntervalMs`, and on every frame without a face, the whole frame is searched
///   (`searchWholeFrame`), so that a second face or a better-placed one is noticed.
///
/// A head tilted past `uprightBeyondDegrees` is confirmed on copies turned upright by its last
/// tilt and fitted through its turned box, so it is not lost when the user leans their head.
final class FaceTracker {
    let search: FaceSearch

    /// How often a followed face is confirmed by a detector. A fit in a predicted box cannot
    /// follow a jump (a face moved a third of the frame between two frames still gives plausible
    /// points where it was), so the confirmation bounds how long a wrong face can be followed.
    /// Measured on the manifest's clips: every 500 ms delayed the autoshot of the clips whose face
    /// jumps back into the circle by 333 ms (single_face_offcentre and _tooclose, 1267 -> 1600 ms);
    /// every 100 ms costs about 0.1 ms a frame (a Haar search of a patch around the face).
    static let confirmIntervalMs = 100.0
    static let fullSearchIntervalMs = 1000.0
    /// Below this tilt the detectors and the model cope as they are and no pixels are turned.
    static let uprightBeyondDegrees = 10.0

    /// The last detector-made landmark box, as an offset from the landmarks' centroid (in the
    /// head's own axes) and a side. Predicted boxes move with the landmarks but keep this size: a
    /// box sized from the points would feed the fit's own scale error back into the next box, and
    /// grow or shrink away.
    private struct Calibration {
        var offset: Point2
        var side: Double
    }

    private var previousPoints: [Point2]?
    private var previousPatch: PatchStats?
    private var calibration: Calibration?
    private var lastConfirmedMs = -Double.infinity
    private var lastFullSearchMs = -Double.infinity
    /// Faces seen by the last whole-frame search, carried to the frames in between (the faces in
    /// view do not change between two frames).
    private(set) var facesInScene = 0

    init(search: FaceSearch) {
        self.search = search
    }

    /// Forgets the followed face: the next frame is searched whole.
    func reset() {
        previousPoints = nil
        previousPatch = nil
        calibration = nil
        lastConfirmedMs = -.infinity
        lastFullSearchMs = -.infinity
        facesInScene = 0
        search.reset()
    }

    /// What this frame needs besides the fit of the predicted box.
    enum Check {
        case none
        /// Confirm the followed face near where it is.
        case confirm
        /// Search the whole frame.
        case wholeFrame
    }

    /// What this frame needs, and `patch` kept for the next frame's: the gray levels in this
    /// frame's predicted box (nil when no face is followed); a cut from the last frame's is
    /// confirmed at once.
    func planCheck(at ms: Double, following: Bool, patch: PatchStats?) -> Check {
        defer { previousPatch = patch }
        if !following || ms - lastFullSearchMs >= Self.fullSearchIntervalMs { return .wholeFrame }
        if let patch, let previousPatch, patch.isCut(from: previousPatch) { return .confirm }
        return ms - lastConfirmedMs >= Self.confirmIntervalMs ? .confirm : .none
    }

    /// The landmark box for this frame from the previous frame's points, upright to their tilt;
    /// nil when no face is followed.
    func predictedBox() -> HeadBox? {
        guard let points = previousPoints, let calibration else { return nil }
        let roll = Self.fittingRoll(points)
        let centre = Point2.centroid(points) + calibration.offset.rotated(degrees: roll)
        return HeadBox(centre: centre, side: calibration.side, roll: roll)
    }

    /// A detector's landmark box for the face fitted in `box`, found near it; nil when neither
    /// detector finds it there.
    func confirm(_ box: HeadBox, in gray: Image, at ms: Double) throws -> HeadBox? {
        lastConfirmedMs = ms
        return try search.near(box, in: gray)
    }

    /// Every face of the frame as landmark boxes (`FaceSearch.wholeFrame`), counted for the frames
    /// until the next search.
    func searchWholeFrame(_ gray: Image, small: ShrunkImage, at ms: Double, following: Bool) throws -> [HeadBox] {
        let faces = try search.wholeFrame(gray, small: small, at: ms, following: following)
        lastFullSearchMs = ms
        lastConfirmedMs = ms
        facesInScene = faces.count
        return faces
    }

    /// The face is followed with these points, fitted in `box`; `detected` is a detector's
    /// landmark box for it this frame, from which the predicted boxes learn their offset and size.
    func follow(_ points: [Point2], box: HeadBox, detected: HeadBox?, at ms: Double) {
        previousPoints = points
        if let detected {
            calibration = Calibration(offset: detected.headOffset(of: Point2.centroid(points)) * -1, side: detected.side)
        }
        search.sawFace(box, at: ms)
    }

    /// No face this frame.
    func lose() {
        previousPoints = nil
    }

    /// The tilt to fit a head at, given its points: its roll, or 0 while the roll is small.
    static func fittingRoll(_ points: [Point2]) -> Double {
        let roll = Landmarks68.roll(points)
        return abs(roll) >= uprightBeyondDegrees ? roll : 0
    }
}
