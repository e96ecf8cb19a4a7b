import LivenessCore

/// The way between the pixels the analyzer works in (a frame halved while large,
/// `MeasuresConfig.workShortSide`) and the frame's: the same pixels when the frame is worked on as
/// it is.
struct WorkScale {
    /// The halved copy worked on; nil when it is the frame itself.
    let copy: ShrunkImage?

    /// Work pixels per frame pixel.
    var factor: Double { copy?.factor ?? 1 }

    func frame(_ p: Point2) -> Point2 { copy?.full(p) ?? p }
    func frame(_ box: FaceBox) -> FaceBox { copy?.full(box) ?? box }
    func work(_ p: Point2) -> Point2 { copy?.small(p) ?? p }
    func work(_ circle: Circle) -> Circle { Circle(centre: work(circle.centre), radius: circle.radius * factor) }

    /// The frame's camera as it sees the work pixels.
    func work(_ camera: PinholeCamera) -> PinholeCamera {
        PinholeCamera(focalLength: camera.focalLength * factor, principalPoint: work(camera.principalPoint))
    }
}
