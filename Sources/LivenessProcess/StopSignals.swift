import Foundation

/// The process's one signal policy.
///
/// - SIGPIPE and SIGXFSZ are ignored: a closed pipe or a file-size limit makes the write fail, and
///   the failed write is reported (exit 4) like any other.
/// - SIGINT, SIGTERM and SIGHUP end a command, and so do the other signals whose default is to end
///   the process (SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF), each the same
///   way: no temporary file left, one line, no backtrace; unless the process was started with them ignored
///   (`nohup`): those stay ignored. A command with nothing half-done ends at once, as
///   if the signal were not caught. A command that holds unfinished outputs or worker processes
///   (`score` while writing --out/--trace, `live`, a batch) declares it with `whileStoppable`: the
///   signal is then noted, the command stops at its next frame or event, removes what it had not
///   finished, stops its workers, writes what was done, and exits with 128 + the signal's number.
public enum StopSignals {
    /// The signal received, 0 for none. Written by the handler, read by the command.
    private static let received = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    /// Whether the command running now stops by itself (1) or must be ended by the signal (0).
    private static let cooperative = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    /// A pipe the handler writes a byte to, so a loop waiting in poll() wakes up.
    private static var wakePipe: [Int32] = [-1, -1]

    public static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF]

    /// The stop signals this process was started with ignored (`nohup` ignores SIGHUP, a
    /// non-interactive shell's `&` SIGINT): they stay ignored, here and in the workers, as
    /// whoever started the command asked.
    nonisolated(unsafe) public private(set) static var ignoredAtStart: [Int32] = []

    public static func install() {
        received.pointee = 0
        cooperative.pointee = 0
        if pipe(&wakePipe) == 0 {
            for fd in wakePipe {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
        handlerWakeFD = wakePipe[1]
        handlerState = (received, cooperative)
        Glibc.signal(SIGPIPE, SIG_IGN)
        Glibc.signal(SIGXFSZ, SIG_IGN)
        // A batch reaps its workers itself: inherited SIG_IGN would make the kernel reap them first.
        Glibc.signal(SIGCHLD, SIG_DFL)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            guard let (received, cooperative) = handlerState else { return }
            received.pointee = number
            if cooperative.pointee == 0 {
                // Nothing to tidy: end as the signal would have ended the process.
                Glibc.signal(number, SIG_DFL)
                raise(number)
                return
            }
            var byte: UInt8 = 1
            _ = write(handlerWakeFD, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        ignoredAtStart = stopping.filter { number in
            var inherited = sigaction()
            sigaction(number, nil, &inherited)
            return unsafeBitCast(inherited.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        }
        for number in stopping where !ignoredAtStart.contains(number) { sigaction(number, &action, nil) }
    }

    /// The stop signal received while `body` ran as a stoppable command, if any.
    public static var receivedSignal: Int32? { received.pointee == 0 ? nil : received.pointee }

    /// Read end of the wake-up pipe, for a poll() loop.
    public static var wakeFD: Int32 { wakePipe[0] }

    /// Runs `body` with stop signals noted instead of ending the process; `body` calls `check()`
    /// at its safe points.
    public static func whileStoppable<T>(_ body: () throws -> T) throws -> T {
        cooperative.pointee = 1
        defer { cooperative.pointee = 0 }
        return try body()
    }

    /// Throws `Stopped` once a stop signal has come.
    public static func check() throws {
        if let receivedSignal { throw Stopped(signal: receivedSignal) }
    }

    /// Empties the wake-up pipe (the signal itself stays noted).
    public static func drainWakeups() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakePipe[0], &bytes, bytes.count) > 0 {}
    }
}

/// A stop signal ended the command; what it had finished is kept, the rest removed.
public struct Stopped: Error {
    public let signal: Int32

    /// 128 + the signal's number, as shells report a process ended by it.
    public var exitCode: ExitCode { ExitCode(stoppedBy: signal) }
}

// What the C signal handler reads: set once by install(), before any signal is caught.
private nonisolated(unsafe) var handlerState: (UnsafeMutablePointer<sig_atomic_t>, UnsafeMutablePointer<sig_atomic_t>)?
private nonisolated(unsafe) var handlerWakeFD: Int32 = -1
