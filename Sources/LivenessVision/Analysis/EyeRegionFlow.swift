internal import CLivenessShim
import LivenessCore

/// The upper lids' motion from frame to frame (SPEC §2, `LidFlow`): the eye region of the
/// previous frame's face is kept (its pixels; where the face was is the tracker's), and the next
/// frame's pixels of that region, moved by the
/// region's own shift (measured on its pixels, not on the fit), are compared with it by dense
/// optical flow, read where `LidFlow.points` says. Moving the region leaves the flow only what
/// moved against it: a head that moves 20 px between two frames of a 10 fps clip is past what the
/// flow finds on a 24 px eye. The shift is the pixels', not the landmarks': the fit of a still
/// photo jitters by pixels from frame to frame, and the region moved by that jitter read lids
/// moving on a photo (photo_still_faceswap_30fps: 0.14 eye widths).
final class EyeRegionFlow {
    private let handle: OpaquePointer
    private var flows = [lv_point](repeating: lv_point(), count: 2 * LidFlow.pointsPerEye)

    init() throws {
        var handle: OpaquePointer?
        try internalCall { lv_eye_flow_create(&handle, $0) }
        self.handle = handle!
    }

    deinit { lv_eye_flow_destroy(handle) }

    /// How far the lids came down since the kept frame, whose face had `keptLandmarks`
    /// (`LidFlow.descent`); nil when no eye region is kept.
    func descent(in gray: Image, keptLandmarks: [Point2]) throws -> Double? {
        let points = LidFlow.points(of: keptLandmarks).map { lv_point(x: Float($0.x), y: Float($0.y)) }
        var measured: Int32 = 0
        var shift = lv_point()
        try internalCall { error in
            flows.withUnsafeMutableBufferPointer { out in
                lv_eye_flow_measure(handle, gray.handle, points, Int32(points.count), out.baseAddress, &shift, &measured, error)
            }
        }
        guard measured == 1 else { return nil }
        // The region moved by a whole number of pixels: that shift is part of every flow.
        let moved = Point2(x: Double(shift.x), y: Double(shift.y))
        return LidFlow.descent(landmarks: keptLandmarks, flows: flows.map { Point2(x: Double($0.x), y: Double($0.y)) + moved })
    }

    /// Keeps this frame's eye region for the next frame (nil: no face, nothing kept), scaled so an
    /// eye is about `eyeWidthPx` wide.
    func keep(_ landmarks: [Point2]?, in gray: Image, eyeWidthPx: Double) throws {
        guard let landmarks, let region = LidFlow.region(of: landmarks, eyeWidthPx: eyeWidthPx) else {
            reset()
            return
        }
        try internalCall { lv_eye_flow_keep(handle, gray.handle, Image.shimBox(region.box), region.scale, $0) }
    }

    func reset() { lv_eye_flow_reset(handle) }
}
