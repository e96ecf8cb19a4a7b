internal import CLivenessShim
import LivenessCore
import LivenessFiles

/// An OpenCV image owned by Swift: created and released with the object.
public final class Image {
    let handle: OpaquePointer

    public init() {
        handle = lv_image_create()
    }

    deinit { lv_image_destroy(handle) }

    public var width: Int { size.width }
    public var height: Int { size.height }
    /// The whole image as a region to search.
    var bounds: FaceBox { FaceBox(x: 0, y: 0, width: Double(width), height: Double(height)) }

    var size: (width: Int, height: Int, channels: Int) {
        var w: Int32 = 0, h: Int32 = 0, c: Int32 = 0
        lv_image_size(handle, &w, &h, &c)
        return (Int(w), Int(h), Int(c))
    }

    /// Stills larger than this many pixels are refused before decoding: a 100-megapixel image
    /// already takes about 300 MB decoded (Benchmarks/RESULTS.md, "Hostile input").
    public static let maxPixels = 100_000_000

    /// Decodes a still (JPEG, PNG, BMP, TIFF, WebP, PNM) after checking the size its header declares.
    public static func load(_ path: String) throws -> Image {
        let size: (width: Int, height: Int)
        do {
            try InputFile.checkRegular(path)
            size = try ImageHeader.size(of: path)
        } catch let problem as FileProblem {
            throw VisionError(problem, path: path)
        } catch let header as ImageHeader.Unreadable {
            throw VisionError.notAnImage(path: path, cause: header.description)
        }
        // Checked: a header may declare 0xFFFFFFFF x 0xFFFFFFFF, whose product overflows.
        let pixels = size.width.multipliedReportingOverflow(by: size.height)
        guard !pixels.overflow, pixels.partialValue <= maxPixels else {
            throw VisionError.imageTooLarge(path: path, width: size.width, height: size.height)
        }
        let image = Image()
        do {
            _ = try capturingLibraryStderr {
                try FileName.withCString(path) { name in try shimCall { lv_image_load(name, image.handle, $0) } }
            }
        } catch let captured as CapturedFailure {
            let cause = (captured.error as? ShimFailure)?.message ?? "\(captured.error)"
            throw VisionError.notAnImage(path: path, cause: cause + (captured.lastLine.map { " (\($0))" } ?? ""))
        }
        return image
    }

    public func writeJPEG(_ path: String, quality: Int = 92) throws {
        do {
            try FileName.withCString(path) { name in try shimCall { lv_image_write_jpeg(handle, name, Int32(quality), $0) } }
        } catch let failure as ShimFailure {
            throw WriteFailure(path: path, cause: failure.message)
        }
    }

    /// A deep copy (a frame kept after the decoder reuses its buffer).
    public func copy() throws -> Image {
        let copy = Image()
        try internalCall { lv_image_copy(handle, copy.handle, $0) }
        return copy
    }

    /// The 8-bit gray version, written into `gray`.
    func gray(into gray: Image) throws {
        try internalCall { lv_image_to_gray(handle, gray.handle, $0) }
    }

    /// This gray image with its histogram equalised, written into `equalised`.
    func equalise(into equalised: Image) throws {
        try internalCall { lv_image_equalize(handle, equalised.handle, $0) }
    }

    /// `into` becomes this image shrunk by `factor` (0 < factor <= 1), by 2 x 2 averages and a last
    /// step by `area` or bilinear (see lv_image_shrink: many times cheaper than one area resize).
    func shrink(by factor: Double, area: Bool, into small: Image) throws {
        try internalCall { lv_image_shrink(handle, factor, area ? 1 : 0, small.handle, $0) }
    }

    /// The mean and standard deviation of this gray image's pixels inside `box` (clipped to it).
    func regionStats(_ box: FaceBox) throws -> PatchStats {
        var mean = 0.0, deviation = 0.0
        try internalCall { lv_image_region_stats(handle, Self.shimBox(box), &mean, &deviation, $0) }
        return PatchStats(mean: mean, deviation: deviation)
    }

    /// This gray image's pixels inside `box` shrunk to `side` x `side` gray levels, row by row
    /// (outside the image, its edge repeated).
    func sample(_ box: FaceBox, side: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: side * side)
        let region = Self.shimBox(box)
        try out.withUnsafeMutableBufferPointer { buffer in
            try internalCall { lv_image_sample(handle, region, Int32(side), buffer.baseAddress, $0) }
        }
        return out
    }

    /// Turns the image by quarter turns clockwise, in place.
    func rotate(quarterTurns: Int) throws {
        try internalCall { lv_image_rotate(handle, Int32(quarterTurns), $0) }
    }
}

/// A shim call that can only fail through a bug or OpenCV itself.
func internalCall(_ body: (UnsafeMutablePointer<lv_error>) -> lv_status) throws {
    do {
        try shimCall(body)
    } catch let failure as ShimFailure {
        throw VisionError.internalFailure(failure.message)
    }
}
