import LivenessCore

/// Builds frame measurements for session tests without any vision: the face's place, eye ratio,
/// yaw and the camera's rotation are set directly, on a 640x480 frame whose guide circle is
/// centred at (320, 240) with radius 192.
public enum Placement: Sendable {
    case centred, offCentre, tooClose, tooFar, absent

    public var ellipse: FaceEllipse? {
        switch self {
        case .centred: return FaceEllipse(centre: Point2(x: 320, y: 240), semiWidth: 70, semiHeight: 100, roll: 0)
        case .offCentre: return FaceEllipse(centre: Point2(x: 150, y: 240), semiWidth: 70, semiHeight: 100, roll: 0)
        case .tooClose: return FaceEllipse(centre: Point2(x: 320, y: 240), semiWidth: 160, semiHeight: 220, roll: 0)
        case .tooFar: return FaceEllipse(centre: Point2(x: 320, y: 240), semiWidth: 30, semiHeight: 45, roll: 0)
        case .absent: return nil
        }
    }
}

/// What the subject and the camera are doing at one instant. Lids are heights over the eye's
/// corner line in eye widths, the same for both eyes; the defaults are an open eye (a closure of
/// 0 against the 0.22 fallback), and the EAR follows from them as `upperLid + lowerLid`.
public struct Pose: Sendable {
    public var placement: Placement
    public var upperLid: Double
    public var lowerLid: Double
    public var yaw: Double
    public var cameraRotation: Double?
    /// How far the head has moved sideways in the image, in pixels (its eye distance is 90 px);
    /// the ellipse stays where `placement` puts it.
    public var headShift: Double
    /// Whose face it is (SPEC §5); nil: the session gets no descriptor.
    public var person: FaceDescriptor?
    /// How much the face's pixels changed since the previous frame (SPEC §6); nil: not measured.
    public var pixelChange: Double?
    /// How much the eyes' pixels changed since the previous frame (SPEC §6); nil: not measured.
    public var eyePixelChange: Double?
    /// Whether the lids' own motion follows `upperLid` (a live eye); false: the eye region does
    /// not move however the fit reads the lids (a picture, or the fit slipping on a still eye).
    public var lidsMove: Bool

    public init(
        _ placement: Placement = .centred, upperLid: Double = 0.25, lowerLid: Double = 0.08, yaw: Double = 0,
        cameraRotation: Double? = 0, headShift: Double = 0, person: FaceDescriptor? = nil, pixelChange: Double? = nil,
        lidsMove: Bool = true, eyePixelChange: Double? = nil
    ) {
        self.placement = placement
        self.upperLid = upperLid
        self.lowerLid = lowerLid
        self.yaw = yaw
        self.cameraRotation = cameraRotation
        self.headShift = headShift
        self.person = person
        self.pixelChange = pixelChange
        self.lidsMove = lidsMove
        self.eyePixelChange = eyePixelChange
    }

}

/// A synthetic face descriptor `offset` away from `person(0)` along one axis, so the distance
/// between `person(a)` and `person(b)` is |a - b|.
public func person(_ offset: Double) -> FaceDescriptor {
    FaceDescriptor([Float(offset)] + Array(repeating: 0, count: FaceDescriptor.count - 1))
}

/// `elapsedMs` is the time since the previous frame, over which `pose.cameraRotation` (a rate) turns the camera;
/// `previous` is that frame's pose: the lids' motion (`FrameMeasurement.lidDescent`) is the upper
/// lid's fall since then, where both frames have a face and the lids move.
public func measurement(frame: Int, ms: Double, _ pose: Pose, elapsedMs: Double = 1000.0 / 30, previous: Pose? = nil) -> FrameMeasurement {
    let face = pose.placement.ellipse.map { ellipse in
        let eye = LidHeights(upper: pose.upperLid, lower: pose.lowerLid)
        return FaceMeasurement(
            eyes: EyeOpenness(right: pose.upperLid + pose.lowerLid, left: pose.upperLid + pose.lowerLid),
            lids: EyeLids(right: eye, left: eye),
            pose: HeadPose(yaw: pose.yaw, pitch: 0, roll: 0, fitError: 0),
            place: HeadPlace(centre: ellipse.centre + Point2(x: pose.headShift, y: 0), eyeDistance: 90),
            ellipse: ellipse, landmarks: [])
    }
    return FrameMeasurement(
        frameIndex: frame, timestampMs: ms, frameWidth: 640, frameHeight: 480,
        faceCount: face == nil ? 0 : 1, face: face, cameraRotation: pose.cameraRotation.map { CameraRotation(pan: $0 * elapsedMs / 1000, tilt: 0, roll: 0) },
        facePixelChange: pose.pixelChange, lidDescent: lidDescent(from: previous, to: pose), eyePixelChange: pose.eyePixelChange)
}

/// The upper lid's fall between two poses, in eye widths; nil without a face on both.
func lidDescent(from previous: Pose?, to pose: Pose) -> Double? {
    guard let previous, previous.placement != .absent, pose.placement != .absent else { return nil }
    return pose.lidsMove ? previous.upperLid - pose.upperLid : 0
}

/// Timestamps at a constant rate, from 0 up to (not including) `durationMs`.
public func timestamps(fps: Double, durationMs: Double) -> [Double] {
    stride(from: 0.0, to: durationMs, by: 1000 / fps).map { $0 }
}

/// The result of running a whole script through a session.
public struct ScanRun {
    public var session: LivenessSession
    public var events: [SessionEvent]
    public var verdicts: [FrameVerdict]
    /// The frames on which the session asked for the face's descriptor.
    public var describedFrames: [Int] = []

    public func events(named name: String) -> [SessionEvent] { events.filter { $0.kind.name == name } }
    public var eventNames: [String] { events.map(\.kind.name) }
}

/// Samples `motion` (a function of time in ms) at `times` and feeds the frames to a new session.
public func runScan(
    times: [Double], config: LivenessConfig = LivenessConfig(), seed: UInt64 = 1,
    motion: (Double) -> Pose
) -> ScanRun {
    var session = LivenessSession(config: config, seed: seed)
    var events: [SessionEvent] = []
    var verdicts: [FrameVerdict] = []
    var described: [Int] = []
    var previous: Pose?
    for (index, ms) in times.enumerated() where !session.isEnded {
        let pose = motion(ms)
        let elapsed = index > 0 ? ms - times[index - 1] : 1000.0 / 30
        defer { previous = pose }
        let verdict = session.process(measurement(frame: index, ms: ms, pose, elapsedMs: elapsed, previous: previous), describeFace: {
            described.append(index)
            return pose.placement == .absent ? nil : pose.person
        })
        verdicts.append(verdict)
        events += verdict.events
    }
    events += session.finish()
    return ScanRun(session: session, events: events, verdicts: verdicts, describedFrames: described)
}
