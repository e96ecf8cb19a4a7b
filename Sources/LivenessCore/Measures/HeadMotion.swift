/// How fast the head moves and turns (SPEC §2: a head too fast for its eyes to be read). A
/// moving head blurs the eyes and the fit's lids slip with them: on real.mov, frames with the head
/// moving at 0.4-4 eye distances per second read closures of 0.22-0.48 on eyes labelled open,
/// while every labelled blink of the shared clips moves under 0.22 and turns under 25 degrees a
/// second (Benchmarks/RESULTS.md, "Blink precision").
///
/// The head's own motion, not the image's (SPEC §2, "the camera's own motion and the head's"):
/// where the camera's rotation is known, the earlier places are moved as the background moved, so
/// a hand-held phone's sway is taken out. faceswap_data1's phone tilts 2-3 px a frame through its
/// second blink, 0.9 eye distances a second of a head that holds still in the room.
///
/// Speeds are taken against the latest earlier face at least `windowMs` old (the oldest one while
/// there is none that old), so the fit's frame-to-frame jitter does not grow with the frame rate.
/// A frame's speed is the larger of that and the earlier face's own: the head must have been slow
/// across both spans, so a gap between frames (a variable-rate clip, a dropped camera frame) cannot
/// hide a fast move just before it. real_vfr's frame at 5472 ms came 200 ms after a frame moving
/// at 4.8 eye distances a second and read 0.08 against it, where real.mov, with the frames of the
/// gap, reads 2.9 (Benchmarks/RESULTS.md, "Blink precision").
public struct HeadMotion: Sendable {
    private var recent: [(ms: Double, place: HeadPlace, yaw: Double, speed: HeadSpeed?)] = []
    let windowMs: Double

    public init(windowMs: Double) {
        self.windowMs = windowMs
    }

    /// Records this frame's face and returns its speed; nil when there is no earlier face to
    /// measure against (the first face, or the first after the face was lost): then the motion is
    /// unknown. `cameraRotation` is the camera's since the previous frame (nil: not known, taken
    /// as still).
    public mutating func observe(
        _ face: FaceMeasurement?, cameraRotation: CameraRotation?, camera: PinholeCamera, at ms: Double
    ) -> HeadSpeed? {
        guard let face else {
            recent = []
            return nil
        }
        if let cameraRotation {
            for k in recent.indices { recent[k].place.centre = cameraRotation.moving(recent[k].place.centre, camera: camera) }
        }
        let reference = recent.last { ms - $0.ms >= windowMs } ?? recent.first
        var speed: HeadSpeed?
        if let reference, ms > reference.ms, face.place.eyeDistance > 0 {
            let seconds = (ms - reference.ms) / 1000
            speed = HeadSpeed(
                eyeDistancesPerSecond: face.place.centre.distance(to: reference.place.centre) / face.place.eyeDistance / seconds,
                yawDegreesPerSecond: abs(face.yaw - reference.yaw) / seconds)
        }
        recent.append((ms, face.place, face.yaw, speed))
        // Keep the latest frame at least a window old and everything after it.
        if let oldEnough = recent.lastIndex(where: { ms - $0.ms >= windowMs }) { recent.removeFirst(oldEnough) }
        guard let speed else { return nil }
        guard let earlier = reference?.speed else { return speed }
        return HeadSpeed(
            eyeDistancesPerSecond: max(speed.eyeDistancesPerSecond, earlier.eyeDistancesPerSecond),
            yawDegreesPerSecond: max(speed.yawDegreesPerSecond, earlier.yawDegreesPerSecond))
    }
}

/// A head's speed across the image and its turning rate.
public struct HeadSpeed: Equatable, Sendable {
    public var eyeDistancesPerSecond: Double
    public var yawDegreesPerSecond: Double

    public init(eyeDistancesPerSecond: Double, yawDegreesPerSecond: Double) {
        self.eyeDistancesPerSecond = eyeDistancesPerSecond
        self.yawDegreesPerSecond = yawDegreesPerSecond
    }

    /// Still enough for its eyes to be read (`blinkMaxHeadSpeed`, `blinkMaxYawRate`).
    public func letsEyesBeRead(_ config: LivenessConfig) -> Bool {
        eyeDistancesPerSecond <= config.blinkMaxHeadSpeed && yawDegreesPerSecond <= config.blinkMaxYawRate
    }
}
