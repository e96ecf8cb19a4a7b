import Foundation
import LivenessFiles

/// A cascade file is untrusted input: OpenCV's XML parser recurses once per nesting level, so a
/// file nested fifty thousand levels deep overflows the stack (SIGSEGV) inside OpenCV, where no
/// exception boundary can help. The file is therefore checked before OpenCV opens it: plain XML
/// (what OpenCV's cascades are, and what OpenCV takes a file starting with "<" for; no gzip,
/// which OpenCV would unpack unseen), of a bounded size, nested at most `maxDepth` elements deep
/// (Debian's cascades are 7 deep).
enum CascadeFile {
    static let maxBytes = 32 << 20
    static let maxDepth = 64

    /// Throws the reason the file is refused, in words for "model ... is corrupt (...)".
    static func check(_ path: String) throws {
        let lowered = path.lowercased()
        if lowered.range(of: #"\.gz[0-9]?$"#, options: .regularExpression) != nil {
            throw Refused(description: "a compressed cascade cannot be checked before OpenCV unpacks it; give the .xml file")
        }
        if path.contains("?") {
            throw Refused(description: "OpenCV would read the part of the name after '?' as options; rename the file")
        }
        let data: Data
        do {
            data = try InputFile.readSmall(path, limit: maxBytes)
        } catch let problem as FileProblem {
            throw Refused(description: "it \(problem)")
        }
        let bytes = [UInt8](data)
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else {
            throw Refused(description: "not an XML cascade")
        }
        let depth = nesting(bytes, from: i)
        guard depth <= maxDepth else {
            throw Refused(description: "its XML is nested \(depth > 100_000 ? "over 100000" : String(depth)) levels deep, over the \(maxDepth) a cascade could need")
        }
    }

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    /// The deepest element nesting: start tags open a level, end tags close one; declarations,
    /// comments, processing instructions and self-closing tags do not count. Quoted attribute
    /// values are skipped, so a '>' inside one does not end its tag.
    static func nesting(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0, deepest = 0
        var i = start
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">")
        while i < bytes.count {
            guard bytes[i] == lt else { i += 1; continue }
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            if bytes[i...].starts(with: Array("<!--".utf8)) {
                i = find(Array("-->".utf8), in: bytes, from: i + 4) ?? bytes.count
                continue
            }
            if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
                i = find(Array("]]>".utf8), in: bytes, from: i + 9) ?? bytes.count
                continue
            }
            // The end of this tag, past quoted values.
            var j = i + 1
            var quote: UInt8?
            while j < bytes.count {
                let c = bytes[j]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == gt {
                    break
                }
                j += 1
            }
            if next == UInt8(ascii: "/") {
                depth -= 1
            } else if next != UInt8(ascii: "?") && next != UInt8(ascii: "!") && !(j > i && bytes[j - 1] == UInt8(ascii: "/")) {
                depth += 1
                deepest = max(deepest, depth)
            }
            i = j + 1
        }
        return deepest
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }
}
