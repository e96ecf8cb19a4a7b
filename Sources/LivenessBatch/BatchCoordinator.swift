import Foundation
import LivenessCore
import LivenessProcess

/// Runs a batch on a local pool of `liveness worker` processes: hands each idle worker the next
/// clip, writes each answer as it comes, and enforces the per-clip limits. A worker that dies or
/// overruns costs only its clip: it is reported and a fresh worker takes the next one.
public final class BatchCoordinator {
    public struct Settings {
        public var jobs: Int
        /// Per-clip wall time in seconds (0 = none).
        public var clipTimeout: Double
        public var memoryLimitMB: Int
        public var executable: URL
        public var workerArguments: [String]
        public var environment: [String: String]
        /// How long a worker may take to load its models.
        public var startTimeout: Double = 120
        /// Workers dying before they are ready this many times in a row stop the batch.
        public var maxStartFailures = 3

        public init(jobs: Int, clipTimeout: Double, memoryLimitMB: Int, executable: URL, workerArguments: [String], environment: [String: String]) {
            self.jobs = jobs
            self.clipTimeout = clipTimeout
            self.memoryLimitMB = memoryLimitMB
            self.executable = executable
            self.workerArguments = workerArguments
            self.environment = environment
        }
    }

    /// The batch stopped before every clip was tried (the models cannot be loaded, workers cannot start).
    public struct Abort: Error {
        public var message: String
        public var code: ExitCode
    }

    private let settings: Settings
    private let sink: RecordSink
    private let progress: BatchProgress
    private var queue: ArraySlice<Clip>
    private var workers: [WorkerProcess] = []
    private var startFailures = 0
    public private(set) var tally: BatchTally

    public init(settings: Settings, clips: [Clip], sink: RecordSink, progress: BatchProgress, tally: BatchTally) {
        self.settings = settings
        self.sink = sink
        self.progress = progress
        self.queue = clips[...]
        self.tally = tally
    }

    /// Scores every clip; throws `Abort` when the batch cannot go on (the clips done so far are written).
    public func run() throws {
        defer { stopAll() }
        while !queue.isEmpty || workers.contains(where: { if case .busy = $0.state { return true } else { return false } }) {
            try stopIfSignalled()
            try startWorkers()
            assignClips()
            try waitAndHandle()
            progress.update(tally)
        }
        // Idle workers were told to finish; let them go.
        for worker in workers { worker.closeInput() }
        for worker in workers { _ = worker.reap() }
        workers.removeAll()
    }

    // MARK: - The loop's steps

    private var busyCount: Int { workers.filter { if case .busy = $0.state { return true } else { return false } }.count }

    private func startWorkers() throws {
        let wanted = min(settings.jobs, busyCount + queue.count)
        while workers.count < wanted {
            do {
                workers.append(try WorkerProcess(executable: settings.executable, arguments: settings.workerArguments, environment: settings.environment))
                tally.workersStarted += 1
                tally.peakWorkers = max(tally.peakWorkers, workers.count)
            } catch {
                throw Abort(message: "liveness: cannot start a worker process (\(settings.executable.path)): \(error.localizedDescription)", code: .internalFailure)
            }
        }
    }

    private func assignClips() {
        for worker in workers {
            guard case .idle = worker.state else { continue }
            guard let clip = queue.popFirst() else {
                worker.closeInput()
                continue
            }
            worker.clearStderr()
            // A failed send means the worker died: its end of file reports the clip.
            _ = worker.send(clip)
        }
    }

    private func waitAndHandle() throws {
        var fds: [pollfd] = []
        var owners: [(WorkerProcess, isStdout: Bool)] = []
        for worker in workers {
            if worker.stdoutOpen { fds.append(pollfd(fd: worker.stdoutFD, events: Int16(POLLIN), revents: 0)); owners.append((worker, true)) }
            if worker.stderrOpen { fds.append(pollfd(fd: worker.stderrFD, events: Int16(POLLIN), revents: 0)); owners.append((worker, false)) }
        }
        // A stop signal writes to this pipe, so it is seen at once rather than at the next deadline.
        fds.append(pollfd(fd: StopSignals.wakeFD, events: Int16(POLLIN), revents: 0))
        let timeoutMs = Int32(max(0, min(250, (nearestDeadline() ?? 0.25) * 1000)).rounded(.up))
        let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
        StopSignals.drainWakeups()
        try stopIfSignalled()
        if ready < 0 && errno != EINTR {
            throw Abort(message: "liveness: poll failed: \(String(cString: strerror(errno)))", code: .internalFailure)
        }
        var ended: [WorkerProcess] = []
        if ready > 0 {
            for (i, pfd) in fds.dropLast().enumerated() where pfd.revents != 0 {
                let (worker, isStdout) = owners[i]
                if isStdout {
                    let open = worker.readStdout()
                    try handleLines(of: worker)
                    if !open { ended.append(worker) }
                } else {
                    worker.readStderr()
                }
            }
        }
        for worker in ended where workers.contains(where: { $0 === worker }) { try workerEnded(worker, killedFor: nil) }
        for worker in workers { if case .busy = worker.state { worker.sampleMemory() } }
        try enforceDeadlines()
    }

    /// Ends the batch after Ctrl-C, SIGTERM or SIGHUP: the clips being scored are left unrecorded
    /// (so --resume scores them), and `run`'s clean-up stops their workers.
    private func stopIfSignalled() throws {
        guard let signal = StopSignals.receivedSignal else { return }
        let running = busyCount
        throw Abort(
            message: "liveness: stopped by \(signalName(signal)): \(running + queue.count) clip(s) not scored (--resume with --output goes on from here)",
            code: ExitCode(stoppedBy: signal))
    }

    /// Seconds until the nearest per-clip or start-up deadline.
    private func nearestDeadline() -> Double? {
        let now = DispatchTime.now().uptimeNanoseconds
        return workers.compactMap { worker -> Double? in
            switch worker.state {
            case .starting(let since): return settings.startTimeout - Double(now - since) / 1e9
            case .busy(_, let since) where settings.clipTimeout > 0: return settings.clipTimeout - Double(now - since) / 1e9
            default: return nil
            }
        }.min()
    }

    private func handleLines(of worker: WorkerProcess) throws {
        while let line = worker.nextLine() {
            switch worker.state {
            case .starting:
                let hello = WorkerLine.decode(WorkerHello.self, from: line)
                if let fatal = hello?.fatal {
                    throw Abort(message: fatal.message, code: ExitCode(rawValue: fatal.exitCode) ?? .internalFailure)
                }
                guard hello?.ready == true else {
                    worker.kill()
                    continue
                }
                worker.state = .idle
                startFailures = 0
            case .busy(let clip, let since):
                guard let facts = RecordFacts(line: line), facts.index == clip.index, facts.path == clip.shownPath else {
                    // Not the answer to the request: the worker cannot be trusted any more.
                    worker.kill()
                    record(clip, ClipError(
                        kind: BatchFailure.workerFailed.rawValue, message: "liveness: \(clip.shownPath): the worker answered with an unreadable line",
                        exitCode: .internalFailure), since: since)
                    worker.state = .closing
                    continue
                }
                write(line)
                tally.add(facts)
                if let message = facts.errorMessage { progress.failed(message) }
                // After an allocation failure the worker exits by itself (see WorkerCommand).
                worker.state = facts.errorKind == BatchFailure.memoryLimit.rawValue ? .closing : .idle
            case .idle, .closing:
                worker.kill()
            }
        }
    }

    private func enforceDeadlines() throws {
        let now = DispatchTime.now().uptimeNanoseconds
        for worker in workers {
            switch worker.state {
            case .busy(_, let since) where settings.clipTimeout > 0 && Double(now - since) / 1e9 >= settings.clipTimeout:
                worker.kill()
                try workerEnded(worker, killedFor: .timeLimit)
            case .starting(let since) where Double(now - since) / 1e9 >= settings.startTimeout:
                worker.kill()
                try workerEnded(worker, killedFor: .startTimeout)
            default:
                break
            }
        }
    }

    /// A worker's stdout closed (it exited or died) or it was killed: report its clip, if any.
    /// Why the coordinator killed a worker.
    private enum KillReason { case timeLimit, startTimeout }

    private func workerEnded(_ worker: WorkerProcess, killedFor reason: KillReason?) throws {
        let termination = worker.reap()
        workers.removeAll { $0 === worker }
        switch worker.state {
        case .busy(let clip, let since):
            record(clip, clipError(clip, termination: termination, killedFor: reason, stderr: worker), since: since)
        case .starting:
            startFailures += 1
            if startFailures >= settings.maxStartFailures {
                let why = reason == .startTimeout ? "did not load the models within \(Int(settings.startTimeout)) s" : "died while starting (\(describe(termination)))"
                throw Abort(
                    message: "liveness: \(startFailures) worker processes in a row \(why)" + (worker.stderrCause.map { ": \($0)" } ?? ""),
                    code: .internalFailure)
            }
        case .idle, .closing:
            break
        }
    }

    private func clipError(_ clip: Clip, termination: WorkerProcess.Termination, killedFor reason: KillReason?, stderr worker: WorkerProcess) -> ClipError {
        let limitMB = settings.memoryLimitMB
        if reason == .timeLimit || { if case .signalled(SIGALRM) = termination { return true } else { return false } }() {
            return ClipError(
                kind: BatchFailure.timeLimit.rawValue,
                message: "liveness: \(clip.shownPath): stopped after \(JSON.format(settings.clipTimeout)) s, the per-clip time limit (--clip-timeout)",
                exitCode: .inputOrModel, details: [("limitSeconds", .number(settings.clipTimeout))])
        }
        let lastLine = worker.stderrCause
        // A crash is put down to the memory limit when the worker said so on stderr, or when this
        // clip took its address space near the limit.
        let outOfMemory = MemoryLimit.explains(
            failure: worker.stderrText, peakBefore: worker.peakAtSend, peakAfter: worker.lastStatus?.peakVirtualMB ?? 0, limitMB: limitMB)
        var details: [(String, JSON)] = []
        switch termination {
        case .signalled(let signal): details.append(("signal", .number(Double(signal))))
        case .exited(let status): details.append(("exitStatus", .number(Double(status))))
        }
        if outOfMemory {
            details.append(("limitMB", .number(Double(limitMB))))
            return ClipError(
                kind: BatchFailure.memoryLimit.rawValue,
                message: "liveness: \(clip.shownPath): the worker ran out of memory under the \(limitMB) MB limit (--memory-limit) and \(describe(termination))",
                exitCode: .inputOrModel, details: details)
        }
        return ClipError(
            kind: BatchFailure.crashed.rawValue,
            message: "liveness: \(clip.shownPath): the worker decoding it \(describe(termination))" + (lastLine.map { ": \($0)" } ?? ""),
            exitCode: .inputOrModel, details: details)
    }

    private func describe(_ termination: WorkerProcess.Termination) -> String {
        switch termination {
        case .signalled(let signal): return "was killed by signal \(signal) (\(signalName(signal)))"
        case .exited(let status): return "exited with status \(status) without an answer"
        }
    }

    private func record(_ clip: Clip, _ error: ClipError, since: UInt64) {
        let wallMs = Double(DispatchTime.now().uptimeNanoseconds - since) / 1e6
        let line = Array(ClipRecord.failed(clip, error: error, wallMs: wallMs).serialized().utf8)
        write(line)
        if let facts = RecordFacts(line: line) { tally.add(facts) }
        progress.failed(error.message)
    }

    private func write(_ line: [UInt8]) {
        sink.write(line)
    }

    private func stopAll() {
        for worker in workers {
            worker.kill()
            _ = worker.reap()
        }
        workers.removeAll()
    }
}

/// "SIGSEGV" for 11, and so on for the signals a crash or a limit sends.
public func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
        SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM",
        SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
        SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF",
    ]
    return names[signal] ?? "signal \(signal)"
}
