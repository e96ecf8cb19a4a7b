import LivenessCore
import LivenessFiles
import LivenessOutput
import LivenessProcess
import LivenessVision

/// `liveness score VIDEO`: one recorded selfie video, scored as SPEC.md says. Several videos, a
/// folder, `--list` or any batch option make it a batch (`BatchScore`).
enum ScoreCommand {
    static let spec = CommandSpec(
        name: "score",
        summary: "Score a recorded selfie video: outcome, actions, autoshot, snapshot and events.",
        positionals: "VIDEO...",
        options: [
            OptionSpec(name: "out", valueName: "DIR", help: "write report.json, events.jsonl, autoshot.jpg, snapshot.jpg, timeline.png there"),
            OptionSpec(name: "trace", valueName: "FILE", help: "write a per-frame CSV trace"),
            OptionSpec(name: "seed", valueName: "N", help: "seed for the action order (default: random, printed in the report)"),
            OptionSpec(name: "json", valueName: nil, help: "no summary on stderr; the report as one compact JSON line"),
            OptionSpec(name: "frames", valueName: "DIR", help: "score a folder of numbered images as one stream instead of a video"),
            OptionSpec(name: "fps", valueName: "N", help: "with --frames: the rate the images were taken at (default \(Int(defaultFramesFps)))"),
        ] + BatchScore.options + CommonOptions.engine + [CommonOptions.reference, CommonOptions.help],
        positionalCount: 0...Int.max)

    static let defaultFramesFps = 30.0

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        if let folder = args.value("frames") {
            guard args.positionals.isEmpty, !BatchScore.isBatch(args) else {
                throw UsageError("--frames scores one folder of images: give no VIDEO and no batch option with it", spec: spec)
            }
            let fps: Int = try args.integer("fps", spec: spec) ?? Int(defaultFramesFps)
            guard (1...1000).contains(fps) else { throw UsageError("--fps must be between 1 and 1000, got \(fps)", spec: spec) }
            return try scoreOne(args, name: folder) {
                let source = try ImageFolderSource(folder: folder, fps: Double(fps))
                return ({ ScoreReport.input(folder: source) }, source)
            }
        }
        if args.value("fps") != nil { throw UsageError("--fps goes with --frames DIR", spec: spec) }
        if args.positionals.isEmpty && args.value("list") == nil {
            throw UsageError("expected VIDEO..., got 0 argument(s)", spec: spec)
        }
        if BatchScore.isBatch(args) { return try BatchScore.run(args, spec: spec) }
        let path = args.positionals[0]
        return try scoreOne(args, name: path) {
            let source = try VideoSource(file: path)
            return ({ ScoreReport.input(path: path, video: source) }, source)
        }
    }

    /// An opened input: how the report describes it, and its frames.
    typealias Stream = (input: () -> JSON, source: FrameSource)

    /// Scores one stream and writes what the options ask for. The options are checked before
    /// `open` reads anything, so a usage mistake is reported as one; the outputs are checked
    /// before the first frame and put in place only when the run completes.
    static func scoreOne(_ args: ParsedArguments, name path: String, open: () throws -> Stream) throws -> ExitCode {
        let config = try CommonOptions.config(args)
        let seed = try CommonOptions.seed(args, spec: spec)
        let models = CommonOptions.models(args)
        let inputs = [path] + CommonOptions.inputFiles(args, models: models)
        // The report goes to stdout: closed from the start, the run would fail after committing its
        // files (issue 36), so it fails before it writes any.
        if StandardStreams.stdoutWasClosed { throw WriteFailure(path: "stdout", cause: "it was closed when liveness started") }
        // Ctrl-C or SIGTERM stops at the next frame; unfinished files go with the error.
        return try StopSignals.whileStoppable {
            let out = try args.value("out").map { try OutputDirectory($0, inputs: inputs) }
            var completed = false
            defer { if !completed { out?.removeFoldersMadeIfEmpty() } }
            if let out, let tracePath = args.value("trace"),
               let name = ScoreReport.outFiles.first(where: { out.isFile($0, spelledAs: tracePath) }) {
                throw WriteFailure(path: tracePath, cause: "is --out's \(name) too: choose another path for the trace")
            }
            let trace = try args.value("trace").map { try OutputFile($0, kind: traceKind, inputs: inputs) }
            var files = try SessionFiles(in: out)
            let (input, source) = try open()

            let scorer = StreamScorer(analyzer: try FrameAnalyzer(models: models), config: config)
            let reference = try CommonOptions.reference(args, analyzer: scorer.analyzer, config: config)
            trace?.writeLine(Trace.header)
            let result = try scorer.score(
                seed: seed,
                nextFrame: {
                    try StopSignals.check()
                    return try source.next()
                },
                onStep: { step in
                    trace?.writeLine(Trace.row(step.analysis.measurement, step.verdict))
                    files.record(step)
                },
                onEvents: { batch in batch.forEach { files.writeEvent($0.json.serialized()) } })

            let report = try files.finish(
                name: String(FileName.display(path).split(separator: "/").last ?? ""), session: result.session, events: result.events,
                autoshot: result.autoshotImage, snapshot: result.snapshotImage, others: [trace]
            ) { autoshot, snapshot in
                ScoreReport.json(
                    input: input(), result: result, seed: seed, models: models, autoshotImage: autoshot, snapshotImage: snapshot,
                    reference: reference)
            }
            completed = true
            if args.has("json") {
                try StandardStreams.printOutput(report.serialized())
            } else {
                try StandardStreams.printOutput(report.pretty())
                printError(Summary.text(name: path, result: result))
            }
            return result.session.outcome == .passed ? .passed : .notPassed
        }
    }

    /// The trace CSV: what an existing file at --trace must begin with to be replaced. The first
    /// columns, which every version's trace starts with, so a trace from an earlier release is
    /// still this tool's own.
    static let traceKind = OutputFile.Kind(name: "trace", startingWith: "frame,ms,faceFound,")
}
