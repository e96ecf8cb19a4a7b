import Foundation

/// Parses the JSON a person writes (configurations, manifests) as RFC 8259 has it, no looser:
/// Foundation's parser takes `[1, 2,]` and keeps the last of two equal keys without a word, so a
/// stray comma or a key given twice would pass as something the writer did not mean. Also
/// refused: numbers too large for a Double, and nesting deeper than `maxDepth`.
public enum StrictJSON {
    public static let maxDepth = 64

    /// The parsed value, as JSONSerialization gives it; the error says what is wrong and where.
    public static func parse(_ data: Data) throws -> Any {
        try check(data)
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ConfigError("not valid JSON")
        }
    }

    /// Throws what is wrong with `data` as JSON, and where.
    static func check(_ data: Data) throws {
        var checker = Checker(bytes: Array(data))
        try checker.document()
    }

    private struct Checker {
        let bytes: [UInt8]
        var i = 0
        var depth = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func document() throws {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            skipSpace()
            guard i < bytes.count else { throw ConfigError("not valid JSON: the file is empty") }
            try value()
            skipSpace()
            guard i == bytes.count else { throw fail("text after the end of the JSON value") }
        }

        func fail(_ what: String) -> ConfigError {
            // Line and column of the byte where it went wrong, as an editor counts them.
            let before = bytes[..<min(i, bytes.count)]
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return ConfigError("not valid JSON: \(what) at line \(line), column \(column)")
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let expected = Array(literal.utf8)
            guard bytes[i...].starts(with: expected) else { throw fail("unexpected character") }
            i += expected.count
        }

        mutating func value() throws {
            guard i < bytes.count else { throw fail("the text ends too early") }
            switch bytes[i] {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), isObject: true)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), isObject: false)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try expect("true")
            case UInt8(ascii: "f"): try expect("false")
            case UInt8(ascii: "n"): try expect("null")
            default: try number()
            }
        }

        mutating func container(close: UInt8, isObject: Bool) throws {
            depth += 1
            guard depth <= StrictJSON.maxDepth else { throw fail("nested more than \(StrictJSON.maxDepth) levels deep") }
            i += 1
            skipSpace()
            var keys = Set<[UInt8]>()
            if i < bytes.count && bytes[i] == close {
                i += 1
                depth -= 1
                return
            }
            while true {
                skipSpace()
                if isObject {
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                        throw fail(i < bytes.count && bytes[i] == close ? "a comma before the closing brace" : "expected a key in quotes")
                    }
                    let keyStart = i
                    let key = try string()
                    guard keys.insert(key).inserted else {
                        i = keyStart
                        throw fail("the key \(String(decoding: key, as: UTF8.self)) is given twice")
                    }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                    i += 1
                    skipSpace()
                } else if i < bytes.count && bytes[i] == close {
                    throw fail("a comma before the closing bracket")
                }
                try value()
                skipSpace()
                guard i < bytes.count else { throw fail("the text ends too early") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard bytes[i] == close else { throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
                i += 1
                depth -= 1
                return
            }
        }

        /// A string's text as UTF-8, escapes decoded (keys are compared as the parser will read
        /// them: "cap\u004ds" is capMs). Refused with their place: an unknown escape, a lone
        /// surrogate, bytes that are not UTF-8, which Foundation refuses without one.
        mutating func string() throws -> [UInt8] {
            let start = i
            i += 1
            var text: [UInt8] = []
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    return text
                case UInt8(ascii: "\\"):
                    try escape(into: &text)
                case 0x00..<0x20:
                    throw fail("a control character inside a string")
                case 0x80...:
                    var rest = bytes[i...].makeIterator()
                    var parser = Unicode.UTF8.ForwardParser()
                    guard case .valid(let encoded) = parser.parseScalar(from: &rest) else { throw fail("bytes that are not UTF-8 inside a string") }
                    text += encoded
                    i += encoded.count
                default:
                    text.append(bytes[i])
                    i += 1
                }
            }
            i = start
            throw fail("a string that is never closed")
        }

        /// The escape at `i` (a backslash), decoded onto `text`.
        mutating func escape(into text: inout [UInt8]) throws {
            let start = i
            guard i + 1 < bytes.count else { throw fail("the text ends too early") }
            let letter = bytes[i + 1]
            i += 2
            let short: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            if let byte = short[letter] {
                text.append(byte)
                return
            }
            guard letter == UInt8(ascii: "u"), let unit = hex4() else {
                i = start
                throw fail("an unknown escape (\\\(String(decoding: bytes[(start + 1)..<min(start + 2, bytes.count)], as: UTF8.self)))")
            }
            var value = unit
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed at once by an escaped low one.
                var low: UInt32?
                if bytes[i...].starts(with: Array("\\u".utf8)) {
                    i += 2
                    low = hex4()
                }
                guard let low, (0xDC00...0xDFFF).contains(low) else { i = start; throw loneSurrogate(unit) }
                value = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                i = start
                throw loneSurrogate(unit)
            }
            text += Array(String(Unicode.Scalar(value)!).utf8)
        }

        func loneSurrogate(_ unit: UInt32) -> ConfigError {
            fail("a lone surrogate escape (\\u\(String(unit, radix: 16)))")
        }

        /// Four hex digits at `i`, read; nil (nothing read) when they are not.
        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16),
                  bytes[i..<(i + 4)].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else { return nil }
            i += 4
            return value
        }

        mutating func number() throws {
            let start = i
            if i < bytes.count && bytes[i] == UInt8(ascii: "-") { i += 1 }
            let digits = { (c: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
            guard i < bytes.count, digits(bytes[i]) else { i = start; throw fail("unexpected character") }
            if bytes[i] == UInt8(ascii: "0") && i + 1 < bytes.count && digits(bytes[i + 1]) {
                throw fail("a number with a leading zero")
            }
            while i < bytes.count && digits(bytes[i]) { i += 1 }
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard i < bytes.count, digits(bytes[i]) else { throw fail("a number with no digit after its point") }
                while i < bytes.count && digits(bytes[i]) { i += 1 }
            }
            if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                guard i < bytes.count, digits(bytes[i]) else { throw fail("a number with an empty exponent") }
                while i < bytes.count && digits(bytes[i]) { i += 1 }
            }
            guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
                i = start
                throw fail("a number too large to hold")
            }
        }
    }
}
