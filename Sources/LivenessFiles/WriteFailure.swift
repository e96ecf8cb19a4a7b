/// An output that could not be written (`OutputFile`, a recording, a still, standard output):
/// `cause` says why.
public struct WriteFailure: Error, Equatable {
    public let path: String
    public let cause: String

    public init(path: String, cause: String) {
        self.path = path
        self.cause = cause
    }
}
