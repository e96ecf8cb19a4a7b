import DataTestSupport
import LivenessCore
import LivenessData
import LivenessVision

/// Every frame of a clip as the engine measures it in a stream, analysed once per run with an
/// analyzer of its own (an analyzer tracks the face and the background from frame to frame).
enum ClipMeasurements {
    private static var cache: [String: [FrameMeasurement]] = [:]

    static func frames(of path: String) throws -> [FrameMeasurement] {
        if let frames = cache[path] { return frames }
        let analyzer = try SharedAnalyzer.fresh()
        let video = try VideoSource(file: path)
        var frames: [FrameMeasurement] = []
        while let frame = try video.next() {
            frames.append(try analyzer.analyze(frame, config: LivenessConfig()).measurement)
        }
        cache[path] = frames
        return frames
    }

    /// The first `count` frames of a clip as stills: every face the still search finds in each.
    static func stillFaces(ofFirst count: Int, in path: String) throws -> [[(box: FaceBox, face: FaceMeasurement)]] {
        let analyzer = try SharedAnalyzer.forStills()
        let video = try VideoSource(file: path)
        var found: [[(box: FaceBox, face: FaceMeasurement)]] = []
        while found.count < count, let frame = try video.next() {
            found.append(try analyzer.measureStill(frame.image, config: LivenessConfig()))
        }
        return found
    }
}
