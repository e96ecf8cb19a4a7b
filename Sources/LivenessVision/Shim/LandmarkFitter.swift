internal import CLivenessShim
import LivenessCore
import LivenessFiles

/// dlib's 68-point shape predictor.
public final class LandmarkFitter {
    private let handle: OpaquePointer

    /// Loads the model (0.5-0.7 s and about 70 MB for Debian's file): load once, fit many times.
    public init(model path: String, package: String = ModelFiles.debianLandmarks.package) throws {
        var handle: OpaquePointer?
        do {
            try FileName.withCString(path) { name in try shimCall { lv_predictor_load(name, &handle, $0) } }
        } catch let failure as ShimFailure {
            throw VisionError.modelCorrupt(path: path, package: package, cause: failure.message)
        }
        self.handle = handle!
    }

    deinit { lv_predictor_destroy(handle) }

    /// The 68 points for the face in `box` (a dlib-style box, upright to the head) of the gray image.
    func fit(_ gray: Image, box: HeadBox) throws -> [Point2] {
        var points = [lv_point](repeating: lv_point(), count: Landmarks68.count)
        let b = box.box
        let rect = Image.shimBox(b)
        try internalCall { error in
            points.withUnsafeMutableBufferPointer { lv_predictor_fit(handle, gray.handle, rect, Float(box.roll), $0.baseAddress, error) }
        }
        return points.map { Point2(x: Double($0.x), y: Double($0.y)) }
    }
}
