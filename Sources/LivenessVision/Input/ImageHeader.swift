import Foundation
import LivenessFiles

/// The pixel size a still declares in its header, read without decoding a pixel, so that the
/// pixel limit is checked before a decoder allocates anything. The formats are those the engine
/// takes (JPEG, PNG, BMP, TIFF, WebP, PNM); any other file is refused as not an image.
enum ImageHeader {
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    static let formats = "JPEG, PNG, BMP, TIFF, WebP or PNM"

    static func size(of path: String) throws -> (width: Int, height: Int) {
        let fd = try InputFile.openForReading(path)
        defer { close(fd) }
        let file = HeaderBytes(fd: fd)
        let head = file.read(at: 0, count: 32)
        let size: (Int, Int)?
        switch format(head) {
        case "PNG": size = png(head)
        case "JPEG": size = jpeg(file)
        case "BMP": size = bmp(file)
        case "TIFF": size = tiff(file, littleEndian: head[0] == 0x49)
        case "WebP": size = webp(head)
        case "PNM": size = pnm(file.read(at: 0, count: 4096))
        default: throw Unreadable(description: "not a \(formats) image")
        }
        guard let (width, height) = size, width > 0, height > 0 else {
            throw Unreadable(description: "its header declares no valid size (damaged or truncated)")
        }
        return (width, height)
    }

    /// The still format whose signature `head` (a file's first bytes) begins with, if any.
    static func format(_ head: [UInt8]) -> String? {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        if head.starts(with: [0xFF, 0xD8]) { return "JPEG" }
        if head.starts(with: Array("BM".utf8)) { return "BMP" }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if head.starts(with: Array("RIFF".utf8)) && head.count >= 12 && Array(head[8..<12]) == Array("WEBP".utf8) { return "WebP" }
        if head.count >= 2 && head[0] == UInt8(ascii: "P") && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]) { return "PNM" }
        return nil
    }

    /// The still format of the file at `path` (regular, checked), if it is one.
    static func format(ofFile path: String) -> String? {
        guard let fd = try? InputFile.openForReading(path) else { return nil }
        defer { close(fd) }
        return format(HeaderBytes(fd: fd).read(at: 0, count: 32))
    }

    /// IHDR: width and height, big-endian, right after the signature and the chunk header.
    private static func png(_ head: [UInt8]) -> (Int, Int)? {
        guard head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (Int(bigEndian32(head, 16)), Int(bigEndian32(head, 20)))
    }

    /// The first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC), found by walking the
    /// segments by their lengths.
    private static func jpeg(_ file: HeaderBytes) -> (Int, Int)? {
        var offset = 2
        for _ in 0..<1000 {
            let marker = file.read(at: offset, count: 9)
            guard marker.count >= 4, marker[0] == 0xFF else { return nil }
            let code = marker[1]
            if code == 0xFF { offset += 1; continue }  // fill byte
            if code == 0xD8 || (0xD0...0xD7).contains(code) || code == 0x01 { offset += 2; continue }
            let length = Int(marker[2]) << 8 | Int(marker[3])
            if (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code) {
                guard marker.count >= 9 else { return nil }
                return (Int(marker[7]) << 8 | Int(marker[8]), Int(marker[5]) << 8 | Int(marker[6]))
            }
            guard length >= 2, code != 0xD9, code != 0xDA else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// BITMAPCOREHEADER (16-bit sizes) or a later header (32-bit, height negative when top-down).
    private static func bmp(_ file: HeaderBytes) -> (Int, Int)? {
        let header = file.read(at: 14, count: 12)
        guard header.count >= 12 else { return nil }
        if littleEndian32(header, 0) == 12 {
            return (Int(header[4]) | Int(header[5]) << 8, Int(header[6]) | Int(header[7]) << 8)
        }
        let height = Int32(bitPattern: littleEndian32(header, 8))
        return (Int(Int32(bitPattern: littleEndian32(header, 4))), height == Int32.min ? -1 : Int(abs(height)))
    }

    /// ImageWidth (256) and ImageLength (257) of the first directory.
    private static func tiff(_ file: HeaderBytes, littleEndian: Bool) -> (Int, Int)? {
        func u16(_ b: [UInt8], _ at: Int) -> Int { littleEndian ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1]) }
        func u32(_ b: [UInt8], _ at: Int) -> Int { littleEndian ? Int(littleEndian32(b, at)) : Int(bigEndian32(b, at)) }
        let head = file.read(at: 0, count: 8)
        guard head.count == 8 else { return nil }
        let directory = u32(head, 4)
        let countBytes = file.read(at: directory, count: 2)
        guard countBytes.count == 2 else { return nil }
        let count = min(u16(countBytes, 0), 4096)
        let entries = file.read(at: directory + 2, count: count * 12)
        var width: Int?, height: Int?
        for i in 0..<(entries.count / 12) {
            let at = i * 12
            let tag = u16(entries, at), type = u16(entries, at + 2)
            guard tag == 256 || tag == 257 else { continue }
            let value = type == 3 ? u16(entries, at + 8) : type == 4 ? u32(entries, at + 8) : -1
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// The first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended, the canvas size).
    private static func webp(_ head: [UInt8]) -> (Int, Int)? {
        guard head.count >= 30 else { return nil }
        switch String(decoding: head[12..<16], as: UTF8.self) {
        case "VP8 ":
            return (Int(head[26]) | Int(head[27] & 0x3F) << 8, Int(head[28]) | Int(head[29] & 0x3F) << 8)
        case "VP8L":
            let bits = littleEndian32(head, 21)
            return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ((Int(head[24]) | Int(head[25]) << 8 | Int(head[26]) << 16) + 1, (Int(head[27]) | Int(head[28]) << 8 | Int(head[29]) << 16) + 1)
        default:
            return nil
        }
    }

    /// "P6 640 480 255": the magic, then width and height as text, with # comments between.
    private static func pnm(_ head: [UInt8]) -> (Int, Int)? {
        var numbers: [Int] = []
        var i = 2, current: Int?
        while i < head.count && numbers.count < 2 {
            let c = head[i]
            if c == UInt8(ascii: "#") {
                while i < head.count && head[i] != UInt8(ascii: "\n") { i += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                current = min((current ?? 0) * 10 + Int(c - UInt8(ascii: "0")), Int(Int32.max))
            } else if let value = current {
                numbers.append(value)
                current = nil
            }
            i += 1
        }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    private static func bigEndian32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private static func littleEndian32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}

/// Reads a few bytes at a time from anywhere in an open file.
private struct HeaderBytes {
    let fd: Int32

    /// Up to `count` bytes at `offset` (fewer at the end of the file, none past it).
    func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, count - got, off_t(offset + got)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            got += n
        }
        return Array(bytes[..<got])
    }
}
