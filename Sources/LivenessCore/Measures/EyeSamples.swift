/// Each eye's pixels on one frame (SPEC §2 "how far the upper lid has come down over the eye"):
/// the gray levels of a box around the eye, from corner to corner and as tall as most of its
/// width, shrunk to `side` x `side`. The vision layer samples them where `regions` says.
public struct EyeSamples: Sendable, Equatable {
    public static let side = 16
    public var right: [UInt8]
    public var left: [UInt8]

    public init(right: [UInt8], left: [UInt8]) {
        self.right = right
        self.left = left
    }

    /// The boxes to sample (right eye 36...41, left 42...47): centred between the eye's corners,
    /// 1.4 corner distances wide and 0.8 tall, so an open eye's iris and both lids are inside.
    public static func regions(landmarks: [Point2]) -> (right: FaceBox, left: FaceBox) {
        func box(_ outer: Int, _ inner: Int) -> FaceBox {
            let a = landmarks[outer], b = landmarks[inner]
            let width = a.distance(to: b), centre = Point2(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            return FaceBox(x: centre.x - 0.7 * width, y: centre.y - 0.4 * width, width: 1.4 * width, height: 0.8 * width)
        }
        return (box(36, 39), box(42, 45))
    }

    /// How much both eyes' pixels changed from `earlier` (the mean of the two eyes' `PixelChange`,
    /// a shift of 2 samples forgiven for the corners' jitter); nil when a sample is malformed.
    public func change(from earlier: EyeSamples) -> Double? {
        guard let r = PixelChange.between(earlier.right, right, side: Self.side, maxShift: 2),
              let l = PixelChange.between(earlier.left, left, side: Self.side, maxShift: 2) else { return nil }
        return (r + l) / 2
    }
}
