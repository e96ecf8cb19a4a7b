import LivenessCore
import LivenessData
import LivenessVision

/// Every face the engine finds in a still, measured once per image (AFW photos appear once per
/// annotated face, and several metrics score the same photos).
public final class StillFaces {
    public typealias Found = [(box: FaceBox, face: FaceMeasurement)]
    private let analyzer: FrameAnalyzer
    private let config: LivenessConfig
    private let focalLengthPerSide: Double?
    private var cache: [String: Found] = [:]

    /// AFLW2000-3D's pose labels come from a 3-D model fitted with a scaled orthographic camera to
    /// 450-pixel crops cut and resized from larger photos: the crops' own focal length is unknown
    /// and far longer than their side. Its yaw is measured with a focal length of 100 times the
    /// image's larger side (a field of view under 1 degree), the labels' camera, rather than with
    /// SPEC's default for video (the frame's larger side, a 53-degree view these crops never had).
    public static let labelCameraFocalPerSide = 100.0

    /// `focalLengthPerSide`: measure each image with this multiple of its larger side as focal
    /// length; nil keeps `config`'s.
    public init(analyzer: FrameAnalyzer, config: LivenessConfig, focalLengthPerSide: Double? = nil) {
        self.analyzer = analyzer
        self.config = config
        self.focalLengthPerSide = focalLengthPerSide
    }

    public func faces(in path: String) throws -> Found {
        if let found = cache[path] { return found }
        let image = try Image.load(path)
        var config = self.config
        if let focalLengthPerSide {
            config.focalLengthPx = focalLengthPerSide * Double(max(image.width, image.height))
        }
        let found = try analyzer.measureStill(image, config: config)
        cache[path] = found
        return found
    }

    /// The engine's measurement of the face labelled by `points`, nil when it was not found.
    public func measurement(of points: [Point2], in path: String) throws -> FaceMeasurement? {
        let found = try faces(in: path)
        return matchDetection(to: points, among: found.map(\.box)).map { found[$0].face }
    }
}
