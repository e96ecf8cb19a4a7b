/// What tells a PNG this tool wrote from any other PNG: a tEXt chunk "Software" = "liveness"
/// right after the header chunk. `OutputFile.Kind.png` looks for it before replacing a file, so
/// a bench run into a folder replaces its own pictures, never someone's `c.png`.
public enum PNGMark {
    private static let chunk = pngChunk("tEXt", Array("Software\0liveness".utf8))

    /// How a marked PNG begins (nil: any byte): the signature, the header chunk (13 bytes of size
    /// and depth, then its checksum), the mark.
    public static let signature: [UInt8?] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [UInt8?](repeating: nil, count: 13 + 4) + chunk

    /// `png` (as an encoder wrote it) with the mark after its header chunk; nil when it has none.
    public static func marked(_ png: [UInt8]) -> [UInt8]? {
        let headerEnd = 8 + 4 + 4 + 13 + 4
        guard png.count > headerEnd, png[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return Array(png[..<headerEnd]) + chunk + Array(png[headerEnd...])
    }

    /// A PNG chunk: the data's length, the type, the data, and the CRC-32 of type and data (or
    /// `crc`, for a file that must carry a wrong one).
    public static func pngChunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc ?? crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (ISO 3309) of a chunk's type and data.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
