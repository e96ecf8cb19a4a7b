internal import CLivenessShim
import LivenessCore

/// dlib's HOG frontal-face detector (built into libdlib, no model file). Slower than the cascades,
/// but it finds faces with closed eyes and heads turned up to about 30 degrees that they miss,
/// and its boxes are the ones dlib's 68-point model was trained on. Public so that the bench can
/// count what dlib's own pipeline finds on the same images (`faces(in:)`).
public final class HogDetector {
    private let handle: OpaquePointer
    private var boxes = [lv_box](repeating: lv_box(), count: 32)

    public init() throws {
        var handle: OpaquePointer?
        try internalCall { lv_hog_create(&handle, $0) }
        self.handle = handle!
    }

    deinit { lv_hog_destroy(handle) }

    /// The faces dlib's classic scripts find in an image, as dlib's boxes: the whole image at its
    /// own size, no upsampling (faces from 80 px), or searched at `scale` times its size (2: one
    /// upsampling, faces from 40 px).
    public func faces(in image: Image, scale: Double = 1) throws -> [FaceBox] {
        let gray = Image()
        try image.gray(into: gray)
        return try detect(in: gray, region: gray.bounds, scale: scale).map(\.box)
    }

    /// Faces in `region` of the gray image, searched on a copy resized by `scale` and turned upright
    /// by `roll`, as landmark boxes (dlib's own boxes, upright to the head).
    func detect(in gray: Image, region: FaceBox, scale: Double, roll: Double = 0) throws -> [HeadBox] {
        var count: Int32 = 0
        let r = Image.shimBox(region)
        try internalCall { error in
            boxes.withUnsafeMutableBufferPointer { b in
                lv_hog_detect(handle, gray.handle, r, Float(scale), Float(roll), b.baseAddress, Int32(b.count), &count, error)
            }
        }
        return boxes.prefix(min(Int(count), boxes.count)).map {
            HeadBox(FaceBox(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)), roll: roll)
        }
    }
}
