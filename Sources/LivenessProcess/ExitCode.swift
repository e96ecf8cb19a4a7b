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
