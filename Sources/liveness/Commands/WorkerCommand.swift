import Foundation
import LivenessBatch
import LivenessCore
import LivenessVision

/// `liveness worker`: the process behind `liveness score` in batch mode; not listed in the help.
/// Loads the models once, then scores the clips the coordinator sends, one at a time.
///
/// Protocol, one JSON value per line: stdin carries `{"index": I, "path": P}` requests; stdout
/// carries `{"ready": true, "pid": N}` once the models are loaded (or `{"fatal": {...}}` and an
/// exit when they cannot be), then one `ClipRecord` line per request, in order. End of stdin ends
/// the worker. Anything a library writes to stdout is sent to stderr, so the protocol stays clean.
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
        let channel = ProtocolChannel()
        // The coordinator may be gone: then writing must fail and end the worker, not hang it.
        signal(SIGPIPE, SIG_DFL)
        // Ctrl-C reaches the whole terminal's process group: the coordinator decides, and stops
        // the workers itself. And a coordinator killed outright takes its workers with it.
        signal(SIGINT, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        if let coordinator: Int32 = try args.integer("coordinator", spec: spec), !endWithParent(coordinator) {
            return .internalFailure
        }
        let memoryLimitMB: Int = try args.integer("memory-limit", spec: spec) ?? 0
        let clipTimeout: Int = try args.integer("clip-timeout", spec: spec) ?? 0
        let seed: UInt64? = try args.integer("seed", spec: spec)
        let models = CommonOptions.models(args)
        let analyzer: FrameAnalyzer
        var config = LivenessConfig()
        let reference: ReferencePhoto?
        do {
            if memoryLimitMB > 0 {
                BLASLibrary.reserveMemory()
                try limitAddressSpace(megabytes: memoryLimitMB)
            }
            if let text = args.value("config-json") {
                do {
                    config = try LivenessConfig(json: Data(text.utf8))
                } catch let error as ConfigError {
                    throw ConfigFileError.malformed(path: "(configuration from the coordinator)", cause: error.description)
                }
            }
            analyzer = try FrameAnalyzer(models: models)
            reference = try CommonOptions.reference(args, analyzer: analyzer, config: config)
        } catch {
            var (message, code) = ErrorReport.render(error)
            var kind = ErrorReport.kind(of: error)
            if memoryLimitMB > 0 && MemoryLimit.isAllocationFailure(message) {
                kind = "memoryLimit"
                message = "liveness: the models do not fit in --memory-limit \(memoryLimitMB) MB (\(message.dropFirst("liveness: ".count)))"
                code = .usage
            }
            channel.send(.object([("fatal", .object([
                ("kind", .string(kind)), ("message", .string(message)), ("exitCode", .number(Double(code.rawValue))),
            ]))]))
            return code
        }
        channel.send(.object([("ready", .bool(true)), ("pid", .number(Double(getpid())))]))

        while let line = readLine(strippingNewline: true) {
            guard let request = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let index = (request["index"] as? NSNumber)?.intValue, let path = request["path"] as? String else {
                printError("liveness worker: unreadable request: \(line.prefix(200))")
                return .internalFailure
            }
            if clipTimeout > 0 { alarm(UInt32(clipTimeout + 10)) }
            let (record, mustExit) = score(
                Clip(index: index, path: path), scorer: StreamScorer(analyzer: analyzer, config: config), models: models,
                reference: reference, seed: seed, memoryLimitMB: memoryLimitMB)
            alarm(0)
            channel.send(record)
            // After an allocation failed, the libraries' state is not trusted: a fresh worker goes on.
            if mustExit { return .passed }
        }
        return .passed
    }

    /// Scores one clip as `liveness score` does; its line, and whether this worker must stop after it.
    static func score(
        _ clip: Clip, scorer: StreamScorer, models: ModelFiles, reference: ReferencePhoto?, seed: UInt64?, memoryLimitMB: Int
    ) -> (JSON, Bool) {
        let start = DispatchTime.now().uptimeNanoseconds
        let peakBefore = ProcStatus()?.peakVirtualMB ?? 0
        let seed = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        do {
            scorer.analyzer.reset()
            let source = try VideoSource(file: clip.path)
            let result = try scorer.score(seed: seed, nextFrame: source.next)
            let report = ScoreReport.json(
                input: ScoreReport.input(path: clip.path, video: source), result: result, seed: seed, models: models,
                autoshotImage: nil, snapshotImage: nil, reference: reference)
            return (ClipRecord.scored(clip, report: report), false)
        } catch {
            var (message, code) = ErrorReport.render(error)
            var kind = ErrorReport.kind(of: error)
            var details: [(String, JSON)] = []
            // FFmpeg reports a failed allocation as a frame it could not decode, so a failure
            // after this clip took the address space close to the limit is put down to the limit
            // whatever the message says. A clip that did not grow it (a file rejected at once,
            // with the models alone near a low limit) failed for its own reason.
            let peak = ProcStatus()?.peakVirtualMB ?? 0
            let outOfMemory = MemoryLimit.isAllocationFailure(message)
                || MemoryLimit.grewNearLimit(before: peakBefore, after: peak, limitMB: memoryLimitMB)
            if outOfMemory && memoryLimitMB > 0 {
                kind = "memoryLimit"
                code = .inputOrModel
                let prefix = "liveness: \(clip.shownPath): "
                let cause = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
                message = prefix + "over the \(memoryLimitMB) MB memory limit (--memory-limit; address space reached \(Int(peak)) MB), which made it fail: \(cause)"
                details = [("limitMB", .number(Double(memoryLimitMB))), ("peakVirtualMB", .number(peak.rounded()))]
            }
            let wallMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let failure = ClipError(kind: kind, message: message, exitCode: code, details: details)
            return (ClipRecord.failed(clip, error: failure, wallMs: wallMs), outOfMemory)
        }
    }

    /// RLIMIT_AS: an allocation past the limit fails (C++ bad_alloc, OpenCV's "Failed to allocate",
    /// FFmpeg's ENOMEM) instead of growing the process until the machine swaps.
    static func limitAddressSpace(megabytes: Int) throws {
        var limit = rlimit(rlim_cur: rlim_t(megabytes) << 20, rlim_max: rlim_t(megabytes) << 20)
        guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else {
            throw VisionError.internalFailure("could not set the memory limit: \(String(cString: strerror(errno)))")
        }
    }
}

/// The worker's stdout, kept for protocol lines only: fd 1 is pointed at stderr, so a stray write
/// by a library cannot break a line.
final class ProtocolChannel {
    private let fd: Int32

    init() {
        fd = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    func send(_ value: JSON) {
        guard writeAll(fd, Array((value.serialized() + "\n").utf8)) else { exit(ExitCode.internalFailure.rawValue) }
    }
}
