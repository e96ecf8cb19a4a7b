import Foundation
import LivenessBench
import LivenessCore
import LivenessFiles
import LivenessOutput
import LivenessProcess
import LivenessVision

/// `liveness bench MANIFEST`: accuracy and speed on labelled clips and stills, against floors.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Run the labelled benchmark of a manifest: metrics, floors, timelines (Benchmarks/README.md).",
        positionals: "MANIFEST",
        options: [
            OptionSpec(name: "out", valueName: "DIR", help: "write result.json, summary.png and one timeline PNG per clip there"),
            OptionSpec(name: "json", valueName: nil, help: "the result as one compact JSON line"),
            OptionSpec(name: "quiet", valueName: nil, help: "no progress lines on stderr"),
            OptionSpec(name: "compare", valueName: "PREVIOUS.json", help: "also show what got better or worse since that earlier result (only the floors fail the run, unless --fail-on-worse)"),
            OptionSpec(name: "fail-on-worse", valueName: nil, help: "with --compare: a metric worse than in PREVIOUS.json, or no longer measured, also fails the run (speed aside)"),
        ] + CommonOptions.engine.filter { $0.name != "config" } + [CommonOptions.help],
        positionalCount: 1...1)

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        let path = args.positionals[0]
        let failOnWorse = args.has("fail-on-worse")
        if failOnWorse, args.value("compare") == nil { throw UsageError("--fail-on-worse needs --compare PREVIOUS.json", spec: spec) }
        let manifest = try BenchManifest(path: path)
        let out = try args.value("out").map { try OutputDirectory($0, inputs: [path]) }
        var written = false
        defer { if !written { out?.removeFoldersMadeIfEmpty() } }
        // Checked now, written at the end: a run is not stopped by a signal halfway through a
        // file, and a path that cannot take its file fails before the run, not after it.
        try out?.check("result.json", kind: .benchResult)
        let pictures = BenchPictures.fileNames(manifest.clips.map(\.name))
        for name in pictures.values.sorted() + ["summary.png"] { try out?.check(name, kind: .png) }
        let quiet = args.has("quiet")
        // Read before the run: a bad file fails at once, and `--out` may then replace it.
        let previous = try args.value("compare").map { try PreviousBenchResult(path: $0) }
        let run = try BenchRun.run(manifest, models: CommonOptions.models(args), describe: ErrorReport.reason) { item in
            if !quiet { printError("bench: \(item)") }
        }
        let comparison = previous.map { BenchComparison(run, previous: $0) }
        let report = BenchReport.json(run, manifest: path, comparison: comparison)
        if let out {
            // All of the run's files together, as score --out: each is made beside its path, and
            // only once all are finished is any put in place, so a failure leaves the folder as it
            // was. A stop signal while they are written is noted, and the unfinished files go.
            try StopSignals.whileStoppable {
                let result = try out.open("result.json", kind: .benchResult)
                result.write(Array((report.pretty() + "\n").utf8))
                let drawn = try BenchPictures.draw(run, names: pictures, positives: manifest.positiveConfidences,
                                                   title: "liveness bench \((path as NSString).lastPathComponent)") { try out.open($0, kind: .png) }
                try StopSignals.check()
                try OutputFile.commitAll([result] + drawn)
            }
        }
        written = true
        try StandardStreams.printOutput(args.has("json") ? report.serialized() : report.pretty())
        printError(BenchReport.table(run, comparison: comparison))
        let worse = failOnWorse ? comparison?.regressions ?? [] : []
        for line in run.floors.broken { printError("liveness: floor broken: \(line)") }
        for line in worse { printError("liveness: worse: \(line)") }
        for line in run.floors.knownGaps { printError("liveness: known gap: \(line)") }
        let regressions = run.floors.broken.count + worse.count, gaps = run.floors.knownGaps.count
        let remaining = gaps == 0 ? "no known gap remains" : "\(gaps) known gap(s) remain"
        printError(regressions == 0 ? "liveness: no regression; \(remaining)" : "liveness: \(regressions) regression(s); apart from them \(remaining)")
        // A clip that could not be scored is an input error, floors or none.
        if !run.failures.isEmpty {
            printError("liveness: \(run.failures.count) of \(manifest.clips.count) clips could not be scored (NOT SCORED above)")
            return .inputOrModel
        }
        return regressions == 0 ? .passed : .notPassed
    }
}
