internal import CLivenessShim
import LivenessCore

/// Tracks background corners from frame to frame, outside the face, for the camera's own motion.
/// It works on a small copy of the frame (`MeasuresConfig.backgroundWorkWidth` wide) made once per
/// frame.
final class BackgroundMotion {
    private let handle: OpaquePointer
    private var from = [lv_point](repeating: lv_point(), count: MeasuresConfig.mostBackgroundCorners)
    private var to = [lv_point](repeating: lv_point(), count: MeasuresConfig.mostBackgroundCorners)
    private var previousMs: Double?

    init() throws {
        var handle: OpaquePointer?
        try internalCall { lv_flow_create(&handle, $0) }
        self.handle = handle!
    }

    deinit { lv_flow_destroy(handle) }

    /// The camera's rotation since the previous frame, or nil when it cannot be told.
    /// `small` is this frame shrunk to `MeasuresConfig.backgroundWorkWidth`; `face` (frame pixels)
    /// is left out of the background, with `settings.backgroundHeadMargin` around it and the body
    /// below it.
    func rotation(
        small: ShrunkImage, frameHeight: Double, at ms: Double, face: FaceBox?, camera: PinholeCamera, settings: MeasuresConfig
    ) throws -> CameraRotation? {
        let margin = settings.backgroundHeadMargin
        let exclude = face.map { f in
            small.small(FaceBox(x: f.x - f.width * margin, y: f.y - f.height * margin, width: f.width * (1 + 2 * margin), height: frameHeight))
        } ?? FaceBox(x: 0, y: 0, width: 0, height: 0)
        let box = Image.shimBox(exclude)
        var count: Int32 = 0
        try internalCall { error in
            from.withUnsafeMutableBufferPointer { f in
                to.withUnsafeMutableBufferPointer { t in
                    lv_flow_track(handle, small.image.handle, box, Int32(settings.backgroundCorners), f.baseAddress, t.baseAddress, Int32(f.count), &count, error)
                }
            }
        }
        defer { previousMs = ms }
        guard let previousMs, ms > previousMs else { return nil }
        let n = min(Int(count), from.count)
        return cameraRotation(
            from: from.prefix(n).map { small.full(Point2(x: Double($0.x), y: Double($0.y))) },
            to: to.prefix(n).map { small.full(Point2(x: Double($0.x), y: Double($0.y))) },
            camera: camera, tolerance: settings.cameraPointTolerance, minimumPoints: settings.cameraMinimumPoints)
    }

    func reset() {
        lv_flow_reset(handle)
        previousMs = nil
    }
}
