import LivenessCore

/// Finds the chosen face frame after frame while keeping detector work rare: between searches,
/// the landmark box of a frame is predicted from the previous frame's landmarks; a small Haar
/// search around the face confirms it is still there every `verifyIntervalMs`; a whole-frame
/// search runs when there is no face, when a confirmation fails, and once a second so that a
/// second face or a better-placed one is noticed (SPEC §2 "Chosen face"). Whole frames are
/// searched with the fast LBP cascade (and, while no face has been seen for a while, now and then
/// with the Haar cascade, which finds faces LBP misses); the chosen face is then boxed by the Haar
/// cascade, whose boxes the landmark box mapping was measured on. A head tilted past
/// `uprightBeyondDegrees` is confirmed and fitted on copies turned upright by its last tilt, so it
/// is not lost when the user leans their head.
final class FaceTracker {
    let searcher: FaceDetector
    let detector: FaceDetector

    static let verifyIntervalMs = 100.0
    static let fullSearchIntervalMs = 1000.0
    /// Whole-frame searches run on a copy whose shorter side is this many pixels, for faces down to
    /// `smallestFaceShare` of it: small enough to tell the user to come closer.
    static let fullSearchShortSide = 200.0
    static let smallestFaceShare = 0.12
    /// How far past each edge the search for a face too close to fit looks, as a share of the
    /// frame, and the smallest such face, as a share of the frame's shorter side.
    static let fallbackOverhang = 0.25
    static let bigFaceShare = 0.55
    /// For this long after a face was last seen, a Haar search around where it was backs up the
    /// LBP cascade: it recovers a face turned too far for LBP, at a fraction of a whole-frame
    /// search, and costs nothing on a stream without a face.
    static let lostFaceMs = 1000.0
    /// Past that, while no face is found, the Haar cascade searches the whole frame instead of LBP
    /// this often: LBP misses some faces that Haar finds (a head coming back from profile, glasses
    /// and a beard), but Haar costs about twice as much, so it runs on a few frames a second.
    static let haarSweepIntervalMs = 500.0
    /// Confirming searches resize the face to about this width (the cascade's window is 24 px).
    static let confirmFaceWidth = 36.0
    /// Below this tilt the cascades and the model cope as they are and no pixels are turned.
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
    private var calibration: Calibration?
    private var lastConfirmedMs = -Double.infinity
    private var lastFullSearchMs = -Double.infinity
    private var lastHaarSweepMs = -Double.infinity
    /// When a face was last located.
    private var lastFaceMs = -Double.infinity
    /// Where that face was, as a Haar box.
    private var lastFace: HeadBox?
    /// Faces seen by the last whole-frame search, carried to the frames in between.
    private var facesInScene = 0

    init(searcher: FaceDetector, detector: FaceDetector) {
        self.searcher = searcher
        self.detector = detector
    }

    /// Forgets the tracked face: the next frame is searched whole.
    func reset() {
        previousPoints = nil
        calibration = nil
        lastConfirmedMs = -.infinity
        lastFullSearchMs = -.infinity
        lastHaarSweepMs = -.infinity
        lastFaceMs = -.infinity
        lastFace = nil
        facesInScene = 0
    }

    struct Located {
        var points: [Point2]?
        /// The axis-aligned box around the landmark box the points were fitted in.
        var box: FaceBox?
        var faceCount: Int
    }

    /// Locates the chosen face and fits it with `fit` (a landmark box in, 68 points out).
    func locate(in gray: Image, at ms: Double, circle: Circle, fit: (HeadBox) throws -> [Point2]) throws -> Located {
        if let predicted = predictedBox() {
            if ms - lastFullSearchMs < Self.fullSearchIntervalMs, ms - lastConfirmedMs < Self.verifyIntervalMs {
                let points = try fit(predicted)
                if isPlausibleFit(points, in: predicted) { return track(points, box: predicted, count: facesInScene, at: ms) }
            } else if ms - lastFullSearchMs < Self.fullSearchIntervalMs {
                let haar = haarBox(fromLandmarkBox: predicted)
                if let confirmed = try haarFace(near: haar, margin: 0.25, sizes: 0.7...1.45, in: gray) {
                    lastConfirmedMs = ms
                    if let located = try fitDetected(confirmed, count: facesInScene, at: ms, fit: fit) { return located }
                }
            }
        }
        // Whole-frame search: every face, then SPEC's choice among them.
        let shortSide = Double(min(gray.width, gray.height))
        let scale = min(4, Self.fullSearchShortSide / shortSide)
        let recentFace = ms - lastFaceMs < Self.lostFaceMs ? lastFace : nil
        let haarSweep = recentFace == nil && ms - lastHaarSweepMs >= Self.haarSweepIntervalMs
        if haarSweep { lastHaarSweepMs = ms }
        let faces = try wholeFrameFaces(
            in: gray, scale: scale, minFace: shortSide * Self.smallestFaceShare, haarSweep: haarSweep,
            fallback: recentFace.map(Fallback.around) ?? .none)
        lastFullSearchMs = ms
        lastConfirmedMs = ms
        facesInScene = faces.count
        if let chosen = chooseFace(faces.map(\.box), circle: circle),
           let located = try fitDetected(faces[chosen], count: faces.count, at: ms, fit: fit) {
            return located
        }
        previousPoints = nil
        return Located(points: nil, box: nil, faceCount: faces.count)
    }

    /// Where the Haar cascade looks when the LBP cascade finds nothing (Haar holds on to turned
    /// faces longer).
    enum Fallback {
        case none
        /// Around a face seen a moment ago (at its tilt).
        case around(HeadBox)
        /// The whole frame and past its edges, on a copy resized by this factor (stills, where time
        /// matters less).
        case wholeFrame(scale: Double)
    }

    /// Every face of the frame as Haar boxes, searched on a copy resized by `scale` for faces of
    /// at least `minFace` pixels: the fast LBP cascade proposes, a Haar search around each
    /// proposal confirms and boxes it (dropping LBP's false alarms); then the `fallback`. A
    /// `haarSweep` searches with the Haar cascade itself instead of LBP: it costs about twice as
    /// much and finds faces LBP misses.
    func wholeFrameFaces(in gray: Image, scale: Double, minFace: Double, haarSweep: Bool = false, fallback: Fallback) throws -> [HeadBox] {
        let frame = FaceBox(x: 0, y: 0, width: Double(gray.width), height: Double(gray.height))
        let found = haarSweep
            ? distinct(try detector.detect(in: gray, region: frame, scale: scale, minFace: minFace, maxFace: 0))
            : try distinct(distinct(searcher.detect(in: gray, region: frame, scale: scale, minFace: minFace, maxFace: 0)).compactMap { p in
                try haarFace(near: p, margin: 0.6, sizes: 1.0...2.2, in: gray)
            })
        if !found.isEmpty { return found }
        switch fallback {
        case .none:
            break
        case .around(let face):
            if let found = try haarFace(near: face, margin: 1.0, sizes: 0.6...1.6, in: gray) { return [found] }
        case .wholeFrame(let fallbackScale):
            // Past the edges too, for faces the photo's border cuts.
            return distinct(try detector.detect(in: gray, region: overhanging(frame), scale: fallbackScale, minFace: max(minFace, 24 / fallbackScale), maxFace: 0))
        }
        // A face too close to fit the frame (forehead and chin cut off) is found by looking past
        // the edges; only big faces can be cut so, so this search runs on a tiny copy.
        let bigFace = min(frame.width, frame.height) * Self.bigFaceShare
        return distinct(try detector.detect(in: gray, region: overhanging(frame), scale: min(scale, 24 / bigFace), minFace: bigFace, maxFace: 0))
    }

    /// One box per face of an upright search (see `FaceBox.distinct`).
    private func distinct(_ boxes: [HeadBox]) -> [HeadBox] {
        FaceBox.distinct(boxes.map(\.box)).map { HeadBox($0) }
    }

    /// The frame grown by `fallbackOverhang` on every side.
    private func overhanging(_ frame: FaceBox) -> FaceBox {
        let o = Self.fallbackOverhang
        return FaceBox(x: -frame.width * o, y: -frame.height * o, width: frame.width * (1 + 2 * o), height: frame.height * (1 + 2 * o))
    }

    /// The Haar face nearest `face`'s centre in a search around it, upright to its tilt: the
    /// region extends `margin` face widths beyond it, for faces of `sizes` times its width.
    private func haarFace(near face: HeadBox, margin: Double, sizes: ClosedRange<Double>, in gray: Image) throws -> HeadBox? {
        let side = face.side * (1 + 2 * margin), centre = face.centre
        let found = try detector.detect(
            in: gray, region: FaceBox(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side),
            scale: min(4, Self.confirmFaceWidth / face.side),
            minFace: face.side * sizes.lowerBound, maxFace: face.side * sizes.upperBound, roll: face.roll)
        return found.min { $0.centre.distance(to: centre) < $1.centre.distance(to: centre) }
    }

    /// Fits the face of a detector box: the landmark box and its points, nil when the fit is not
    /// plausible. A head found upright but fitted tilted past `uprightBeyondDegrees` is fitted
    /// again, turned upright.
    static func fitFace(detected haar: HeadBox, fit: (HeadBox) throws -> [Point2]) throws -> (box: HeadBox, points: [Point2])? {
        let box = landmarkBox(fromHaar: haar)
        let points = try fit(box)
        guard isPlausibleFit(points, in: box) else { return nil }
        let roll = fittingRoll(points)
        guard abs(roll - box.roll) >= uprightBeyondDegrees else { return (box, points) }
        let upright = HeadBox(centre: box.centre, side: box.side, roll: roll)
        let refitted = try fit(upright)
        return isPlausibleFit(refitted, in: upright) ? (upright, refitted) : (box, points)
    }

    /// Fits a detector box; on success re-learns the calibration.
    private func fitDetected(_ haar: HeadBox, count: Int, at ms: Double, fit: (HeadBox) throws -> [Point2]) throws -> Located? {
        guard let (box, points) = try Self.fitFace(detected: haar, fit: fit) else { return nil }
        calibration = Calibration(offset: box.headOffset(of: Point2.centroid(points)) * -1, side: box.side)
        return track(points, box: box, count: count, at: ms)
    }

    private func track(_ points: [Point2], box: HeadBox, count: Int, at ms: Double) -> Located {
        previousPoints = points
        lastFaceMs = ms
        lastFace = haarBox(fromLandmarkBox: box)
        return Located(points: points, box: box.bounds, faceCount: count)
    }

    /// The tilt to fit a head at, given its points: its roll, or 0 while the roll is small.
    private static func fittingRoll(_ points: [Point2]) -> Double {
        let roll = Landmarks68.roll(points)
        return abs(roll) >= uprightBeyondDegrees ? roll : 0
    }

    /// The landmark box for this frame from the previous frame's points, upright to their tilt.
    private func predictedBox() -> HeadBox? {
        guard let points = previousPoints, let calibration else { return nil }
        let roll = Self.fittingRoll(points)
        let centre = Point2.centroid(points) + calibration.offset.rotated(degrees: roll)
        return HeadBox(centre: centre, side: calibration.side, roll: roll)
    }
}
