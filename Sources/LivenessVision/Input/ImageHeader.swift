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
        case "JPEG":
            size = jpeg(file)
            try checkScans(file)
        case "BMP": size = bmp(file)
        case "TIFF": size = try tiff(file, littleEndian: head[0] == 0x49)
        case "WebP": size = webp(head)
        case "PNM": size = pnm(file)
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

    /// ImageWidth (256) and ImageLength (257) of the first directory. What libtiff would allocate
    /// beyond the image is refused too, as the size alone cannot bound it: a tag listed twice
    /// (this check and libtiff could read different sizes), a tile larger than the image, more
    /// than `maxSamples` samples per pixel.
    private static func tiff(_ file: HeaderBytes, littleEndian: Bool) throws -> (Int, Int)? {
        func u16(_ b: [UInt8], _ at: Int) -> Int { littleEndian ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1]) }
        func u32(_ b: [UInt8], _ at: Int) -> Int { littleEndian ? Int(littleEndian32(b, at)) : Int(bigEndian32(b, at)) }
        let head = file.read(at: 0, count: 8)
        guard head.count == 8 else { return nil }
        let directory = u32(head, 4)
        let countBytes = file.read(at: directory, count: 2)
        guard countBytes.count == 2 else { return nil }
        let count = min(u16(countBytes, 0), 4096)
        let entries = file.read(at: directory + 2, count: count * 12)
        var values: [Int: Int] = [:]
        for i in 0..<(entries.count / 12) {
            let at = i * 12
            let tag = u16(entries, at), type = u16(entries, at + 2)
            guard values[tag] == nil else { throw Unreadable(description: "its TIFF directory lists tag \(tag) twice") }
            values[tag] = type == 3 ? u16(entries, at + 8) : type == 4 ? u32(entries, at + 8) : -1
        }
        guard let width = values[256], let height = values[257], width > 0, height > 0 else { return nil }
        // Tiles are whole multiples of 16 pixels; one beyond the image rounded up to that is only an allocation.
        let roundedUp = { (n: Int) in (n + 15) / 16 * 16 }
        if let tileWidth = values[322], let tileLength = values[323], tileWidth > roundedUp(width) || tileLength > roundedUp(height) {
            throw Unreadable(description: "its TIFF tiles (\(tileWidth)x\(tileLength)) are larger than the image (\(width)x\(height))")
        }
        if let samples = values[277], samples > maxSamples {
            throw Unreadable(description: "its TIFF has \(samples) samples per pixel (at most \(maxSamples) are read)")
        }
        return (width, height)
    }

    /// Samples per pixel a TIFF may have: grey, RGB or CMYK, with an alpha or an extra channel.
    static let maxSamples = 8

    /// Scans a JPEG may have: a progressive one has about 10 (libjpeg's default script), and each
    /// more scan is another pass over every coefficient, so a file repeating its last scan
    /// thousands of times takes minutes to decode in a few hundred kilobytes.
    static let maxScans = 100

    /// Counts the start-of-scan segments by walking the file (a scan's entropy-coded data ends
    /// at the first marker that is no stuffed byte or restart marker).
    private static func checkScans(_ file: HeaderBytes) throws {
        var offset = 2, scans = 0
        while true {
            let marker = file.read(at: offset, count: 4)
            guard marker.count >= 2, marker[0] == 0xFF else { return }
            let code = marker[1]
            if code == 0xFF || code == 0xD8 || (0xD0...0xD7).contains(code) || code == 0x01 { offset += code == 0xFF ? 1 : 2; continue }
            if code == 0xD9 { return }
            guard marker.count == 4 else { return }
            offset += 2 + (Int(marker[2]) << 8 | Int(marker[3]))
            guard code == 0xDA else { continue }
            scans += 1
            if scans > maxScans { throw Unreadable(description: "its JPEG has more than \(maxScans) scans (a progressive JPEG needs about 10)") }
            // The entropy-coded data, read a block at a time, up to the next marker.
            search: while true {
                let block = file.read(at: offset, count: 1 << 16)
                guard block.count >= 2 else { return }
                for i in 0..<(block.count - 1) where block[i] == 0xFF {
                    let next = block[i + 1]
                    if next != 0x00 && !(0xD0...0xD7).contains(next) && next != 0xFF {
                        offset += i
                        break search
                    }
                }
                offset += block.count - 1
            }
        }
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

    /// "P6 640 480 255": the magic, then width and height in ASCII decimal, parted by whitespace
    /// and by comments, which run from # to the end of the line (netpbm). Read a block at a time
    /// to the end of the header wherever it is: a comment may be megabytes long, a number may
    /// have thousands of leading zeros, and netpbm and OpenCV read both.
    private static func pnm(_ file: HeaderBytes) -> (Int, Int)? {
        let whitespace = Array(" \t\n\r\u{0B}\u{0C}".utf8)
        var numbers: [Int] = []
        var offset = 2, current: Int?, inComment = false
        while true {
            let block = file.read(at: offset, count: 1 << 16)
            guard !block.isEmpty else { return nil }  // the file ends inside the header
            for c in block {
                if inComment {
                    inComment = c != UInt8(ascii: "\n") && c != UInt8(ascii: "\r")
                } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                    current = min((current ?? 0) * 10 + Int(c - UInt8(ascii: "0")), Int(Int32.max))
                } else {
                    // A comment ends a number as whitespace does. Any other byte is no header: a
                    // file that only begins like one is not read to its end.
                    if let value = current {
                        numbers.append(value)
                        if numbers.count == 2 { return (numbers[0], numbers[1]) }
                        current = nil
                    }
                    if c == UInt8(ascii: "#") {
                        inComment = true
                    } else if !whitespace.contains(c) {
                        return nil
                    }
                }
            }
            offset += block.count
        }
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
