import LivenessCore

/// The followed face's pixels from frame to frame (SPEC §6): each frame is sampled in the region
/// the previous frame's face was fitted in, and compared with the previous frame's sample of it
/// (`PixelChange`), so the fit's own jitter plays no part: a photo's pixels stay still however
/// its points move.
final class FacePixels {
    /// 32 x 32 samples hold a face's features (an eye is about 4 across); a shift of 4 samples
    /// either way (12 % of the face) covers a hand's shake between two frames (with 2, the
    /// three_photo_flip_shaking clips' jolts read 0.07-0.15 between still frames).
    static let side = 32
    static let maxShift = 4

    private var previous: (region: FaceBox, sample: [UInt8])?

    /// How much the pixels where the previous frame's face was changed since then; nil when the
    /// previous frame had no face.
    func change(in gray: Image) throws -> Double? {
        guard let previous else { return nil }
        let now = try gray.sample(previous.region, side: Self.side)
        return PixelChange.between(previous.sample, now, side: Self.side, maxShift: Self.maxShift)
    }

    /// This frame's face (nil: none), compared with the next frame's pixels.
    func remember(_ face: FaceBox?, in gray: Image) throws {
        guard let face, face.width >= 1, face.height >= 1 else {
            previous = nil
            return
        }
        previous = (face, try gray.sample(face, side: Self.side))
    }

    func reset() { previous = nil }
}
