import LivenessCore

/// Where to look for faces, frame after frame: around the previous face when there is one (a
/// small, cheap search), the whole frame when there is not, and the whole frame once a second
/// anyway so a second face or a better-placed one is noticed.
final class FaceFinder {
    let detector: FaceDetector
    private var previous: FaceBox?
    private var lastFullSearchMs: Double?
    /// Faces seen by the last whole-frame search, carried to the tracking frames in between.
    private var facesInScene = 0

    static let fullSearchIntervalMs = 1000.0
    /// Whole-frame searches run on a copy whose shorter side is this many pixels.
    static let fullSearchShortSide = 240.0
    /// The smallest face looked for, as a share of the frame's shorter side: small enough to tell
    /// the user to come closer.
    static let smallestFaceShare = 0.12
    /// Searches around the previous face resize it to about this many pixels wide.
    static let trackedFaceWidth = 80.0

    init(detector: FaceDetector) {
        self.detector = detector
    }

    struct Found {
        var boxes: [FaceBox]
        var faceCount: Int
    }

    func find(in gray: Image, at ms: Double) throws -> Found {
        let fullSearchDue = lastFullSearchMs.map { ms - $0 >= Self.fullSearchIntervalMs } ?? true
        if let previous, !fullSearchDue {
            let region = FaceBox(
                x: previous.x - previous.width * 0.5, y: previous.y - previous.height * 0.5,
                width: previous.width * 2, height: previous.height * 2)
            let scale = min(4, Self.trackedFaceWidth / previous.width)
            let boxes = try detector.detect(
                in: gray, region: region, scale: scale, minFace: previous.width * 0.7, maxFace: previous.width * 1.45)
            if !boxes.isEmpty { return Found(boxes: boxes, faceCount: max(facesInScene, boxes.count)) }
        }
        let shortSide = Double(min(gray.width, gray.height))
        let boxes = try detector.detect(
            in: gray, region: FaceBox(x: 0, y: 0, width: Double(gray.width), height: Double(gray.height)),
            scale: min(4, Self.fullSearchShortSide / shortSide), minFace: shortSide * Self.smallestFaceShare, maxFace: 0)
        lastFullSearchMs = ms
        facesInScene = boxes.count
        return Found(boxes: boxes, faceCount: boxes.count)
    }

    /// Remembers the face that was chosen and fitted, or forgets it when none was.
    func follow(_ box: FaceBox?) {
        previous = box
    }
}
