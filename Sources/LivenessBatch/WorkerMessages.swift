import Foundation

/// The batch's protocol between the coordinator and a worker, one JSON object a line, typed once
/// for both sides: the coordinator sends `WorkerRequest`s on the worker's stdin; the worker
/// answers with one `WorkerHello`, then each clip's output line (`ClipRecord`) in order.
public struct WorkerRequest: Codable, Equatable {
    public var index: Int
    public var path: String
}

/// A worker's first line: ready, with its pid, or why it could not load its models (and it exits).
public struct WorkerHello: Codable {
    public struct Fatal: Codable {
        public var kind: String
        public var message: String
        public var exitCode: Int32
    }

    public var ready: Bool?
    public var pid: Int32?
    public var fatal: Fatal?
}

enum WorkerLine {
    /// The message as one line, newline included.
    static func encode(_ message: some Encodable) -> [UInt8] {
        // Encoding these plain structs cannot fail; a failure would be a programming error.
        Array((try? JSONEncoder().encode(message)) ?? Data("{}".utf8)) + [UInt8(ascii: "\n")]
    }

    /// The message a line holds, nil when it holds another (or none).
    static func decode<Message: Decodable>(_ type: Message.Type, from line: some Collection<UInt8>) -> Message? {
        try? JSONDecoder().decode(type, from: Data(line))
    }
}

/// Why a clip of a batch has no result when the batch itself decided it; other failures carry
/// the kind the single-file command gives its error (`notAVideo`, `corruptVideo`, ...).
public enum BatchFailure: String {
    /// Over `--clip-timeout`.
    case timeLimit
    /// Over `--memory-limit` (`MemoryLimit.explains`).
    case memoryLimit
    /// The worker died otherwise.
    case crashed
    /// The worker answered with a line that is not the clip's.
    case workerFailed
}
