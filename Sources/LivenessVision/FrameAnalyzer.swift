import LivenessCore

/// Turns a decoded frame into the core's `FrameMeasurement`: finds the faces, chooses one
/// (SPEC §2), fits its landmarks and measures the camera's own motion. Load once, use per stream.
public final class FrameAnalyzer {
    public let config: LivenessConfig
    private let finder: FaceFinder
    private let fitter: LandmarkFitter
    private let motion: BackgroundMotion
    private let gray = Image()
    public private(set) var timings = StageTimings()

    public init(models: ModelFiles, config: LivenessConfig) throws {
        try models.check()
        self.config = config
        finder = FaceFinder(detector: try FaceDetector(cascade: models.faceCascade))
        fitter = try LandmarkFitter(model: models.landmarks)
        motion = try BackgroundMotion()
    }

    /// What a frame shows, with the chosen face's box (nil without a face).
    public struct Analysis {
        public var measurement: FrameMeasurement
        public var faceBox: FaceBox?
    }

    public func analyze(_ frame: Frame) throws -> Analysis {
        let width = Double(frame.image.width), height = Double(frame.image.height)
        let camera = PinholeCamera(width: width, height: height, config: config)
        let circle = config.guideCircle(width: width, height: height)

        let found = try timed(&timings.detect) { () -> FaceFinder.Found in
            try frame.image.gray(into: gray)
            return try finder.find(in: gray, at: frame.timestampMs)
        }
        var face: FaceMeasurement?
        var chosenBox: FaceBox?
        if let chosen = chooseFace(found.boxes, circle: circle) {
            let box = landmarkBox(fromHaar: found.boxes[chosen])
            let points = try timed(&timings.landmarks) { try fitter.fit(gray, box: box) }
            if isPlausibleFit(points, in: box) {
                chosenBox = found.boxes[chosen]
                face = timed(&timings.logic) { FaceMeasurement(landmarks: points, camera: camera) }
            }
        }
        finder.follow(chosenBox)
        let rotation = try timed(&timings.motion) {
            try motion.rotationRate(gray: gray, at: frame.timestampMs, face: chosenBox, camera: camera)
        }
        let measurement = FrameMeasurement(
            frameIndex: frame.index, timestampMs: frame.timestampMs, frameWidth: width, frameHeight: height,
            faceCount: found.faceCount, face: face, cameraRotationDegPerSec: rotation)
        return Analysis(measurement: measurement, faceBox: chosenBox)
    }

    /// Adds time spent outside the analyzer (decoding, the session) to the totals.
    public func addTimings(decodeMs: Double = 0, logicMs: Double = 0) {
        timings.decode += decodeMs
        timings.logic += logicMs
    }

    /// Every face of a still image, each measured (the `measure` command). Closure uses the
    /// fallback open-eye baseline, as a still has no history.
    public func measureStill(_ image: Image) throws -> [(box: FaceBox, face: FaceMeasurement)] {
        try image.gray(into: gray)
        let width = Double(image.width), height = Double(image.height)
        let camera = PinholeCamera(width: width, height: height, config: config)
        // Stills can be large: search on a copy whose larger side is at most 640 px, for faces
        // down to 24 px there.
        let scale = min(1, 640 / max(width, height))
        let boxes = try finder.detector.detect(
            in: gray, region: FaceBox(x: 0, y: 0, width: width, height: height),
            scale: scale, minFace: 24 / scale, maxFace: 0)
        return try boxes.compactMap { haar in
            let box = landmarkBox(fromHaar: haar)
            let points = try fitter.fit(gray, box: box)
            guard isPlausibleFit(points, in: box) else { return nil }
            return (haar, FaceMeasurement(landmarks: points, camera: camera))
        }
    }
}
