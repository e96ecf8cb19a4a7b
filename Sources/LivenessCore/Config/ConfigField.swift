import Foundation

/// One key of a configuration object (the configuration itself, or one of its groups such as
/// `"tracking": {...}`): its JSON key, how its value is read and checked when the key is there,
/// and its value as the report prints it. An object's list of fields is its whole shape: every
/// key it accepts, in the order the report prints them.
struct ConfigField<Object> {
    let key: String
    let read: (inout Object, KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Void
    let value: (Object) -> JSON

    /// Reads the JSON object `decoder` holds into `object`: keys left out keep their values, a
    /// key not in `fields` is an error.
    static func read(_ fields: [ConfigField], into object: inout Object, from decoder: Decoder) throws {
        try decoder.rejectKeys(notIn: fields.map(\.key))
        let container = try decoder.container(keyedBy: JSONKey.self)
        for field in fields { try field.read(&object, container, JSONKey(field.key)) }
    }

    /// Every field of `object`, in the order of `fields`.
    static func json(_ fields: [ConfigField], of object: Object) -> JSON {
        .object(fields.map { ($0.key, $0.value(object)) })
    }

    static func number(_ key: String, _ path: WritableKeyPath<Object, Double>, _ valid: ClosedRange<Double>) -> ConfigField {
        ConfigField(
            key: key,
            read: { object, container, key in
                guard let n = try container.decodeNumber(key, in: valid) else { return }
                try checkPrintable(n, key: key, in: container)
                object[keyPath: path] = n
            },
            value: { .number($0[keyPath: path]) })
    }

    /// A list of numbers, each within `valid`, with `length` entries.
    static func numbers(_ key: String, _ path: WritableKeyPath<Object, [Double]>, _ valid: ClosedRange<Double>, length: ClosedRange<Int>) -> ConfigField {
        ConfigField(
            key: key,
            read: { object, container, key in
                guard container.contains(key) else { return }
                guard let list = try? container.decode([Double].self, forKey: key), length.contains(list.count), list.allSatisfy(valid.contains) else {
                    throw container.invalid(key, "must be a list of \(length.lowerBound) to \(length.upperBound) numbers in \(JSON.format(valid.lowerBound))...\(JSON.format(valid.upperBound))")
                }
                for n in list { try checkPrintable(n, key: key, in: container) }
                object[keyPath: path] = list
            },
            value: { .array($0[keyPath: path].map(JSON.number)) })
    }

    /// A range written as its two ends, `[low, high]`, each within `valid`, low at most high.
    static func range(_ key: String, _ path: WritableKeyPath<Object, ClosedRange<Double>>, _ valid: ClosedRange<Double>) -> ConfigField {
        ConfigField(
            key: key,
            read: { object, container, key in
                guard container.contains(key) else { return }
                guard let ends = try? container.decode([Double].self, forKey: key), ends.count == 2, ends.allSatisfy(valid.contains), ends[0] <= ends[1] else {
                    throw container.invalid(key, "must be two numbers [low, high] in \(JSON.format(valid.lowerBound))...\(JSON.format(valid.upperBound)), low at most high")
                }
                for n in ends { try checkPrintable(n, key: key, in: container) }
                object[keyPath: path] = ends[0]...ends[1]
            },
            value: { .array([.number($0[keyPath: path].lowerBound), .number($0[keyPath: path].upperBound)]) })
    }

    static func count(_ key: String, _ path: WritableKeyPath<Object, Int>, _ valid: ClosedRange<Int>) -> ConfigField {
        ConfigField(
            key: key,
            read: { object, container, key in
                if let n = try container.decodeWholeNumber(key, in: valid) { object[keyPath: path] = n }
            },
            value: { .number(Double($0[keyPath: path])) })
    }

    static func flag(_ key: String, _ path: WritableKeyPath<Object, Bool>) -> ConfigField {
        ConfigField(
            key: key,
            read: { object, container, key in
                if let flag = try container.decodeIfGiven(Bool.self, forKey: key) { object[keyPath: path] = flag }
            },
            value: { .bool($0[keyPath: path]) })
    }

    /// A group of keys as a JSON object of its own, read as strictly as the top level (keys left
    /// out keep their values). `rule` checks the group once read, for keys that bound each other:
    /// the key it names and what is wrong with it, or nil.
    static func group<Group>(
        _ key: String, _ path: WritableKeyPath<Object, Group>, _ fields: [ConfigField<Group>],
        rule: @escaping (Group) -> (key: String, problem: String)? = { _ in nil }
    ) -> ConfigField {
        ConfigField(
            key: key,
            read: { object, container, key in
                guard container.contains(key) else { return }
                guard let inner = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: key) else {
                    throw container.invalid(key, "must be a JSON object")
                }
                try ConfigField<Group>.read(fields, into: &object[keyPath: path], from: try container.superDecoder(forKey: key))
                if let broken = rule(object[keyPath: path]) { throw inner.invalid(JSONKey(broken.key), broken.problem) }
            },
            value: { ConfigField<Group>.json(fields, of: $0[keyPath: path]) })
    }

    /// The report prints the configuration so that a run can be replayed from it, and prints
    /// numbers with up to 4 decimals: a value it would print differently (5e-324 as 0, 0.12345 as
    /// 0.1235) would replay as another run, so it is refused rather than silently changed.
    static func checkPrintable(_ n: Double, key: JSONKey, in container: KeyedDecodingContainer<JSONKey>) throws {
        guard Double(JSON.format(n)) == n else {
            throw container.invalid(key, "has more than 4 decimals (\(n)); the report, which replays a run, keeps 4")
        }
    }
}
