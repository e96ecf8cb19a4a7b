internal import CProcessControl
import Foundation
import LivenessCore
import LivenessProcess

/// The worker's side of the batch protocol (the coordinator's is `BatchCoordinator`): a process
/// that loads the models once, then scores the clips the coordinator sends, one at a time.
///
/// Protocol (`WorkerMessages.swift`), one JSON object per line: stdin carries `WorkerRequest`s;
/// stdout carries a `WorkerHello` once the models are loaded (ready, or fatal and an exit when
/// they cannot be), then one `ClipRecord` line per request, in order. End of stdin ends the
/// worker. Anything a library writes to stdout is sent to stderr, so the protocol stays clean.
public struct BatchWorker {
    /// The batch process: this worker is killed when it ends.
    public var coordinator: Int32?
    /// The action order's seed for every clip (nil: a fresh one per clip).
    public var seed: UInt64?
    /// Address-space limit for this process, 0 for none.
    public var memoryLimitMB = 0
    /// Die by SIGALRM when one clip takes longer than this plus 10 s (0 = never).
    public var clipTimeoutSeconds = 0

    /// Scores the clip at `path` with the action order drawn from `seed`: its report, as
    /// `liveness score` writes it.
    public typealias Scorer = (_ path: String, _ seed: UInt64) throws -> JSON

    /// An error as the single-file command says it: its line, exit code and `ClipError` kind.
    public typealias Describer = (Error) -> (message: String, code: ExitCode, kind: String)

    public init() {}

    /// Serves the coordinator until stdin ends. `beforeLimit` runs before the memory limit is
    /// set (a library's memory it must take first); `load` loads what scores the clips, under
    /// the limit.
    public mutating func run(beforeLimit: () -> Void, load: () throws -> Scorer, describe: Describer) -> ExitCode {
        let channel = ProtocolChannel()
        // The coordinator may be gone: then writing must fail and end the worker, not hang it.
        signal(SIGPIPE, SIG_DFL)
        // Ctrl-C reaches the whole terminal's process group: the coordinator decides, and stops
        // the workers itself. And a coordinator killed outright takes its workers with it.
        signal(SIGINT, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        if let coordinator, lv_end_with_parent(coordinator) != 0 {
            return .internalFailure
        }
        let score: Scorer
        do {
            if memoryLimitMB > 0 {
                beforeLimit()
                memoryLimitMB = try Self.limitAddressSpace(megabytes: memoryLimitMB)
            }
            score = try load()
        } catch {
            var (message, code, kind) = describe(error)
            if memoryLimitMB > 0 && MemoryLimit.isAllocationFailure(message) {
                kind = BatchFailure.memoryLimit.rawValue
                message = "liveness: the models do not fit in --memory-limit \(memoryLimitMB) MB (\(message.dropFirst("liveness: ".count)))"
                code = .usage
            }
            channel.send(WorkerLine.encode(WorkerHello(fatal: .init(kind: kind, message: message, exitCode: code.rawValue))))
            return code
        }
        channel.send(WorkerLine.encode(WorkerHello(ready: true, pid: getpid())))

        while let line = readLine(strippingNewline: true) {
            guard let request = WorkerLine.decode(WorkerRequest.self, from: Array(line.utf8)) else {
                printError("liveness worker: unreadable request: \(line.prefix(200))")
                return .internalFailure
            }
            if clipTimeoutSeconds > 0 { alarm(UInt32(clipTimeoutSeconds + 10)) }
            let (record, mustExit) = scoreOne(Clip(index: request.index, path: request.path), score: score, describe: describe)
            alarm(0)
            channel.send(Array((record.serialized() + "\n").utf8))
            // After an allocation failed, the libraries' state is not trusted: a fresh worker goes on.
            if mustExit { return .passed }
        }
        return .passed
    }

    /// One clip's line, and whether this worker must stop after it.
    private func scoreOne(_ clip: Clip, score: Scorer, describe: Describer) -> (JSON, Bool) {
        let start = DispatchTime.now().uptimeNanoseconds
        let peakBefore = ProcStatus()?.peakVirtualMB ?? 0
        let seed = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        do {
            return (ClipRecord.scored(clip, report: try score(clip.path, seed)), false)
        } catch {
            var (message, code, kind) = describe(error)
            var details: [(String, JSON)] = []
            // FFmpeg reports a failed allocation as a frame it could not decode, so a failure
            // after this clip took the address space close to the limit is put down to the limit
            // whatever the message says. A clip that did not grow it (a file rejected at once,
            // with the models alone near a low limit) failed for its own reason.
            let peak = ProcStatus()?.peakVirtualMB ?? 0
            let outOfMemory = MemoryLimit.explains(failure: message, peakBefore: peakBefore, peakAfter: peak, limitMB: memoryLimitMB)
            if outOfMemory {
                kind = BatchFailure.memoryLimit.rawValue
                code = .inputOrModel
                let prefix = "liveness: \(clip.shownPath): "
                let cause = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
                message = prefix + "over the \(memoryLimitMB) MB memory limit (--memory-limit; address space reached \(Int(peak)) MB), which made it fail: \(cause)"
                details = [("limitMB", .number(Double(memoryLimitMB))), ("peakVirtualMB", .number(peak.rounded()))]
            }
            let wallMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let failure = ClipError(kind: kind, message: message, exitCode: code, details: details)
            // After any failed allocation, limit or none, the libraries' state is not trusted.
            return (ClipRecord.failed(clip, error: failure, wallMs: wallMs), outOfMemory || MemoryLimit.isAllocationFailure(message))
        }
    }

    /// RLIMIT_AS: an allocation past the limit fails (C++ bad_alloc, OpenCV's "Failed to allocate",
    /// FFmpeg's ENOMEM) instead of growing the process until the machine swaps. A stricter hard
    /// limit the worker inherited (`ulimit -v` in the user's shell) cannot be raised and is kept:
    /// the limit set, in MB, is returned.
    static func limitAddressSpace(megabytes: Int) throws -> Int {
        let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        var inherited = rlimit()
        guard getrlimit(resource, &inherited) == 0 else { throw MemoryLimitUnset(cause: String(cString: strerror(errno))) }
        let bytes = min(rlim_t(megabytes) << 20, inherited.rlim_max)
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        guard setrlimit(resource, &limit) == 0 else {
            throw MemoryLimitUnset(cause: String(cString: strerror(errno)))
        }
        return Int(bytes >> 20)
    }
}

/// The address-space limit could not be set.
public struct MemoryLimitUnset: Error {
    public let cause: String
}

/// The worker's stdout, kept for protocol lines only: fd 1 is pointed at stderr, so a stray write
/// by a library cannot break a line.
final class ProtocolChannel {
    private let fd: Int32

    init() {
        fd = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    func send(_ line: [UInt8]) {
        guard writeAll(fd, line) else { ExitCode.internalFailure.exitProcess() }
    }
}
