/// A subcommand's name, what it does, its positional arguments and its options: enough to parse
/// a command line and to print its help.
struct CommandSpec {
    var name: String
    var summary: String
    /// e.g. "VIDEO" or "IMAGE...".
    var positionals: String
    var options: [OptionSpec]
    /// How many positional arguments are allowed.
    var positionalCount: ClosedRange<Int>

    var usage: String {
        let optionText = options.isEmpty ? "" : " [options]"
        return "liveness \(name)\(optionText) \(positionals)"
    }

    var help: String {
        let width = options.map { $0.label.count }.max() ?? 0
        let lines = options.map { option in
            "  " + option.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + option.help
        }
        return (["\(summary)", "", "Usage: \(usage)", "", "Options:"] + lines).joined(separator: "\n")
    }
}

/// One option: `--name VALUE` or a bare `--flag`.
struct OptionSpec {
    var name: String
    /// nil for a flag that takes no value.
    var valueName: String?
    var help: String

    var label: String { valueName.map { "--\(name) \($0)" } ?? "--\(name)" }
}
