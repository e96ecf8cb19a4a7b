import LivenessCore

/// The followed face's pixels from frame to frame (SPEC §6): each frame is sampled in the region
/// the previous frame's face was fitted in, and compared with the previous frame's sample of it
/// (`PixelChange`), so the fit's own jitter plays no part: a photo's pixels stay still however
/// its points move. How finely: `MeasuresConfig.facePixelSide` and `facePixelMaxShift`.
final class FacePixels {
    private var previous: (region: FaceBox, sample: [UInt8], side: Int)?

    /// How much the pixels where the previous frame's face was changed since then, after the best
    /// shift of up to `maxShift` samples; nil when the previous frame had no face.
    func change(in gray: Image, maxShift: Int) throws -> Double? {
        guard let previous else { return nil }
        let now = try gray.sample(previous.region, side: previous.side)
        return PixelChange.between(previous.sample, now, side: previous.side, maxShift: maxShift)
    }

    /// This frame's face (nil: none), sampled `side` x `side`, compared with the next frame's pixels.
    func remember(_ face: FaceBox?, in gray: Image, side: Int) throws {
        guard let face, face.width >= 1, face.height >= 1 else {
            previous = nil
            return
        }
        previous = (face, try gray.sample(face, side: side), side)
    }

    func reset() { previous = nil }
}
