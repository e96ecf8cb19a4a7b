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
///   detector. Neither finding it means the face is lost.
/// - Every `fullSearchIntervalMs`, and on every frame without a face, the whole frame is searched
///   (`Step.searchWholeFrame`, how: `wholeFrameSearch`), so that a second face or a better-placed
///   one is noticed. Once that has found nothing since a face was lost, and while the face is
///   looked for where it was, the frame itself is searched every `lostFaceFrameSearchIntervalMs`
///   and the frames in between look only where it was.
///
/// A head tilted past `uprightBeyondDegrees` is confirmed on copies turned upright by its last
/// tilt and fitted through its turned box, so it is not lost when the user leans their head.
final class FaceTracker {
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
    /// For this long after a face was last seen, a whole-frame search that finds nothing looks
    /// around where it was: a head turned into profile and back comes back where it was (real.mov's
    /// two turns last 1.8 and 2.5 s), and the search around it has a third of a Haar sweep's pixels.
    static let lostFaceMs = 3000.0
    /// From this long after a face was last seen, the Haar sweeps below run.
    static let sweepAfterMs = 1000.0
    /// While no face has been seen for `sweepAfterMs`, the Haar cascade searches the whole frame
    /// instead of LBP this often: LBP misses some faces that Haar finds (a head coming back from
    /// profile, glasses and a beard), but Haar costs about four times as much, so it runs on a few
    /// frames a second.
    static let haarSweepIntervalMs = 500.0
    /// Once a search of the whole frame has found nothing since the face was lost, the frame is
    /// searched again this often while the face is looked for where it was (`lostFaceMs`): a
    /// head back from profile comes back there, and the frames in between cost that look alone
    /// (Benchmarks/RESULTS.md, Live: real.mov's p95 15.1 -> 10.6 ms). A face back elsewhere is found up to this late:
    /// on every labelled clip the outcomes and credits stayed, and alaa_headpose_test, whose face
    /// LBP finds only now and then in 3/4 views, lost 9 of its 447 face frames (28 at 200 ms);
    /// the Haar sweeps keep the same cadence.
    static let lostFaceFrameSearchIntervalMs = 500.0

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
        previousPoints = nil
        previousPatch = nil
        calibration = nil
        lastConfirmedMs = -.infinity
        lastFullSearchMs = -.infinity
        lastHaarSweepMs = -.infinity
        lastFrameSearchMs = -.infinity
        lastFaceMs = -.infinity
        lastFace = nil
        facesInScene = 0
    }

    /// The landmark box for this frame from the previous frame's points, upright to their tilt;
    /// nil when no face is followed.
    func predictedBox() -> HeadBox? {
        guard let points = previousPoints, let calibration else { return nil }
        let roll = Self.fittingRoll(points)
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
    func step(at ms: Double, following: Bool, patch: PatchStats?) -> Step {
        if !following || ms - lastFullSearchMs >= Self.fullSearchIntervalMs { return .searchWholeFrame }
        if let patch, let previousPatch, patch.isCut(from: previousPatch) { return .confirm }
        return ms - lastConfirmedMs >= Self.confirmIntervalMs ? .confirm : .none
    }

    /// How the whole frame is searched at `ms`: by the Haar cascade rather than LBP once no face
    /// has been seen for a while. While the last face was seen lately and is not `following`, the
    /// frames between two searches of the frame look only around where it was, and the searches
    /// of the frame do not look there too, so no frame pays for both (Benchmarks/RESULTS.md,
    /// Live) but the first without the face, the likeliest to find it where it was a frame ago. A
    /// followed face the search misses is looked for near where it is by `FaceSearch.near`, on a
    /// seventh of this look's pixels.
    func wholeFrameSearch(at ms: Double, following: Bool) -> FaceSearch.WholeFrame {
        let recentFace = !following && ms - lastFaceMs < Self.lostFaceMs ? lastFace : nil
        let searchedSinceLost = lastFrameSearchMs > lastFaceMs
        if let recentFace, searchedSinceLost, ms - lastFrameSearchMs < Self.lostFaceFrameSearchIntervalMs {
            return .around(recentFace)
        }
        return .frame(
            haarSweep: ms - lastFaceMs >= Self.sweepAfterMs && ms - lastHaarSweepMs >= Self.haarSweepIntervalMs,
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
        guard let face = report.face else {
            previousPoints = nil
            return
        }
        previousPoints = face.points
        if let detected = report.detected {
            calibration = Calibration(offset: detected.headOffset(of: Point2.centroid(face.points)) * -1, side: detected.side)
        }
        lastFaceMs = ms
        lastFace = face.box
    }

    /// The tilt to fit a head at, given its points: its roll, or 0 while the roll is small.
    static func fittingRoll(_ points: [Point2]) -> Double {
        let roll = Landmarks68.roll(points)
        return abs(roll) >= uprightBeyondDegrees ? roll : 0
    }
}
