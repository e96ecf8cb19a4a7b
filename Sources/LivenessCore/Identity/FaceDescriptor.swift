/// A face descriptor (SPEC §5): the 128 numbers dlib's face-recognition network gives a face.
/// Faces of the same person lie close together; dlib's own threshold for "same" is a distance
/// under 0.6.
public struct FaceDescriptor: Equatable, Sendable {
    public static let count = 128
    public let values: [Float]

    public init(_ values: [Float]) {
        precondition(values.count == Self.count, "a face descriptor has \(Self.count) values, not \(values.count)")
        self.values = values
    }

    /// Euclidean distance.
    public func distance(to other: FaceDescriptor) -> Double {
        var sum = 0.0
        for (a, b) in zip(values, other.values) {
            let d = Double(a) - Double(b)
            sum += d * d
        }
        return sum.squareRoot()
    }
}
