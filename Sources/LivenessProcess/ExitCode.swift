import Foundation

/// What the process's exit status means.
public enum ExitCode: Int32 {
    case passed = 0
    /// The check ran and did not pass (timedOut or incomplete).
    case notPassed = 1
    case usage = 2
    /// An input or a model could not be used.
    case inputOrModel = 3
    /// An output could not be written, or OpenCV/dlib failed on its own.
    case internalFailure = 4
    /// Stopped by a signal (`StopSignals.stopping`): 128 + the signal, as shells report it.
    case stoppedByHangup = 129
    case stoppedByInterrupt = 130
    case stoppedByQuit = 131
    case stoppedByUser1 = 138
    case stoppedByUser2 = 140
    case stoppedByAlarm = 142
    case stoppedByTerminate = 143
    case stoppedByCPULimit = 152
    case stoppedByVirtualAlarm = 154
    case stoppedByProfilingAlarm = 155

    public init(stoppedBy signal: Int32) {
        self = ExitCode(rawValue: 128 + signal) ?? .stoppedByInterrupt
    }
}

extension ExitCode {
    /// Ends the process with this code once C's buffered output is written, without running the
    /// libraries' exit handlers: OpenBLAS 0.3.21's joins its worker thread and can wait for it
    /// forever when the exit comes as that thread goes to sleep (`live` on a file that stops
    /// decoding hung in 14 of 40 runs on a busy machine). Nothing of ours runs at exit: every
    /// output is written and closed by its owner before this.
    public func exitProcess() -> Never {
        fflush(nil)
        _exit(rawValue)
    }
}
