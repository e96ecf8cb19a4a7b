/// What the vision layer saw on one frame: the input to a session.
public struct FrameMeasurement: Sendable {
    public var frameIndex: Int
    /// Presentation timestamp; every timing rule uses it, never frame counts.
    public var timestampMs: Double
    public var frameWidth: Double
    public var frameHeight: Double
    /// How many faces the detector found (the report counts frames with more than one).
    public var faceCount: Int
    /// The chosen face's measures, nil when no face was found.
    public var face: FaceMeasurement?
    /// The camera's own rotation since the previous frame (signed degrees); nil when it could not
    /// be told. The session judges it over a window (`CameraSwing`).
    public var cameraRotation: CameraRotation?
    /// How much the face's pixels changed since the previous frame (`PixelChange`); nil without a
    /// face on both.
    public var facePixelChange: Double?
    /// How much the eyes' pixels changed since the previous frame (`RegionPixels`: the mean of both
    /// eyes' `PixelChange`); nil without a face on both.
    public var eyePixelChange: Double?
    /// How far the upper lids came down over the eyes since the previous frame, relative to the
    /// eyes' corners, in eye widths (`LidFlow`); nil without the face on both frames.
    public var lidDescent: Double?

    public init(
        frameIndex: Int, timestampMs: Double, frameWidth: Double, frameHeight: Double,
        faceCount: Int, face: FaceMeasurement?, cameraRotation: CameraRotation? = nil, facePixelChange: Double? = nil,
        lidDescent: Double? = nil, eyePixelChange: Double? = nil
    ) {
        self.frameIndex = frameIndex
        self.timestampMs = timestampMs
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.faceCount = faceCount
        self.face = face
        self.cameraRotation = cameraRotation
        self.facePixelChange = facePixelChange
        self.lidDescent = lidDescent
        self.eyePixelChange = eyePixelChange
    }
}

/// The chosen face's per-frame measures (SPEC §2), all derived from its 68 landmarks.
public struct FaceMeasurement: Sendable {
    public var eyes: EyeOpenness
    /// Each lid's height over the eye's corner line: closure is judged on the upper lids.
    public var lids: EyeLids
    public var pose: HeadPose
    /// Where the head is and its scale: how fast it moves decides whether its eyes can be read.
    public var place: HeadPlace
    public var ellipse: FaceEllipse
    public var landmarks: [Point2]

    public var ear: Double { eyes.mean }
    public var yaw: Double { pose.yaw }

    public init(eyes: EyeOpenness, lids: EyeLids, pose: HeadPose, place: HeadPlace, ellipse: FaceEllipse, landmarks: [Point2]) {
        self.eyes = eyes
        self.lids = lids
        self.pose = pose
        self.place = place
        self.ellipse = ellipse
        self.landmarks = landmarks
    }

    /// Measures a face from its landmarks seen through `camera`, its forehead top `foreheadShare`
    /// of the brow-to-chin distance above the brows (`FaceEllipse`).
    public init(landmarks: [Point2], camera: PinholeCamera, foreheadShare: Double) {
        self.init(
            eyes: EyeOpenness(landmarks: landmarks),
            lids: EyeLids(landmarks: landmarks),
            pose: PoseFit.estimate(landmarks: landmarks, camera: camera),
            place: HeadPlace(landmarks: landmarks),
            ellipse: FaceEllipse(landmarks: landmarks, foreheadShare: foreheadShare),
            landmarks: landmarks)
    }
}
