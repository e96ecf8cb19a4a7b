/// What the process's exit status means.
enum ExitCode: Int32 {
    case passed = 0
    /// The check ran and did not pass (timedOut or incomplete).
    case notPassed = 1
    case usage = 2
    /// An input or a model could not be used.
    case inputOrModel = 3
    /// An output could not be written, or OpenCV/dlib failed on its own.
    case internalFailure = 4
}
