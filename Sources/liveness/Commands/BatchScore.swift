import Foundation
import LivenessBatch
import LivenessCore
import LivenessFiles
import LivenessOutput
import LivenessProcess
import LivenessVision

/// `liveness score` in batch mode: several files, folders, `--list`, or any batch option. Every
/// clip gets one JSON line (on stdout or appended to `--output`), then a summary line.
enum BatchScore {
    static let defaultClipTimeout = 120
    static let defaultMemoryLimitMB = 4096
    static let minimumMemoryLimitMB = 768
    /// A petabyte: past it the limit in bytes would not fit the kernel's 64 bits.
    static let maximumMemoryLimitMB = 1 << 30
    static let maximumClipTimeout = 7 * 24 * 3600

    static let options: [OptionSpec] = [
        OptionSpec(name: "list", valueName: "FILE", help: "batch: also score the paths in FILE, one per line ('-' = stdin)"),
        OptionSpec(name: "jobs", valueName: "N", help: "batch: worker processes, each loading the models once (default: the number of CPUs)"),
        OptionSpec(name: "output", valueName: "FILE", help: "batch: append the JSON lines to FILE instead of stdout (- is stdout)"),
        OptionSpec(name: "resume", valueName: nil, help: "batch: skip clips that already have a line in --output FILE"),
        OptionSpec(name: "shard", valueName: "I/N", help: "batch: score only share I of N (by a stable hash of each path; see README)"),
        OptionSpec(name: "clip-timeout", valueName: "SECONDS", help: "batch: per-clip wall-time limit; the worker is killed and replaced (default \(defaultClipTimeout), 0 = none)"),
        OptionSpec(name: "memory-limit", valueName: "MB", help: "batch: per-worker address-space limit (default \(defaultMemoryLimitMB), 0 = none)"),
    ]

    /// Options that only make sense for a batch, and so choose it.
    static let batchOnly: Set<String> = Set(options.map(\.name))

    static func isBatch(_ args: ParsedArguments) -> Bool {
        if args.positionals.count > 1 { return true }
        if !batchOnly.isDisjoint(with: args.values.keys) || !batchOnly.isDisjoint(with: args.flags) { return true }
        return args.positionals.contains(where: InputFile.isFolder)
    }

    static func run(_ args: ParsedArguments, spec: CommandSpec) throws -> ExitCode {
        // What the command line says, checked before anything is read.
        for single in ["out", "trace"] where args.value(single) != nil {
            throw UsageError("--\(single) writes one clip's files; in batch mode use --output FILE for the JSON lines", spec: spec)
        }
        let jobsAsked: Int = try args.integer("jobs", spec: spec) ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...256).contains(jobsAsked) else { throw UsageError("--jobs must be between 1 and 256, got \(jobsAsked)", spec: spec) }
        let workers = WorkerCount(asked: jobsAsked)
        let clipTimeout: Int = try args.integer("clip-timeout", spec: spec) ?? defaultClipTimeout
        guard (0...maximumClipTimeout).contains(clipTimeout) else {
            throw UsageError("--clip-timeout must be 0 (none) or a number of seconds up to \(maximumClipTimeout) (a week), got \(clipTimeout)", spec: spec)
        }
        let memoryLimitMB: Int = try args.integer("memory-limit", spec: spec) ?? defaultMemoryLimitMB
        guard memoryLimitMB == 0 || (minimumMemoryLimitMB...maximumMemoryLimitMB).contains(memoryLimitMB) else {
            throw UsageError("--memory-limit must be 0 (none) or at least \(minimumMemoryLimitMB) MB (a worker's address space is about 470 MB once its models are loaded, 740 MB after a 960x540 clip)", spec: spec)
        }
        let shard = try args.value("shard").map { text in
            guard let shard = Shard(parsing: text) else {
                throw UsageError("--shard must be I/N with 1 <= I <= N (e.g. 1/4), got '\(text)'", spec: spec)
            }
            return shard
        }
        let seed: UInt64? = try args.integer("seed", spec: spec)
        // `--output -` is stdout, as for most tools (it wrote a file named "-").
        let output = args.value("output").flatMap { $0 == "-" ? nil : $0 }
        if args.has("resume") && output == nil {
            throw UsageError("--resume needs --output FILE (the file to resume; stdout cannot be read back)", spec: spec)
        }

        // The configuration and the models are checked once, here, so a mistake stops the batch
        // with one line instead of failing every clip.
        let config = try CommonOptions.config(args)
        let models = CommonOptions.models(args)
        try models.check()

        // A closed stdin is no list at all, not an empty one (it read as "0 of 0", exit 0).
        if args.value("list") == "-", StandardStreams.stdinWasClosed {
            throw BatchInputError.listUnusable(path: "stdin", cause: "it was closed when liveness started")
        }
        var clips = try ClipList.expand(inputs: args.positionals, list: args.value("list"))
        if let shard { clips = clips.filter { shard.contains($0.path) } }
        let inputs = [args.value("list")].compactMap { $0 } + CommonOptions.inputFiles(args, models: models)
        // A batch's lines on a stdout closed at the start would all be lost: refused before any clip
        // is scored (a single run finds out when it prints its report).
        if output == nil, StandardStreams.stdoutWasClosed {
            throw WriteFailure(path: "stdout", cause: "it was closed when liveness started (give --output FILE)")
        }
        let sink = try output.map { try RecordSink(appendingTo: $0, exclusive: args.has("resume"), inputs: inputs) } ?? RecordSink()
        var tally = BatchTally()
        tally.clips = clips.count
        if args.has("resume") {
            let (todo, skipped) = ResumeLedger.remaining(clips, done: try ResumeLedger.done(in: sink))
            clips = todo
            tally.skipped = skipped
        }

        let start = DispatchTime.now().uptimeNanoseconds
        let progress = BatchProgress(total: clips.count)
        var workerArguments = ["worker", "--coordinator", String(getpid()), "--config-json", config.json.serialized(),
                               "--memory-limit", String(memoryLimitMB), "--clip-timeout", String(clipTimeout),
                               "--landmark-model", models.landmarks, "--face-cascade", models.faceCascade, "--search-cascade", models.searchCascade,
                               "--descriptor-model", models.faceDescriptor]
        if let seed { workerArguments += ["--seed", String(seed)] }
        // Each worker reads the reference photo as it starts; one that cannot stops the batch.
        if let reference = args.value("reference") { workerArguments += ["--reference", reference] }
        let coordinator = BatchCoordinator(
            settings: .init(
                jobs: workers.jobs, clipTimeout: Double(clipTimeout), memoryLimitMB: memoryLimitMB,
                executable: selfExecutable(), workerArguments: workerArguments, environment: workerEnvironment(jobs: workers.jobs)),
            clips: clips, sink: sink, progress: progress, tally: tally)
        var abort: BatchCoordinator.Abort?
        do {
            // Ctrl-C, SIGTERM or SIGHUP: the workers are stopped, the lines written so far stay,
            // the summary says so, and --resume goes on from there.
            try StopSignals.whileStoppable { try coordinator.run() }
        } catch let stopped as BatchCoordinator.Abort {
            abort = stopped
        }
        progress.clear()
        tally = coordinator.tally
        if let abort {
            tally.aborted = abort.message
            tally.worstExit = BatchTally.worse(tally.worstExit, abort.code)
        }
        let wallMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        sink.write(Array(tally.summaryJSON(
            wallMs: wallMs, workers: workers, shard: shard, coordinatorPeakRSSMB: peakResidentMegabytes(), config: config,
            models: ScoreReport.modelsJSON(models), blas: BLASLibrary.loaded().json, version: Version.current
        ).serialized().utf8))
        if let failure = sink.failure {
            printError("liveness: \(sink.path ?? "stdout"): could not write: \(failure)")
            return .internalFailure
        }
        printError(tally.humanSummary(wallMs: wallMs, workers: workers))
        return tally.exitCode
    }

    /// This very binary, for the workers.
    static func selfExecutable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The workers' environment: ours, with (unless already set) glibc's per-thread malloc arenas
    /// capped, so the address-space limit measures memory in use rather than arenas reserved by
    /// threads, OpenBLAS on one thread (each of its threads takes a buffer of about 128 MB, which
    /// the address-space limit must hold: the worker reserves it before limiting itself), and OpenCV's
    /// and FFmpeg's threads shared out among the workers (CPUs / jobs each):
    /// workers already use the CPUs in parallel, and fewer decoding threads hold fewer frames.
    static func workerEnvironment(jobs: Int) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
        let defaults = [
            "MALLOC_ARENA_MAX": "2",
            "OPENBLAS_NUM_THREADS": "1",
            "OPENCV_FOR_THREADS_NUM": String(threads),
            "OPENCV_FFMPEG_CAPTURE_OPTIONS": "threads;\(threads)",
        ]
        for (key, value) in defaults where environment[key] == nil { environment[key] = value }
        return environment
    }
}
