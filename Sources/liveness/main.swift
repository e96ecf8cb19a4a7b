import Foundation
import LivenessFiles
import LivenessOutput
import LivenessProcess
import LivenessVision

/// The subcommands, in the order the help lists them.
let commands: [(spec: CommandSpec, run: (ParsedArguments) throws -> ExitCode)] = [
    (ScoreCommand.spec, ScoreCommand.run),
    (MeasureCommand.spec, MeasureCommand.run),
    (BenchCommand.spec, BenchCommand.run),
    (LiveCommand.spec, LiveCommand.run),
]

/// Commands other commands start; the help does not list them.
let hiddenCommands: [(spec: CommandSpec, run: (ParsedArguments) throws -> ExitCode)] = [
    (WorkerCommand.spec, WorkerCommand.run),
]

let topHelp = """
    liveness \(Version.current): a passive face-liveness engine (autoshot, blink, head turn, snapshot).

    Usage: liveness COMMAND [options] ARGUMENTS

    Commands:
    \(commands.map { "  " + $0.spec.name.padding(toLength: 9, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

    Exit codes: 0 passed, 1 not passed (timedOut or incomplete), 2 usage error,
    3 input or model error, 4 output or internal error.
    See 'liveness COMMAND --help'.
    """

func main(_ arguments: [String]) -> ExitCode {
    StandardStreams.prepare()
    StopSignals.install()
    silenceLibraryLogs()
    guard let first = arguments.first else {
        printError(topHelp)
        return .usage
    }
    do {
        if ["--help", "-h", "help"].contains(first) {
            try StandardStreams.printOutput(topHelp)
            return .passed
        }
        if first == "--version" {
            try StandardStreams.printOutput("liveness \(Version.current)\n\(BLASLibrary.loaded().summary)")
            return .passed
        }
        guard let command = (commands + hiddenCommands).first(where: { $0.spec.name == first }) else {
            throw UsageError("unknown command '\(first)'", spec: nil)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            try StandardStreams.printOutput(command.spec.help)
            return .passed
        }
        return try command.run(ParsedArguments(rest, spec: command.spec))
    } catch {
        let (message, code) = ErrorReport.render(error)
        printError(message)
        return code
    }
}

// The arguments byte for byte: a file name that is not UTF-8 still names its file.
main(Array(FileName.commandLine().dropFirst())).exitProcess()
