internal import CLivenessShim
import LivenessCore
import LivenessFiles

/// An OpenCV cascade face detector.
public final class FaceDetector {
    private let handle: OpaquePointer
    private var boxes = [lv_box](repeating: lv_box(), count: 32)

    public init(cascade path: String, package: String = ModelFiles.debianCascade.package) throws {
        var handle: OpaquePointer?
        do {
            try CascadeFile.check(path)
            try FileName.withCString(path) { name in try shimCall { lv_cascade_load(name, &handle, $0) } }
        } catch let refused as CascadeFile.Refused {
            throw VisionError.modelCorrupt(path: path, package: package, cause: refused.description)
        } catch let failure as ShimFailure {
            throw VisionError.modelCorrupt(path: path, package: package, cause: failure.message)
        }
        self.handle = handle!
    }

    deinit { lv_cascade_destroy(handle) }

    /// Faces in `region` of the gray image, searched on a copy resized by `scale`, between
    /// `minFace` and `maxFace` pixels (image pixels; 0 = no upper limit). With a `roll`, the region
    /// is searched turned upright for heads tilted that much, and the boxes are upright to them.
    func detect(in gray: Image, region: FaceBox, scale: Double, minFace: Double, maxFace: Double, roll: Double = 0) throws -> [HeadBox] {
        let params = lv_detect_params(
            region: Image.shimBox(region),
            scale: Float(scale), min_face: Float(minFace), max_face: Float(maxFace), scale_step: 1.1, min_neighbors: 3,
            roll: Float(roll))
        var count: Int32 = 0
        try internalCall { error in
            boxes.withUnsafeMutableBufferPointer { lv_cascade_detect(handle, gray.handle, params, $0.baseAddress, Int32($0.count), &count, error) }
        }
        return boxes.prefix(min(Int(count), boxes.count)).map {
            HeadBox(FaceBox(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)), roll: roll)
        }
    }
}
