import Foundation

/// Packed 8-bit RGB pixels (a decoded screenshot), with the few measurements the window tests make.
struct RGBImage {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(width: Int, height: Int, bytes: Data) throws {
        guard bytes.count == width * height * 3 else {
            throw CLIError("expected \(width * height * 3) bytes of RGB for \(width)x\(height), got \(bytes.count)")
        }
        self.width = width
        self.height = height
        self.bytes = [UInt8](bytes)
    }

    /// A timeline picture (1400 pixels wide: `Timeline`), decoded to RGB with FFmpeg.
    static func timeline(at url: URL) throws -> RGBImage {
        let probe = Process()
        probe.executableURL = try TestMedia.ffmpeg()
        probe.arguments = ["-loglevel", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        return try RGBImage(width: 1400, height: bytes.count / (1400 * 3), bytes: bytes)
    }

    struct Pixel: Equatable {
        var r: Int, g: Int, b: Int

        /// Every channel within `tolerance` of `other`'s.
        func isNear(_ other: Pixel, tolerance: Int) -> Bool {
            abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
        }
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 3
        return Pixel(r: Int(bytes[i]), g: Int(bytes[i + 1]), b: Int(bytes[i + 2]))
    }

    /// The bounding box of the pixels near `colour`, or nil when there are none.
    func boundingBox(of colour: Pixel, tolerance: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixel(x, y)!.isNear(colour, tolerance: tolerance) {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
