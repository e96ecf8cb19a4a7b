import LivenessCore

/// Turns a decoded frame into the core's `FrameMeasurement`: finds the faces, chooses one
/// (SPEC §2), fits its landmarks and measures the camera's own motion. The tracker plans where
/// the face is fitted and what else the frame needs; the analyzer runs the detectors (`search`)
/// and the fits, times each stage where it runs, and reports back to the tracker once. A large
/// frame is worked on halved, its results mapped back (`WorkScale`). Load once, use for many
/// streams.
public final class FrameAnalyzer {
    private let tracker = FaceTracker()
    private let search: FaceSearch
    private let fitter: LandmarkFitter
    private let motion: BackgroundMotion
    /// The face's pixels and the eyes' (SPEC §6), each where the previous frame had them.
    private let pixels = RegionPixels()
    private let eyePixels = RegionPixels()
    private let lids: EyeRegionFlow
    /// dlib's face-recognition network (SPEC §5), run only where the session asks for a descriptor;
    /// nil when the analyzer was made without it (stills need no identity).
    private let describer: FaceDescriber?
    private let gray = Image()
    /// The frame halved while it is large (`MeasuresConfig.workShortSide`), and the image every
    /// stage works on this frame: `gray` or that copy. The tracker's boxes and points are in its
    /// pixels; what leaves the analyzer is mapped back to the frame's.
    private let halvedCopy = ShrunkImage()
    private lazy var work: Image = gray
    /// The whole-frame search's copy and the background motion's copy, shrunk once per frame.
    private let searchCopy = ShrunkImage()
    private let motionCopy = ShrunkImage()

    /// `describing: false` leaves dlib's face-recognition model out: it is neither checked nor
    /// loaded (22 MB read, about 30 MB of memory), so `measure` runs without it.
    public init(models: ModelFiles, describing: Bool = true) throws {
        try models.check(describing: describing)
        search = FaceSearch(
            lbp: try FaceDetector(cascade: models.searchCascade), haar: try FaceDetector(cascade: models.faceCascade),
            hog: try HogDetector())
        fitter = try LandmarkFitter(model: models.landmarks)
        motion = try BackgroundMotion()
        lids = try EyeRegionFlow()
        describer = describing ? try FaceDescriber(model: models.faceDescriptor) : nil
    }

    /// The 128 numbers of dlib's face descriptor for the face with these landmarks (SPEC §5).
    public func describe(_ image: Image, landmarks: [Point2]) throws -> FaceDescriptor {
        guard let describer else { throw VisionError.internalFailure("the face descriptor model was not loaded") }
        return try describer.describe(image, landmarks: landmarks)
    }

    /// What a frame shows, with the chosen face's landmark box (nil without a face), and the time
    /// each stage took on it.
    public struct Analysis {
        public var measurement: FrameMeasurement
        public var faceBox: FaceBox?
        public var timings: StageTimings
    }

    private typealias Fitted = (box: HeadBox, points: [Point2])

    /// `guide` is the circle a face is chosen by among several (SPEC §2: the one nearest its
    /// centre): a session's fitted guide once placed; the configured circle when nil.
    public func analyze(_ frame: Frame, config: LivenessConfig, guide: Circle? = nil) throws -> Analysis {
        var timings = StageTimings()
        let width = Double(frame.image.width), height = Double(frame.image.height), ms = frame.timestampMs
        let camera = PinholeCamera(width: width, height: height, config: config)
        let scale = try timed(&timings.detect) { () -> WorkScale in
            try frame.image.gray(into: gray)
            return try chooseWorkImage(workShortSide: config.measures.workShortSide)
        }
        let workWidth = Double(work.width), workHeight = Double(work.height)

        let before = tracker.previousFace
        let pixelChange = try timed(&timings.motion) {
            try pixels.change(in: work, regions: before.map { [$0.box.bounds] }, maxShift: config.measures.facePixelMaxShift)
        }
        let eyePixelChange = try timed(&timings.motion) {
            try eyePixels.change(in: work, regions: eyeRegions(before, config: config), maxShift: config.measures.eyePixelMaxShift)
        }
        let guideInFrame = guide ?? config.guideCircle(width: width, height: height)
        let face = try followFace(at: ms, guide: scale.work(guideInFrame), config: config, timings: &timings)

        let measured = face.map { f in
            timed(&timings.logic) {
                FaceMeasurement(landmarks: f.points.map(scale.frame), camera: camera, foreheadShare: config.measures.foreheadShareOfBrowToChin)
            }
        }
        let workBox = face?.box.bounds
        let rotation = try timed(&timings.motion) { () -> CameraRotation? in
            try motionCopy.update(from: work, factor: config.measures.backgroundWorkWidth / workWidth, area: false)
            return try motion.rotation(
                small: motionCopy, frameHeight: workHeight, at: ms, face: workBox, camera: scale.work(camera), settings: config.measures)
        }
        try timed(&timings.motion) {
            try pixels.remember(workBox.map { [$0] }, in: work, side: config.measures.facePixelSide)
            try eyePixels.remember(eyeRegions(face, config: config), in: work, side: config.measures.eyePixelSide)
        }
        let lidDescent = try timed(&timings.motion) { () -> Double? in
            let descent = face == nil ? nil : try before.flatMap { try lids.descent(in: work, keptLandmarks: $0.points) }
            try lids.keep(face?.points, in: work, eyeWidthPx: config.measures.lidFlowEyeWidthPx)
            return descent
        }
        let faceBox = workBox.map(scale.frame)
        let measurement = FrameMeasurement(
            frameIndex: frame.index, timestampMs: ms, frameWidth: width, frameHeight: height,
            faceCount: tracker.facesInScene, face: measured, cameraRotation: rotation, facePixelChange: pixelChange,
            lidDescent: lidDescent, eyePixelChange: eyePixelChange)
        return Analysis(measurement: measurement, faceBox: faceBox, timings: timings)
    }

    /// Sets `work` for this frame: `gray`, or `halvedCopy` halved until its shorter side is under
    /// twice `workShortSide`; returns the way back to the frame's pixels.
    private func chooseWorkImage(workShortSide: Double) throws -> WorkScale {
        var factor = 1.0
        while Double(min(gray.width, gray.height)) * factor >= 2 * workShortSide { factor /= 2 }
        guard factor < 1 else {
            work = gray
            return WorkScale(copy: nil)
        }
        try halvedCopy.update(from: gray, factor: factor, area: true)
        work = halvedCopy.image
        return WorkScale(copy: halvedCopy)
    }

    /// The eyes' pixel regions of `face` (`EyeRegions`).
    private func eyeRegions(_ face: Fitted?, config: LivenessConfig) -> [FaceBox]? {
        face.flatMap { EyeRegions.boxes($0.points, span: config.measures.eyePixelSpan) }
    }

    /// The chosen face of this frame (SPEC §2), as the tracker plans it: a fit in the box the
    /// previous frame's landmarks predict; then, as the tracker says (`FaceTracker.step`), that face
    /// confirmed near where it is, or the whole frame searched; the tracker hears once what the
    /// frame showed (`FaceTracker.update`).
    private func followFace(at ms: Double, guide: Circle, config: LivenessConfig, timings: inout StageTimings) throws -> Fitted? {
        var face = try tracker.predictedBox(settings: config.tracking).flatMap { box in try timed(&timings.landmarks) { try fitPlausible(box) } }
        let patch = try face.map { f in try timed(&timings.detect) { try work.regionStats(f.box.bounds) } }
        var report = FaceTracker.Report(ms: ms, patch: patch)
        var step = tracker.step(at: ms, following: face != nil, patch: patch, settings: config.tracking)
        // Not where it was predicted (it jumped, or it is gone): search the whole frame now.
        if step == .confirm, let followed = face, try !confirm(followed, at: ms, config: config, report: &report, timings: &timings) {
            face = nil
            step = .searchWholeFrame
        }
        if step == .searchWholeFrame {
            face = try searchWholeFrame(following: face, at: ms, guide: guide, config: config, report: &report, timings: &timings)
        }
        report.face = face
        tracker.update(report)
        return face
    }

    /// The whole frame searched the way the tracker says, the face nearest the guide's centre
    /// chosen (the followed one when it is that face, else fitted anew); a followed face the search
    /// missed (eyes closed, a turned head) is looked for near where it is. Nil: no face.
    private func searchWholeFrame(
        following followed: Fitted?, at ms: Double, guide: Circle, config: LivenessConfig, report: inout FaceTracker.Report,
        timings: inout StageTimings
    ) throws -> Fitted? {
        var face = followed
        let how = tracker.wholeFrameSearch(at: ms, following: followed != nil, settings: config.tracking)
        let faces = try timed(&timings.detect) { try search.wholeFrame(work, small: searchCopy, following: followed != nil, how: how, settings: config.search) }
        report.wholeFrame = (how, faces.count)
        if let chosen = chooseFace(faces.map(\.bounds), circle: guide) {
            if let followed, followed.box.box.boxesSameFace(as: faces[chosen].box) {
                report.detected = faces[chosen]
            } else if let fitted = try timed(&timings.landmarks, { try fitDetected(faces[chosen], uprightBeyond: config.tracking.uprightBeyondDegrees) }) {
                face = fitted
                report.detected = fitted.box
            }
        }
        if let kept = face, report.detected == nil, try !confirm(kept, at: ms, config: config, report: &report, timings: &timings) {
            face = nil
        }
        return face
    }

    /// A followed face looked for near where it is (`report.detected` when a detector finds it);
    /// whether it is still followed: found, or kept unconfirmed as a head that has only turned past
    /// the detectors' reach (`FaceTracker.keepsUnconfirmed`).
    private func confirm(
        _ followed: Fitted, at ms: Double, config: LivenessConfig, report: inout FaceTracker.Report, timings: inout StageTimings
    ) throws -> Bool {
        report.confirmed = true
        report.detected = try timed(&timings.detect) { try search.near(followed.box, in: work, settings: config.search) }
        return report.detected != nil || tracker.keepsUnconfirmed(at: ms, patch: report.patch, settings: config.tracking)
    }

    /// Forgets the face and background it was following, so the next frame starts a new stream
    /// (one loaded model serves many clips).
    public func reset() {
        tracker.reset()
        motion.reset()
        pixels.reset()
        eyePixels.reset()
        lids.reset()
    }

    /// Every face of a still image, each measured (the `measure` command), with its box in the
    /// Haar convention the bench's face matching was measured on. Closure uses the fallback
    /// open-eye baseline, as a still has no history.
    public func measureStill(_ image: Image, config: LivenessConfig) throws -> [(box: FaceBox, face: FaceMeasurement)] {
        try image.gray(into: gray)
        work = gray
        let camera = PinholeCamera(width: Double(image.width), height: Double(image.height), config: config)
        return try search.still(gray, settings: config.search).compactMap { box in
            guard let fitted = try fitDetected(box, uprightBeyond: config.tracking.uprightBeyondDegrees) else { return nil }
            return (haarBox(fromLandmarkBox: box).box, FaceMeasurement(landmarks: fitted.points, camera: camera, foreheadShare: config.measures.foreheadShareOfBrowToChin))
        }
    }

    /// The 68 points in `box`, nil when the fit is not plausible.
    private func fitPlausible(_ box: HeadBox) throws -> Fitted? {
        let points = try fitter.fit(work, box: box)
        return isPlausibleFit(points, in: box) ? (box, points) : nil
    }

    /// Fits a detector's landmark box. A head found upright but fitted tilted `uprightBeyond`
    /// degrees or more (`TrackingConfig.uprightBeyondDegrees`) is fitted again in its box turned by
    /// that tilt (the model knows upright faces only).
    private func fitDetected(_ box: HeadBox, uprightBeyond: Double) throws -> Fitted? {
        guard let fitted = try fitPlausible(box) else { return nil }
        let roll = FaceTracker.fittingRoll(fitted.points, uprightBeyond: uprightBeyond)
        guard abs(roll - box.roll) >= uprightBeyond else { return fitted }
        return try fitPlausible(HeadBox(centre: box.centre, side: box.side, roll: roll)) ?? fitted
    }
}
