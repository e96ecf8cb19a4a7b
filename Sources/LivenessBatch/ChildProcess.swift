import Foundation
import LivenessFiles
import LivenessProcess

/// A child process started with posix_spawn, its stdin, stdout and stderr on pipes. Foundation's
/// Process is not used: it watches its children through a loopback UDP socket pair, which shows
/// as AF_INET sockets under strace in a tool that promises to open no network socket, and it
/// leaves the child's signal dispositions to chance.
public final class ChildProcess {
    public let pid: pid_t
    /// The parent's ends: write to the child's stdin, read its stdout and stderr.
    public private(set) var stdinFD: Int32
    public let stdoutFD: Int32, stderrFD: Int32
    private var status: Int32?

    /// How a child ended.
    public enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(executable: String, arguments: [String], environment: [String: String]) throws {
        var ends: [[Int32]] = []
        for _ in 0..<3 {
            var pair: [Int32] = [-1, -1]
            // Close-on-exec on every end: a worker started later must not hold this one's pipes
            // open, or its death would never show as end of file. dup2 onto 0, 1, 2 clears it.
            guard pipe(&pair) == 0 else {
                for fd in ends.flatMap({ $0 }) { close(fd) }
                throw SpawnError(description: String(cString: strerror(errno)))
            }
            for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            ends.append(pair)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0][0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, ends[1][1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, ends[2][1], STDERR_FILENO)
        // The child starts with every signal at its default and none blocked, but for the stop
        // signals this process was started with ignored (nohup's SIGHUP); it sets its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        for number in StopSignals.ignoredAtStart { sigdelset(&defaults, number) }
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var spawned = pid_t()
        let result = withCStrings(argv) { argvPointers in
            withCStrings(envp) { envPointers in
                posix_spawn(&spawned, argvPointers[0]!, &actions, &attributes, argvPointers, envPointers)
            }
        }
        close(ends[0][0])
        close(ends[1][1])
        close(ends[2][1])
        guard result == 0 else {
            for fd in [ends[0][1], ends[1][0], ends[2][0]] { close(fd) }
            throw SpawnError(description: String(cString: strerror(result)))
        }
        pid = spawned
        stdinFD = ends[0][1]
        stdoutFD = ends[1][0]
        stderrFD = ends[2][0]
    }

    deinit {
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
    }

    /// Closes the child's stdin: it reads end of file.
    public func closeStdin() {
        guard stdinFD >= 0 else { return }
        close(stdinFD)
        stdinFD = -1
    }

    /// SIGKILL, unless it was already reaped (then its pid may belong to another process).
    public func kill() {
        if status == nil { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Waits for it to end and says how.
    public func wait() -> Termination {
        while status == nil {
            var raw: Int32 = 0
            let got = waitpid(pid, &raw, 0)
            if got == pid { status = raw } else if got < 0 && errno != EINTR { status = 0 }
        }
        let raw = status!
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, macros Swift cannot see.
        let signal = raw & 0x7F
        return signal != 0 ? .signalled(signal) : .exited((raw >> 8) & 0xFF)
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings (file names kept byte for byte).
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let pointers = strings.map { string -> UnsafeMutablePointer<CChar>? in
        let bytes = FileName.bytes(string)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
    }
    defer { for pointer in pointers { pointer?.deallocate() } }
    return body(pointers + [nil])
}
