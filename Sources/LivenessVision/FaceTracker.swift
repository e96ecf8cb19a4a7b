import LivenessCore

/// Finds the chosen face frame after frame while keeping detector work rare: between searches,
/// the landmark box of a frame is predicted from the previous frame's landmarks; a small search
/// around the face confirms it is still there every `verifyIntervalMs`; a whole-frame search runs
/// when there is no face, when a confirmation fails, and once a second so that a second face or a
/// better-placed one is noticed (SPEC §2 "Chosen face").
final class FaceTracker {
    let detector: FaceDetector

    static let verifyIntervalMs = 100.0
    static let fullSearchIntervalMs = 1000.0
    /// Whole-frame searches run on a copy whose shorter side is this many pixels, for faces down to
    /// `smallestFaceShare` of it: small enough to tell the user to come closer.
    static let fullSearchShortSide = 200.0
    static let smallestFaceShare = 0.12
    /// Confirming searches resize the face to about this width (the cascade's window is 24 px).
    static let confirmFaceWidth = 36.0

    /// How the landmark box sits relative to the landmarks, learnt at the last detection, in units
    /// of the landmarks' RMS spread: keeps predicted boxes consistent with detector-made ones.
    private struct Calibration {
        var offset: Point2
        var side: Double
    }

    private var previousPoints: [Point2]?
    private var calibration: Calibration?
    private var lastConfirmedMs = -Double.infinity
    private var lastFullSearchMs = -Double.infinity
    /// Faces seen by the last whole-frame search, carried to the frames in between.
    private var facesInScene = 0

    init(detector: FaceDetector) {
        self.detector = detector
    }

    struct Located {
        var points: [Point2]?
        /// The landmark box the points were fitted in.
        var box: FaceBox?
        var faceCount: Int
    }

    /// Locates the chosen face and fits it with `fit` (a landmark box in, 68 points out).
    func locate(in gray: Image, at ms: Double, circle: Circle, fit: (FaceBox) throws -> [Point2]) throws -> Located {
        if let predicted = predictedBox() {
            if ms - lastFullSearchMs < Self.fullSearchIntervalMs, ms - lastConfirmedMs < Self.verifyIntervalMs {
                let points = try fit(predicted)
                if isPlausibleFit(points, in: predicted) { return track(points, box: predicted, count: facesInScene) }
            } else if ms - lastFullSearchMs < Self.fullSearchIntervalMs {
                let haar = haarBox(fromLandmarkBox: predicted)
                let margin = 0.25
                let found = try detector.detect(
                    in: gray,
                    region: FaceBox(x: haar.x - haar.width * margin, y: haar.y - haar.height * margin,
                                    width: haar.width * (1 + 2 * margin), height: haar.height * (1 + 2 * margin)),
                    scale: min(4, Self.confirmFaceWidth / haar.width), minFace: haar.width * 0.7, maxFace: haar.width * 1.45)
                if let nearest = chooseFace(found, circle: Circle(centre: haar.centre, radius: 1)) {
                    lastConfirmedMs = ms
                    if let located = try fitDetected(found[nearest], count: max(facesInScene, found.count), fit: fit) { return located }
                }
            }
        }
        // Whole-frame search: every face, then SPEC's choice among them.
        let shortSide = Double(min(gray.width, gray.height))
        let found = try detector.detect(
            in: gray, region: FaceBox(x: 0, y: 0, width: Double(gray.width), height: Double(gray.height)),
            scale: min(4, Self.fullSearchShortSide / shortSide), minFace: shortSide * Self.smallestFaceShare, maxFace: 0)
        lastFullSearchMs = ms
        lastConfirmedMs = ms
        facesInScene = found.count
        if let chosen = chooseFace(found, circle: circle), let located = try fitDetected(found[chosen], count: found.count, fit: fit) {
            return located
        }
        previousPoints = nil
        return Located(points: nil, box: nil, faceCount: found.count)
    }

    /// Fits a detector box; on success re-learns the calibration.
    private func fitDetected(_ haar: FaceBox, count: Int, fit: (FaceBox) throws -> [Point2]) throws -> Located? {
        let box = landmarkBox(fromHaar: haar)
        let points = try fit(box)
        guard isPlausibleFit(points, in: box) else { return nil }
        let (centre, spread) = Self.centreAndSpread(points)
        calibration = Calibration(offset: (box.centre - centre) * (1 / spread), side: box.width / spread)
        return track(points, box: box, count: count)
    }

    private func track(_ points: [Point2], box: FaceBox, count: Int) -> Located {
        previousPoints = points
        return Located(points: points, box: box, faceCount: count)
    }

    /// The landmark box for this frame from the previous frame's points.
    private func predictedBox() -> FaceBox? {
        guard let points = previousPoints, let calibration else { return nil }
        let (centre, spread) = Self.centreAndSpread(points)
        let boxCentre = centre + calibration.offset * spread
        let side = calibration.side * spread
        return FaceBox(x: boxCentre.x - side / 2, y: boxCentre.y - side / 2, width: side, height: side)
    }

    static func centreAndSpread(_ points: [Point2]) -> (Point2, Double) {
        let centre = Point2.centroid(points)
        let meanSquare = points.reduce(0) { $0 + ($1 - centre).dot($1 - centre) } / Double(points.count)
        return (centre, max(meanSquare.squareRoot(), 1))
    }
}
