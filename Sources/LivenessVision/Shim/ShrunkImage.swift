internal import CLivenessShim
import LivenessCore

/// A gray frame shrunk once per frame and shared by the stages that work small (the whole-frame
/// search, the background motion), with the way back to the frame's pixels.
final class ShrunkImage {
    let image = Image()
    /// Small pixels per frame pixel, per axis (the small size is rounded).
    private(set) var kx = 1.0, ky = 1.0

    /// Shrinks `gray` by `factor` (at most 1) with `Image.shrink`, its last step by area or bilinear.
    func update(from gray: Image, factor: Double, area: Bool) throws {
        try gray.shrink(by: min(1, factor), area: area, into: image)
        kx = Double(image.width) / Double(gray.width)
        ky = Double(image.height) / Double(gray.height)
    }

    /// A frame box in small pixels, and back.
    func small(_ box: FaceBox) -> FaceBox { FaceBox(x: box.x * kx, y: box.y * ky, width: box.width * kx, height: box.height * ky) }
    func full(_ box: FaceBox) -> FaceBox { FaceBox(x: box.x / kx, y: box.y / ky, width: box.width / kx, height: box.height / ky) }

    /// A small pixel's position in the frame (pixel centres scale about the grid's corner), and back.
    func full(_ p: Point2) -> Point2 { Point2(x: (p.x + 0.5) / kx - 0.5, y: (p.y + 0.5) / ky - 0.5) }
    func small(_ p: Point2) -> Point2 { Point2(x: (p.x + 0.5) * kx - 0.5, y: (p.y + 0.5) * ky - 0.5) }

    /// The frame's size in small pixels per frame pixel, one number (the axes differ by rounding only).
    var factor: Double { kx }
}
