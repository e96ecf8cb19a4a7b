internal import CLivenessShim
import LivenessCore
import LivenessFiles

/// A colour in 8-bit red, green, blue.
public struct Colour: Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    var shim: lv_color { lv_color(b: blue, g: green, r: red) }
}

/// Drawing on an image through OpenCV (plots, thumbnails, overlays). Drawing is cosmetic: the shim
/// ignores a failed stroke rather than failing the run.
extension Image {
    /// A canvas of one colour.
    public static func blank(width: Int, height: Int, colour: Colour) throws -> Image {
        let image = Image()
        try internalCall { lv_image_blank(Int32(width), Int32(height), colour.shim, image.handle, $0) }
        return image
    }

    public func drawLine(from: Point2, to: Point2, colour: Colour, thickness: Int = 1) {
        lv_draw_line(handle, Self.shimPoint(from), Self.shimPoint(to), colour.shim, Int32(thickness))
    }

    /// An outline, or a filled rectangle when `filled`.
    public func drawRect(_ box: FaceBox, colour: Colour, filled: Bool = false, thickness: Int = 1) {
        lv_draw_rect(handle, Self.shimBox(box), colour.shim, filled ? -1 : Int32(thickness))
    }

    public func drawCircle(centre: Point2, radius: Double, colour: Colour, thickness: Int = 1) {
        lv_draw_circle(handle, Self.shimPoint(centre), Float(radius), colour.shim, Int32(thickness))
    }

    /// An ellipse turned by `degrees` about its centre.
    public func drawEllipse(centre: Point2, semiWidth: Double, semiHeight: Double, degrees: Double, colour: Colour, thickness: Int = 1) {
        lv_draw_ellipse(handle, Self.shimPoint(centre), Float(semiWidth), Float(semiHeight), Float(degrees), colour.shim, Int32(thickness))
    }

    /// A filled dot.
    public func drawPoint(_ at: Point2, radius: Int, colour: Colour) {
        lv_draw_point(handle, Self.shimPoint(at), Int32(radius), colour.shim)
    }

    /// Blends `colour` over the whole image with weight `alpha` (0...1).
    public func tint(_ colour: Colour, alpha: Double) {
        lv_draw_tint(handle, colour.shim, alpha)
    }

    /// A Gaussian blur in place; `kernel` is odd.
    public func blur(kernel: Int) {
        lv_draw_blur(handle, Int32(kernel))
    }

    /// Flips left-right in place.
    public func mirror() {
        lv_image_mirror(handle)
    }

    /// Text whose baseline starts at `origin`; `scale` 1.0 is about 22 pixels tall.
    public func drawText(_ text: String, at origin: Point2, scale: Double = 0.5, colour: Colour, thickness: Int = 1) {
        lv_draw_text(handle, text, Self.shimPoint(origin), scale, colour.shim, Int32(thickness))
    }

    /// Width and height `text` takes at `scale`.
    public static func textSize(_ text: String, scale: Double = 0.5, thickness: Int = 1) -> (width: Double, height: Double) {
        var width: Int32 = 0, height: Int32 = 0
        lv_text_size(text, scale, Int32(thickness), &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws `other` resized into `box`.
    public func drawImage(_ other: Image, in box: FaceBox) {
        lv_draw_image(handle, other.handle, Self.shimBox(box))
    }

    /// Encodes the image as PNG into `file`, marked as ours (`PNGMark`), and finishes it (closed,
    /// on the disk), not yet at its path: many pictures can be made this way with one file open
    /// at a time, then committed.
    public func writePNG(into file: OutputFile) throws {
        let encoded: [UInt8]
        do {
            try FileName.withCString(file.temporaryPath) { name in try shimCall { lv_image_write_png(handle, name, $0) } }
            encoded = Array(try InputFile.readSmall(file.temporaryPath, limit: Int.max))
        } catch is ShimFailure {
            throw WriteFailure(path: file.path, cause: "the PNG could not be written out")
        } catch is FileProblem {
            throw WriteFailure(path: file.path, cause: "the PNG could not be read back to be marked")
        }
        guard let marked = PNGMark.marked(encoded) else { throw VisionError.internalFailure("the PNG encoder wrote no header chunk") }
        // The file's own descriptor still writes from its start: the marked bytes, longer than
        // the encoder's, cover them all.
        file.write(marked)
        try file.finish()
    }

    static func shimPoint(_ p: Point2) -> lv_point {
        lv_point(x: Float(p.x), y: Float(p.y))
    }

    static func shimBox(_ box: FaceBox) -> lv_box {
        lv_box(x: Float(box.x), y: Float(box.y), width: Float(box.width), height: Float(box.height))
    }
}
