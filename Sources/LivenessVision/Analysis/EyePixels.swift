import LivenessCore

/// The eyes' pixels from frame to frame (SPEC §6, a blink's cut): each eye is sampled in a square
/// around where the previous frame's eye was (`EyeRegions`), and compared with the previous
/// frame's sample of it (`PixelChange`), so, as for the whole face (`FacePixels`), the fit's own
/// jitter plays no part. A picture's eyes change by its sensor noise only, however its points
/// move; an eyes-only flip between two pictures changes them in one interval. How finely:
/// `MeasuresConfig.eyePixelSide`, `eyePixelMaxShift` and `eyePixelSpan`.
final class EyePixels {
    private var previous: (regions: [FaceBox], samples: [[UInt8]], side: Int)?

    /// The mean of both eyes' pixel change since the previous frame, each after its best shift of
    /// up to `maxShift` samples; nil when the previous frame had no face.
    func change(in gray: Image, maxShift: Int) throws -> Double? {
        guard let previous else { return nil }
        var total = 0.0
        for (region, sample) in zip(previous.regions, previous.samples) {
            let now = try gray.sample(region, side: previous.side)
            guard let change = PixelChange.between(sample, now, side: previous.side, maxShift: maxShift) else { return nil }
            total += change
        }
        return total / Double(previous.regions.count)
    }

    /// This frame's eyes (the face's 68 points; nil: no face), sampled `side` x `side`, compared
    /// with the next frame's pixels.
    func remember(_ points: [Point2]?, in gray: Image, side: Int, span: Double) throws {
        guard let points, let regions = EyeRegions.boxes(points, span: span) else {
            previous = nil
            return
        }
        previous = (regions, try regions.map { try gray.sample($0, side: side) }, side)
    }

    func reset() { previous = nil }
}
