import LivenessVision

/// dlib's HOG face detector as the reference a clip's face finding is held to (SPEC §2: a face
/// found at least as reliably as dlib's own HOG detector finds it; issue 45), run as dlib's
/// examples run it on video: the frame scaled to `largestSide` at most, with one upsampling.
/// Only the frames the engine found no face on are searched: a face HOG finds there is one the
/// engine lost (HOG costs 30-100 ms a frame, too much for every frame of every clip).
public struct HogReference {
    public static let largestSide = 640.0
    private let detector: HogDetector

    public init() throws {
        detector = try HogDetector()
    }

    /// Whether HOG finds a face in `image`.
    public func findsFace(in image: Image) throws -> Bool {
        let scale = 2 * min(1, Self.largestSide / Double(max(image.width, image.height)))
        return try !detector.faces(in: image, scale: scale).isEmpty
    }
}
