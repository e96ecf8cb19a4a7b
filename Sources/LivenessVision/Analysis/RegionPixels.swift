import LivenessCore

/// Pixels from frame to frame in regions of the previous frame (SPEC §6): each frame is sampled
/// in the regions the previous frame's face, or its eyes (`EyeRegions`), were found in (where the
/// face was is the tracker's), and compared with the previous frame's samples of them (`PixelChange`), so the fit's own jitter
/// plays no part: a photo's pixels stay still however its points move. How finely:
/// `MeasuresConfig.facePixelSide` and `facePixelMaxShift`, `eyePixelSide` and `eyePixelMaxShift`.
final class RegionPixels {
    private var previous: (samples: [[UInt8]], side: Int)?

    /// The mean pixel change of the previous frame's `regions` (those it remembered) since then,
    /// each after its best shift of up to `maxShift` samples; nil when the previous frame had none.
    func change(in gray: Image, regions: [FaceBox]?, maxShift: Int) throws -> Double? {
        guard let previous, let regions, regions.count == previous.samples.count else { return nil }
        var total = 0.0
        for (region, sample) in zip(regions, previous.samples) {
            let now = try gray.sample(region, side: previous.side)
            guard let change = PixelChange.between(sample, now, side: previous.side, maxShift: maxShift) else { return nil }
            total += change
        }
        return total / Double(regions.count)
    }

    /// This frame's regions (nil: none, as is any of less than a pixel a side), sampled `side` x
    /// `side`, compared with the next frame's pixels.
    func remember(_ regions: [FaceBox]?, in gray: Image, side: Int) throws {
        guard let regions, !regions.isEmpty, regions.allSatisfy({ $0.width >= 1 && $0.height >= 1 }) else {
            previous = nil
            return
        }
        previous = (try regions.map { try gray.sample($0, side: side) }, side)
    }

    func reset() { previous = nil }
}
