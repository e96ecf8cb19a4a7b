import Foundation
import LivenessBench
import LivenessCore
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
        ] + CommonOptions.engine.filter { $0.name != "config" } + [CommonOptions.help],
        positionalCount: 1...1)

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        let path = args.positionals[0]
        let manifest = try BenchManifest(path: path)
        let out = try args.value("out").map(OutputDirectory.init)
        let quiet = args.has("quiet")
        let run = try BenchRun.run(manifest, models: CommonOptions.models(args)) { item in
            if !quiet { printError("bench: \(item)") }
        }
        let report = BenchReport.json(run, manifest: path, floors: manifest.floors)
        if let out {
            try out.write(report.pretty() + "\n", to: "result.json")
            try BenchPictures.write(run, floors: manifest.floors, positives: manifest.positiveConfidences,
                                    title: "liveness bench \((path as NSString).lastPathComponent)", to: out.path)
        }
        print(args.has("json") ? report.serialized() : report.pretty())
        printError(BenchReport.table(run, floors: manifest.floors))
        for breach in run.breaches { printError("liveness: floor broken: \(breach)") }
        return run.breaches.isEmpty ? .passed : .notPassed
    }
}
