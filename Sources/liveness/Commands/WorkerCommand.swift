import Foundation
import LivenessBatch
import LivenessCore
import LivenessOutput
import LivenessProcess
import LivenessVision

/// `liveness worker`: the process behind `liveness score` in batch mode (`BatchWorker`, the
/// protocol's worker side); not listed in the help.
enum WorkerCommand {
    static let spec = CommandSpec(
        name: "worker",
        summary: "(internal) score the clips named on stdin, one JSON line each; started by 'liveness score' in batch mode.",
        positionals: "",
        options: [
            OptionSpec(name: "coordinator", valueName: "PID", help: "the batch process: this worker is killed when it ends"),
            OptionSpec(name: "seed", valueName: "N", help: "seed for every clip's action order (default: a fresh one per clip)"),
            OptionSpec(name: "config-json", valueName: "JSON", help: "the configuration as JSON text"),
            OptionSpec(name: "memory-limit", valueName: "MB", help: "address-space limit for this process (0 = none)"),
            OptionSpec(name: "clip-timeout", valueName: "SECONDS", help: "die by SIGALRM when one clip takes longer than this plus 10 s (0 = never)"),
        ] + CommonOptions.engine + [CommonOptions.reference, CommonOptions.help],
        positionalCount: 0...0)

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        var worker = BatchWorker()
        worker.coordinator = try args.integer("coordinator", spec: spec)
        worker.memoryLimitMB = try args.integer("memory-limit", spec: spec) ?? 0
        worker.clipTimeoutSeconds = try args.integer("clip-timeout", spec: spec) ?? 0
        worker.seed = try args.integer("seed", spec: spec)
        let models = CommonOptions.models(args)
        return worker.run(
            beforeLimit: BLASLibrary.reserveMemory,
            load: {
                var config = LivenessConfig()
                if let text = args.value("config-json") {
                    do {
                        config = try LivenessConfig(json: Data(text.utf8))
                    } catch let error as ConfigError {
                        throw ConfigFileError.malformed(path: "(configuration from the coordinator)", cause: error.description)
                    }
                }
                let analyzer = try FrameAnalyzer(models: models)
                let reference = try CommonOptions.reference(args, analyzer: analyzer, config: config)
                return { path, seed in
                    try score(path, seed: seed, scorer: StreamScorer(analyzer: analyzer, config: config), models: models, reference: reference)
                }
            },
            describe: { error in
                let (message, code) = ErrorReport.render(error)
                return (message, code, ErrorReport.kind(of: error))
            })
    }

    /// Scores one clip as `liveness score` does: its report.
    static func score(_ path: String, seed: UInt64, scorer: StreamScorer, models: ModelFiles, reference: ReferencePhoto?) throws -> JSON {
        scorer.analyzer.reset()
        let source = try VideoSource(file: path)
        let result = try scorer.score(seed: seed, nextFrame: source.next)
        return ScoreReport.json(
            input: ScoreReport.input(path: path, video: source), result: result, seed: seed, models: models,
            autoshotImage: nil, snapshotImage: nil, reference: reference)
    }
}
