import Foundation

/// File names are bytes on Linux; Swift strings are Unicode. A name that is not valid UTF-8 (an
/// upload from a Latin-1 machine, say) is kept as a string by carrying each byte that breaks the
/// encoding as one scalar of the last 128 code points of Unicode (U+10FF80 + byte - 0x80, private
/// use), and turned back into the same bytes whenever the system is asked about the file. So every
/// name opens the file it names, and messages show a stray byte as `\xNN`. (A real name using those
/// 128 private code points would open the wrong file; no script or input method produces them.)
public enum FileName {
    private static let strayBase: UInt32 = 0x10FF00

    /// The name for these bytes (a command-line argument, a line of a list, a directory entry).
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let b = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let length = validSequenceLength(b, at: i)
            if length == 0 {
                scalars.append(Unicode.Scalar(strayBase + UInt32(b[i]))!)
                i += 1
            } else {
                scalars.append(contentsOf: String(decoding: b[i..<(i + length)], as: UTF8.self).unicodeScalars)
                i += length
            }
        }
        return String(scalars)
    }

    /// The length of the well-formed UTF-8 sequence at `i` (RFC 3629, table 3-7 of Unicode), 0 if none.
    private static func validSequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let lead = b[i]
        let (length, second): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard i + length <= b.count, second.contains(b[i + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(b[i + k]) { return 0 }
        return length
    }

    /// The bytes the system knows the file by.
    public static func bytes(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if scalar.value >= strayBase + 0x80 && scalar.value <= strayBase + 0xFF {
                bytes.append(UInt8(scalar.value - strayBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with the name as the NUL-terminated bytes the system knows it by.
    public static func withCString<T>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var bytes = self.bytes(name).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The name as a user should read it: each stray byte as `\xNN`.
    public static func display(_ name: String) -> String {
        guard isRaw(name) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.value >= strayBase + 0x80 && scalar.value <= strayBase + 0xFF {
                out += String(format: "\\x%02X", scalar.value - strayBase)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether the name holds bytes that are not UTF-8.
    public static func isRaw(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0.value >= strayBase + 0x80 && $0.value <= strayBase + 0xFF }
    }

    /// The process's arguments, every one kept byte for byte (CommandLine.arguments replaces a
    /// byte that is not UTF-8 with U+FFFD, which names no file).
    public static func commandLine() -> [String] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let argument = CommandLine.unsafeArgv[i] else { return "" }
            return decode(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }
}
