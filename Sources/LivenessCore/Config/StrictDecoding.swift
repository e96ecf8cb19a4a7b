import Foundation

/// What `Decodable` types read from JSON a person wrote (a configuration, a manifest) need beyond
/// Foundation's decoder, which ignores keys it does not know and words its errors for programmers
/// (`DecodingError.typeMismatch ... Path: clips.Index 2.attack`): unknown keys refused, numbers held
/// to a range, and every failure one line that says where (`clips[2]: "attack" must be true or false`).
extension StrictJSON {
    /// `T` from `data`, which must first pass `parse`'s checks (Foundation's decoder takes a trailing
    /// comma and the first of two equal keys).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try check(data)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw ConfigError(error.oneLine)
        }
    }
}

/// Any key of a JSON object.
public struct JSONKey: CodingKey {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init(stringValue: String) { self.init(stringValue) }
    public init?(intValue: Int) { nil }
}

extension Decoder {
    /// This value as a JSON object whose every key is one of `Key`'s cases.
    public func strictContainer<Key: CodingKey & CaseIterable>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try rejectKeys(notIn: Key.allCases.map(\.stringValue))
        return try container(keyedBy: type)
    }

    /// Throws unless this value is a JSON object with no key outside `known`.
    public func rejectKeys(notIn known: [String]) throws {
        let object = try container(keyedBy: JSONKey.self)
        if let unknown = object.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "unknown key \"\(unknown)\""))
        }
    }
}

extension KeyedDecodingContainer {
    /// Like `decodeIfPresent`, but `null` is not a way to leave a key out: it is the wrong type.
    public func decodeIfGiven<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    /// A number within `range`, nil when the key is absent; `problem` words any other value.
    public func decodeNumber(_ key: Key, in range: ClosedRange<Double>, problem: String? = nil) throws -> Double? {
        guard contains(key) else { return nil }
        let problem = problem ?? "must be a number in \(JSON.format(range.lowerBound))...\(JSON.format(range.upperBound))"
        guard let n = try? decode(Double.self, forKey: key), range.contains(n) else { throw invalid(key, problem) }
        return n
    }

    /// A whole number within `range`, nil when the key is absent.
    public func decodeWholeNumber(_ key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard contains(key) else { return nil }
        // The range is checked on the Double: Int(1e308) would trap.
        guard let n = try? decode(Double.self, forKey: key), n == n.rounded(),
              n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw invalid(key, "must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(n)
    }

    /// The error for `key`'s value: `"key" problem`, placed where the object is.
    public func invalid(_ key: Key, _ problem: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "\"\(key.stringValue)\" \(problem)"))
    }
}

extension DecodingError {
    /// One line for a person: where in the file, and what is wrong there.
    var oneLine: String {
        switch self {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return Self.place(context.codingPath, naming: true) + "must be " + Self.kind(type)
        case .keyNotFound(let key, let context):
            return Self.place(context.codingPath + [key], naming: true) + "is missing"
        case .dataCorrupted(let context):
            return Self.place(context.codingPath, naming: false) + context.debugDescription
        @unknown default:
            return "\(self)"
        }
    }

    /// `clips[2].config: ` for a place inside the file; with `naming`, its last key is the subject
    /// of the sentence (`clips[2]: "video" `) and the top level is named as such.
    private static func place(_ path: [CodingKey], naming: Bool) -> String {
        func written(_ path: ArraySlice<CodingKey>) -> String {
            path.enumerated().map { i, key in key.intValue.map { "[\($0)]" } ?? (i == 0 ? "" : ".") + key.stringValue }.joined()
        }
        guard naming else { return path.isEmpty ? "" : written(path[...]) + ": " }
        guard let last = path.last else { return "the top level " }
        if last.intValue != nil { return written(path[...]) + " " }
        return (path.count > 1 ? written(path.dropLast()) + ": " : "") + "\"\(last.stringValue)\" "
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        case is Double.Type, is Int.Type: return "a number"
        default:
            let name = "\(type)"
            return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "a JSON object" : "a \(name)"
        }
    }
}
