import Foundation

/// A JSON value that keeps object keys in the order they were given, so reports and events read
/// the same way every time.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    /// Compact, one line.
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: nil, depth: 0)
        return out
    }

    /// Indented by two spaces per level.
    public func pretty() -> String {
        var out = ""
        write(to: &out, indent: "  ", depth: 0)
        return out
    }

    /// Looks up a key of an object (nil for other values or a missing key).
    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    private func write(to out: inout String, indent: String?, depth: Int) {
        let newline = indent.map { "\n" + String(repeating: $0, count: depth + 1) } ?? ""
        let closing = indent.map { "\n" + String(repeating: $0, count: depth) } ?? ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                out += (i == 0 ? "" : ",") + newline
                item.write(to: &out, indent: indent, depth: depth + 1)
            }
            out += closing + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                out += (i == 0 ? "" : ",") + newline
                Self.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent, depth: depth + 1)
            }
            out += closing + "}"
        }
    }

    /// Whole numbers print without a fraction; others with up to 4 decimals; non-finite as null.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        var text = String(format: "%.4f", n)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            // Foundation's parser drops a raw U+FEFF that opens a string (taking it for a
            // byte-order mark): a path beginning with one would read back as another file.
            case "\u{FEFF}": out += "\\ufeff"
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
