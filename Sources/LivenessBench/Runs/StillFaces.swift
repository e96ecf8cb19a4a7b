import LivenessCore
import LivenessVision

/// Every face the engine finds in a still, measured once per image (AFW photos appear once per
/// annotated face, and several metrics score the same photos).
public final class StillFaces {
    public typealias Found = [(box: FaceBox, face: FaceMeasurement)]
    private let analyzer: FrameAnalyzer
    private let config: LivenessConfig
    private var cache: [String: Found] = [:]

    public init(analyzer: FrameAnalyzer, config: LivenessConfig) {
        self.analyzer = analyzer
        self.config = config
    }

    public func faces(in path: String) throws -> Found {
        if let found = cache[path] { return found }
        let found = try analyzer.measureStill(Image.load(path), config: config)
        cache[path] = found
        return found
    }

    /// The engine's measurement of the face labelled by `points`, nil when it was not found.
    public func measurement(of points: [Point2], in path: String) throws -> FaceMeasurement? {
        let found = try faces(in: path)
        return matchDetection(to: points, among: found.map(\.box)).map { found[$0].face }
    }
}
