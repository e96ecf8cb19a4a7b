import LivenessCore
import LivenessData
import LivenessVision

/// Every face the engine finds in a still, measured once per image for the whole run (AFW photos
/// appear once per annotated face, and two test classes score the same set).
public enum StillMeasurements {
    public typealias Found = [(box: FaceBox, face: FaceMeasurement)]
    private static var cache: [String: Found] = [:]

    public static func faces(in path: String) throws -> Found {
        if let found = cache[path] { return found }
        let found = try SharedAnalyzer.forStills().measureStill(Image.load(path), config: LivenessConfig())
        cache[path] = found
        return found
    }

    /// The engine's measurement of a labelled face, nil when it was not found.
    public static func fit(of label: LabelledFace) throws -> FaceMeasurement? {
        let found = try faces(in: label.imagePath)
        return matchDetection(to: label.points, among: found.map(\.box)).map { found[$0].face }
    }
}
