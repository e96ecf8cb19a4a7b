import LivenessCore

/// Everything the engine remembers of the chosen face (SPEC §2) from one frame to the next, and
/// the plan it makes from that for each frame, so that a followed face costs one landmark fit per
/// frame and the detectors run only to find it or to confirm it. It runs no detector and fits
/// nothing: the analyzer carries out the plan and reports once what the frame showed (`update`).
///
/// - Following: the landmark box is predicted from the previous frame's landmarks
///   (`predictedBox`), and fitted once.
/// - Every `confirmIntervalMs` the followed face is confirmed near where it is (`Step.confirm`):
///   by the Haar cascade, or, where that misses it (eyes closed, a head turned), by dlib's HOG
///   detector. Neither finding it means the face is lost, unless a detector found it within
///   `unconfirmedKeepMs` and its box shows no cut (`keepsUnconfirmed`: a head turning past the
///   detectors' reach is followed one confirmation longer).
/// - Every `fullSearchIntervalMs`, and on every frame without a face, the whole frame is searched
///   (`Step.searchWholeFrame`, how: `wholeFrameSearch`), so that a second face or a better-placed
///   one is noticed. Once that has found nothing since a face was lost, and while the face is
///   looked for where it was, the frame itself is searched every `lostFaceFrameSearchIntervalMs`
///   and the frames in between look only where it was.
///
/// A head tilted past `uprightBeyondDegrees` is confirmed on copies turned upright by its last
/// tilt and fitted through its turned box, so it is not lost when the user leans their head.
///
/// These intervals and bounds are the run's configuration (`LivenessConfig.tracking`, where each
/// is measured), passed with each call: the report prints what decided them.
final class FaceTracker {
    /// The last detector-made landmark box, as an offset from the landmarks' centroid (in the
    /// head's own axes) and a side. Predicted boxes move with the landmarks but keep this size: a
    /// box sized from the points would feed the fit's own scale error back into the next box, and
    /// grow or shrink away.
    private struct Calibration {
        var offset: Point2
        var side: Double
    }

    /// The face of the frame before: its landmarks, fitted in `box`; nil when it had none. The
    /// one memory of where the face was: the pixels compared from frame to frame are read where it
    /// says.
    private(set) var previousFace: (box: HeadBox, points: [Point2])?
    private var previousPatch: PatchStats?
    private var calibration: Calibration?
    private var lastConfirmedMs = -Double.infinity
    /// The last frame a detector found the followed face on.
    private var lastDetectedMs = -Double.infinity
    private var lastFullSearchMs = -Double.infinity
    private var lastHaarSweepMs = -Double.infinity
    /// The last whole-frame search that searched the frame itself.
    private var lastFrameSearchMs = -Double.infinity
    private var lastFaceMs = -Double.infinity
    /// Where the face was when last seen (a landmark box).
    private var lastFace: HeadBox?
    /// Faces seen by the last whole-frame search, carried to the frames in between (the faces in
    /// view do not change between two frames).
    private(set) var facesInScene = 0

    /// Forgets the followed face: the next frame is searched whole.
    func reset() {
        previousFace = nil
        previousPatch = nil
        calibration = nil
        lastConfirmedMs = -.infinity
        lastDetectedMs = -.infinity
        lastFullSearchMs = -.infinity
        lastHaarSweepMs = -.infinity
        lastFrameSearchMs = -.infinity
        lastFaceMs = -.infinity
        lastFace = nil
        facesInScene = 0
    }

    /// The landmark box for this frame from the previous frame's points, upright to their tilt;
    /// nil when no face is followed.
    func predictedBox(settings: TrackingConfig) -> HeadBox? {
        guard let points = previousFace?.points, let calibration else { return nil }
        let roll = Self.fittingRoll(points, uprightBeyond: settings.uprightBeyondDegrees)
        let centre = Point2.centroid(points) + calibration.offset.rotated(degrees: roll)
        return HeadBox(centre: centre, side: calibration.side, roll: roll)
    }

    /// What a frame needs besides the fit of the predicted box.
    enum Step {
        case none
        /// Confirm the followed face near where it is.
        case confirm
        /// Search the whole frame.
        case searchWholeFrame
    }

    /// The step for a frame at `ms` whose predicted box was fitted (`following`) with `patch`, the
    /// gray levels in it (nil when no face is followed): a cut from the last frame's is confirmed
    /// at once.
    func step(at ms: Double, following: Bool, patch: PatchStats?, settings: TrackingConfig) -> Step {
        if !following || ms - lastFullSearchMs >= settings.fullSearchIntervalMs { return .searchWholeFrame }
        if let patch, let previousPatch, patch.isCut(from: previousPatch, settings: settings) { return .confirm }
        return ms - lastConfirmedMs >= settings.confirmIntervalMs ? .confirm : .none
    }

    /// Whether a followed face no detector found at `ms` is kept: found within
    /// `settings.unconfirmedKeepMs`, and its box (`patch`) no cut from the last frame's.
    func keepsUnconfirmed(at ms: Double, patch: PatchStats?, settings: TrackingConfig) -> Bool {
        guard ms - lastDetectedMs <= settings.unconfirmedKeepMs, let patch, let previousPatch else { return false }
        return !patch.isCut(from: previousPatch, settings: settings)
    }

    /// How the whole frame is searched at `ms`: by the Haar cascade rather than LBP once no face
    /// has been seen for a while. While the last face was seen lately and is not `following`, the
    /// frames between two searches of the frame look only around where it was, and the searches
    /// of the frame do not look there too, so no frame pays for both (Benchmarks/RESULTS.md,
    /// Live) but the first without the face, the likeliest to find it where it was a frame ago. A
    /// followed face the search misses is looked for near where it is by `FaceSearch.near`, on a
    /// seventh of this look's pixels.
    func wholeFrameSearch(at ms: Double, following: Bool, settings: TrackingConfig) -> FaceSearch.WholeFrame {
        let recentFace = !following && ms - lastFaceMs < settings.lostFaceMs ? lastFace : nil
        let searchedSinceLost = lastFrameSearchMs > lastFaceMs
        if let recentFace, searchedSinceLost, ms - lastFrameSearchMs < settings.lostFaceFrameSearchIntervalMs {
            return .around(recentFace)
        }
        return .frame(
            haarSweep: ms - lastFaceMs >= settings.sweepAfterMs && ms - lastHaarSweepMs >= settings.haarSweepIntervalMs,
            thenAround: searchedSinceLost ? nil : recentFace)
    }

    /// What a frame showed, reported once when its work is done.
    struct Report {
        var ms: Double
        /// The gray levels in the fitted predicted box, nil without one.
        var patch: PatchStats?
        /// A detector looked for the followed face near where it was.
        var confirmed = false
        /// The whole frame was searched, this way, and found this many faces.
        var wholeFrame: (search: FaceSearch.WholeFrame, faces: Int)?
        /// The face followed from here on: its points, fitted in `box`.
        var face: (box: HeadBox, points: [Point2])?
        /// A detector's landmark box for the face this frame, from which the predicted boxes learn
        /// their offset and size.
        var detected: HeadBox?

        init(ms: Double, patch: PatchStats?) {
            self.ms = ms
            self.patch = patch
        }
    }

    func update(_ report: Report) {
        let ms = report.ms
        previousPatch = report.patch
        if report.confirmed || report.wholeFrame != nil { lastConfirmedMs = ms }
        if let (search, faces) = report.wholeFrame {
            lastFullSearchMs = ms
            facesInScene = faces
            if case .frame(let haarSweep, _) = search {
                lastFrameSearchMs = ms
                if haarSweep { lastHaarSweepMs = ms }
            }
        }
        previousFace = report.face
        guard let face = report.face else { return }
        if let detected = report.detected {
            lastDetectedMs = ms
            calibration = Calibration(offset: detected.headOffset(of: Point2.centroid(face.points)) * -1, side: detected.side)
        }
        lastFaceMs = ms
        lastFace = face.box
    }

    /// The tilt to fit a head at, given its points: its roll, or 0 while the roll is under
    /// `uprightBeyond` degrees.
    static func fittingRoll(_ points: [Point2], uprightBeyond: Double) -> Double {
        let roll = Landmarks68.roll(points)
        return abs(roll) >= uprightBeyond ? roll : 0
    }
}
