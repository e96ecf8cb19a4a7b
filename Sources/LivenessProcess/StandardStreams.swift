import Foundation
import LivenessFiles

/// stdout and stderr as this tool writes them: with plain write(2), so that a stream that is
/// closed, full or a broken pipe is an error the tool reports (stdout) or shrugs off (stderr),
/// never a trap in Foundation's FileHandle.
public enum StandardStreams {
    /// fd 1 was closed when the process started: what is printed has nowhere to go.
    public private(set) static var stdoutWasClosed = false
    /// fd 0 was closed when the process started: there is nothing to read (not an empty input).
    public private(set) static var stdinWasClosed = false

    /// Gives a descriptor to each of 0, 1 and 2 that the process was started without, so that a
    /// file opened later (a trace, the batch output) cannot land on it and receive the report or
    /// error lines meant for the terminal. Call first thing.
    public static func prepare() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
            if fd == STDOUT_FILENO { stdoutWasClosed = true }
            if fd == STDIN_FILENO { stdinWasClosed = true }
        }
    }

    /// Writes `text` and a newline on stdout; throws when it cannot (a full disk, a closed pipe),
    /// so the command fails with exit 4 instead of losing its report without a word.
    public static func printOutput(_ text: String) throws {
        guard !stdoutWasClosed else { throw WriteFailure(path: "stdout", cause: "it was closed when liveness started") }
        guard writeAll(STDOUT_FILENO, Array((text + "\n").utf8)) else {
            throw WriteFailure(path: "stdout", cause: String(cString: strerror(errno)))
        }
    }
}

/// Writes lines to stderr, stray file-name bytes and control characters escaped
/// (`TerminalText`). A stderr that cannot take it (closed, full) is ignored: there is nowhere
/// left to report that.
public func printError(_ text: String) {
    writeError(TerminalText.lines(text) + "\n")
}

/// Writes raw text to stderr (a progress bar redrawn in place), ignoring failures.
public func writeError(_ text: String) {
    _ = writeAll(STDERR_FILENO, Array(text.utf8))
}
