/// A command line after parsing, checked against its `CommandSpec`.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Reads `--name VALUE`, `--name=VALUE` and `--flag`; `--` ends the options.
    init(_ arguments: [String], spec: CommandSpec) throws {
        let known = Dictionary(uniqueKeysWithValues: spec.options.map { ($0.name, $0) })
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals += rest
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError("unknown option \(argument) for 'liveness \(spec.name)'", spec: spec)
            }
            var name = String(argument.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = known[name] else {
                throw UsageError("unknown option --\(name) for 'liveness \(spec.name)'", spec: spec)
            }
            if option.valueName == nil {
                guard inline == nil else { throw UsageError("--\(name) takes no value", spec: spec) }
                flags.insert(name)
            } else {
                guard let value = inline ?? rest.popFirst() else {
                    throw UsageError("--\(name) needs a value (\(option.label))", spec: spec)
                }
                values[name] = value
            }
        }
        guard spec.positionalCount.contains(positionals.count) else {
            let wanted = spec.positionals.isEmpty ? "no arguments" : spec.positionals
            throw UsageError("expected \(wanted), got \(positionals.count) argument(s)", spec: spec)
        }
    }

    /// An option's value as a whole number, or nil when absent.
    func integer<T: FixedWidthInteger>(_ name: String, spec: CommandSpec) throws -> T? {
        guard let text = values[name] else { return nil }
        guard let number = T(text) else { throw UsageError("--\(name) must be a whole number, got '\(text)'", spec: spec) }
        return number
    }
}

/// The command line itself is wrong (exit code 2).
struct UsageError: Error {
    var message: String
    var usage: String

    init(_ message: String, spec: CommandSpec?) {
        self.message = message
        self.usage = spec.map { "usage: \($0.usage)\nSee 'liveness \($0.name) --help'." } ?? "See 'liveness --help'."
    }
}
