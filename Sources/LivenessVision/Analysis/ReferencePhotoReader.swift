import LivenessCore

extension FrameAnalyzer {
    /// The reference photo of `--reference` (SPEC §5): its one face, described. A photo with no
    /// face or with several is an input error, as the engine could not tell whom to match.
    public func referencePhoto(at path: String, config: LivenessConfig) throws -> ReferencePhoto {
        let image = try Image.load(path)
        let faces = try measureStill(image, config: config)
        guard let face = faces.first else { throw VisionError.referenceWithoutFace(path: path) }
        guard faces.count == 1 else { throw VisionError.referenceWithSeveralFaces(path: path, count: faces.count) }
        return ReferencePhoto(path: path, descriptor: try describe(image, landmarks: face.face.landmarks))
    }
}
