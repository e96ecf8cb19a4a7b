internal import CLivenessShim
import LivenessCore

/// dlib's face-recognition network (SPEC §5): the descriptor of a face, aligned from its 68
/// landmarks. One pass costs about 20 ms on OpenBLAS and ten times that on the reference BLAS
/// (Benchmarks/RESULTS.md), so the session asks for it only where SPEC §5 needs it.
public final class FaceDescriber {
    private let handle: OpaquePointer

    /// Loads the network (about 22 MB) once the file is checked to be the published model.
    public init(model path: String) throws {
        var handle: OpaquePointer?
        do {
            try shimCall { lv_describer_load(path, ModelFiles.faceDescriptorSHA256, &handle, $0) }
        } catch let failure as ShimFailure {
            throw VisionError.faceDescriptorModelCorrupt(path: path, cause: failure.message)
        }
        self.handle = handle!
    }

    deinit { lv_describer_destroy(handle) }

    /// The descriptor of the face whose 68 landmarks (image pixels) are `landmarks` in `image`
    /// (the colour frame, not the gray copy: the network was trained on colour).
    public func describe(_ image: Image, landmarks: [Point2]) throws -> FaceDescriptor {
        precondition(landmarks.count == Landmarks68.count, "a face has 68 landmarks")
        let points = landmarks.map { lv_point(x: Float($0.x), y: Float($0.y)) }
        var values = [Float](repeating: 0, count: FaceDescriptor.count)
        try internalCall { error in
            values.withUnsafeMutableBufferPointer { lv_describer_describe(handle, image.handle, points, $0.baseAddress, error) }
        }
        return FaceDescriptor(values)
    }
}
