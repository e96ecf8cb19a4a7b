import LivenessCore

/// Turns a decoded frame into the core's `FrameMeasurement`: finds the faces, chooses one
/// (SPEC §2), fits its landmarks and measures the camera's own motion. Load once, use per stream.
public final class FrameAnalyzer {
    /// The configuration of the streams analysed from now on (change it between streams).
    public var config: LivenessConfig
    private let tracker: FaceTracker
    private let fitter: LandmarkFitter
    private let motion: BackgroundMotion
    /// dlib's face-recognition network (SPEC §5), run only where the session asks for a descriptor.
    public let describer: FaceDescriber
    private let gray = Image()
    public private(set) var timings = StageTimings()

    public init(models: ModelFiles, config: LivenessConfig) throws {
        try models.check()
        self.config = config
        tracker = FaceTracker(
            searcher: try FaceDetector(cascade: models.searchCascade), detector: try FaceDetector(cascade: models.faceCascade))
        fitter = try LandmarkFitter(model: models.landmarks)
        motion = try BackgroundMotion()
        describer = try FaceDescriber(model: models.faceDescriptor)
    }

    /// What a frame shows, with the chosen face's landmark box (nil without a face).
    public struct Analysis {
        public var measurement: FrameMeasurement
        public var faceBox: FaceBox?
    }

    public func analyze(_ frame: Frame) throws -> Analysis {
        let width = Double(frame.image.width), height = Double(frame.image.height)
        let camera = PinholeCamera(width: width, height: height, config: config)
        let circle = config.guideCircle(width: width, height: height)

        // Fitting happens inside the search; its time is taken out of the detector's.
        var fitMs = 0.0, locateMs = 0.0
        let located = try timed(&locateMs) { () -> FaceTracker.Located in
            try frame.image.gray(into: gray)
            return try tracker.locate(in: gray, at: frame.timestampMs, circle: circle) { box in
                try timed(&fitMs) { try fitter.fit(gray, box: box) }
            }
        }
        timings.detect += locateMs - fitMs
        timings.landmarks += fitMs
        let face = located.points.map { points in timed(&timings.logic) { FaceMeasurement(landmarks: points, camera: camera) } }
        let chosenBox = located.box
        let rotation = try timed(&timings.motion) {
            try motion.rotationRate(gray: gray, at: frame.timestampMs, face: chosenBox, camera: camera)
        }
        let measurement = FrameMeasurement(
            frameIndex: frame.index, timestampMs: frame.timestampMs, frameWidth: width, frameHeight: height,
            faceCount: located.faceCount, face: face, cameraRotationDegPerSec: rotation)
        return Analysis(measurement: measurement, faceBox: chosenBox)
    }

    /// Forgets the face and background it was following, so the next frame starts a new stream
    /// (one loaded model serves many clips).
    public func reset() {
        tracker.reset()
        motion.reset()
    }

    /// Adds time spent outside the analyzer (decoding, the session, face descriptors) to the totals.
    public func addTimings(decodeMs: Double = 0, logicMs: Double = 0, describeMs: Double = 0) {
        timings.decode += decodeMs
        timings.logic += logicMs
        timings.describe += describeMs
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
        let boxes = try tracker.wholeFrameFaces(in: gray, scale: scale, minFace: 24 / scale, fallback: .wholeFrame(scale: scale))
        return try boxes.compactMap { haar in
            guard let (_, points) = try FaceTracker.fitFace(detected: haar, fit: { try fitter.fit(gray, box: $0) }) else { return nil }
            return (haar.box, FaceMeasurement(landmarks: points, camera: camera))
        }
    }
}
