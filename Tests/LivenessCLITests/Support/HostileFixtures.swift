import Foundation
import LivenessFiles
import XCTest

/// What is at a path, to show a run left it exactly as it was: its type, link count, link target
/// and content.
struct PathState: Equatable {
    var type: mode_t
    var links: nlink_t
    var target: String?
    var content: Data?

    init(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            type = 0
            links = 0
            return
        }
        type = st.st_mode & S_IFMT
        links = st.st_nlink
        if type == S_IFLNK { target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) }
        if type == S_IFREG { content = FileManager.default.contents(atPath: path) }
    }
}

/// Files a hostile user points the tool at.
enum HostileFixtures {
    static func fifo(_ path: String) throws -> String {
        guard mkfifo(path, 0o644) == 0 else { throw CLIError("mkfifo \(path): \(String(cString: strerror(errno)))") }
        return path
    }

    /// A character device like /dev/null, made in a scratch folder so the real one is never at
    /// risk; nil when this user may not make device nodes.
    static func nullDevice(_ path: String) -> String? {
        // dev_t(1 << 8 | 3) is makedev(1, 3), a macro Swift cannot see.
        mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 ? path : nil
    }

    /// A PNG with a real header declaring `width` x `height` and one row of pixels.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        let row: [UInt8] = [0] + [UInt8](repeating: 0x80, count: 3 * 64)
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGMark.pngChunk("IHDR", ihdr) + PNGMark.pngChunk("IDAT", stored(row)) + PNGMark.pngChunk("IEND", []))
    }

    /// A small valid PNG (solid grey) whose IHDR checksum is wrong when `badChecksum`, and that
    /// carries a tEXt chunk with a wrong checksum (which libpng only warns about) when `warning`.
    static func png(badChecksum: Bool = false, warning: Bool = false) -> Data {
        let width: UInt32 = 64, height: UInt32 = 64
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 0x80, count: Int(width) * 3) }
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGMark.pngChunk("IHDR", ihdr, crc: badChecksum ? 0 : nil)
        if warning { bytes += PNGMark.pngChunk("tEXt", Array("k\0v".utf8), crc: 1) }
        bytes += PNGMark.pngChunk("IDAT", stored(raw)) + PNGMark.pngChunk("IEND", [])
        return Data(bytes)
    }

    /// A little-endian TIFF of 8-bit grey pixels: one directory of `entries` (tag, type 3 SHORT or
    /// 4 LONG, value), in the order given, then `pixels` bytes of grey at `pixelOffset` (the
    /// entries that point at the data use it).
    static func tiff(_ entries: [(tag: UInt16, type: UInt16, value: UInt32)], pixels: Int) -> Data {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8) + le16(UInt16(entries.count))
        for entry in entries {
            let value = entry.type == 3 ? le16(UInt16(entry.value)) + [0, 0] : le32(entry.value)
            bytes += le16(entry.tag) + le16(entry.type) + le32(1) + value
        }
        bytes += le32(0)
        precondition(bytes.count == tiffPixelOffset(entries: entries.count))
        return Data(bytes + [UInt8](repeating: 0x80, count: pixels))
    }

    /// Where `tiff` puts the pixels for a directory of `entries` entries.
    static func tiffPixelOffset(entries: Int) -> Int { 8 + 2 + 12 * entries + 4 }

    /// A 16x16 grey TIFF in one strip, every tag once: what a TIFF should be.
    static func validTIFF() -> Data {
        let offset = UInt32(tiffPixelOffset(entries: 9))
        return tiff([(256, 3, 16), (257, 3, 16), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, offset), (277, 3, 1), (278, 3, 16), (279, 4, 256)], pixels: 256)
    }

    /// `jpeg` with its last scan (from its last start-of-scan marker to its end-of-image) repeated
    /// `times` more times: a file of many scans, each one more pass of the decoder.
    static func jpegRepeatingItsLastScan(_ jpeg: Data, times: Int) throws -> Data {
        let bytes = [UInt8](jpeg)
        guard let sos = (0..<(bytes.count - 1)).last(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }),
              bytes.suffix(2) == [0xFF, 0xD9] else { throw CLIError("no scan or no end-of-image in the JPEG") }
        let scan = bytes[sos..<(bytes.count - 2)]
        return Data(bytes[..<(bytes.count - 2)] + Array(repeating: scan, count: times).joined() + [0xFF, 0xD9])
    }

    /// `bytes` as a zlib stream of stored (uncompressed) blocks.
    private static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let block = Array(bytes[offset..<min(offset + 65535, bytes.count)])
            offset += block.count
            let length = UInt16(block.count)
            out += [offset >= bytes.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + block
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A copy of `source` whose first track's display matrix is turned `degrees`, or all zero.
    static func withDisplayMatrix(_ source: String, degrees: Double?, to path: String) throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: source))
        guard let tkhd = data.range(of: Data("tkhd".utf8))?.lowerBound else { throw CLIError("no tkhd box in \(source)") }
        let version = data[tkhd + 4]
        let matrix = tkhd + 4 + 4 + (version == 1 ? 32 : 20) + 8 + 8
        var values = [UInt32](repeating: 0, count: 9)
        if let degrees {
            let a = degrees * .pi / 180
            let fixed = { (v: Double) in UInt32(bitPattern: Int32((v * 65536).rounded())) }
            values = [fixed(cos(a)), fixed(sin(a)), 0, fixed(-sin(a)), fixed(cos(a)), 0, 0, 0, 1 << 30]
        }
        data.replaceSubrange(matrix..<(matrix + 36), with: values.flatMap(bigEndian))
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Whether `strace` can trace a child here.
    static var canTrace: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-f", "-qq", "-o", "/dev/null", "/bin/true"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The network sockets (AF_INET, AF_INET6) a `strace -e trace=socket,connect` log shows.
    static func networkCalls(inTrace log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains("AF_INET") }
    }
}

/// Polls `condition` until it holds or `seconds` pass (generous: the event, not the time, is
/// what the test waits for). Returns whether it held.
@discardableResult
func waitUntil(_ seconds: TimeInterval = 120, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
}

/// Whether a process is alive (a zombie counts as gone).
func isAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
        return false
    }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
}
