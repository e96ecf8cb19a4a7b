import Foundation
import LivenessFiles
import LivenessProcess

/// Where a batch's lines go: stdout, or `--output FILE` opened for appending. The file must be
/// a regular file with no other hard link (never a symbolic link, a device or a FIFO), none of the
/// batch's inputs, and empty or this tool's own JSON lines: anything else is refused untouched.
/// While the batch runs it holds a lock on the file: shared for a plain run (two plain runs may
/// append to one file), exclusive for `--resume`, which must not read the file while another run
/// adds to it, or both would score the same clips.
public final class RecordSink {
    public let fd: Int32
    public let path: String?
    public private(set) var failure: String?

    /// stdout.
    public init() {
        fd = STDOUT_FILENO
        path = nil
    }

    /// Appends to `path`, creating it; a last line left unfinished by a run that was killed is cut off.
    public init(appendingTo path: String, exclusive: Bool, inputs: [String]) throws {
        func unusable(_ cause: String) -> BatchInputError { .outputUnusable(path: path, cause: cause) }
        // O_NOFOLLOW: a symbolic link is refused, not followed; O_NONBLOCK: a FIFO is not waited on.
        let fd = FileName.withCString(path) { open($0, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o644) }
        guard fd >= 0 else {
            throw unusable(errno == ELOOP ? "is a symbolic link (give the path it points to): not used" : String(cString: strerror(errno)))
        }
        self.fd = fd
        self.path = path
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw unusable(String(cString: strerror(errno))) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw unusable("is \(InputFile.kind(st)), not a regular file: not used") }
        guard st.st_nlink <= 1 else { throw unusable("has \(st.st_nlink) hard links, which would all change: not used") }
        for input in inputs {
            var other = stat()
            if FileName.withCString(input, { stat($0, &other) }) == 0 && other.st_dev == st.st_dev && other.st_ino == st.st_ino {
                throw unusable("is an input of this batch: not used")
            }
        }
        guard flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            throw unusable(errno == EWOULDBLOCK
                ? "another liveness batch is writing to it\(exclusive ? "" : " with --resume"); wait for it to end"
                : String(cString: strerror(errno)))
        }
        try checkOwnLines()
        try cutUnfinishedLine()
    }

    deinit { if path != nil { close(fd) } }

    /// Calls `body` with each complete line of the file (for `--resume`), read as a stream: an
    /// output of a million clips is not held in memory.
    public func forEachLine(_ body: ([UInt8]) -> Void) throws {
        guard path != nil, lseek(fd, 0, SEEK_SET) == 0 else { return }
        var line: [UInt8] = []
        try InputFile.forEachChunk(fd) { chunk in
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    body(line)
                    line.removeAll(keepingCapacity: true)
                } else {
                    line.append(byte)
                }
            }
        }
    }

    public func write(_ line: [UInt8]) {
        guard failure == nil else { return }
        if !writeAll(fd, line + [UInt8(ascii: "\n")]) { failure = String(cString: strerror(errno)) }
    }

    /// The first line must be one this tool writes (a clip's record or a summary): a file that is
    /// anything else (an .mp4, someone's notes) is not appended to, or cut.
    private func checkOwnLines() throws {
        var head = [UInt8](repeating: 0, count: 1 << 16)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return }
        let firstLine = head[..<n].prefix { $0 != UInt8(ascii: "\n") }
        let object = (try? JSONSerialization.jsonObject(with: Data(firstLine))) as? [String: Any]
        let isOurs = firstLine.count < n ? (object.map { $0["summary"] != nil || RecordFacts.isRecord($0) } ?? false)
            : Self.looksLikeOurs(firstLine)
        guard isOurs else {
            throw BatchInputError.outputUnusable(path: path ?? "", cause: "exists and is not a liveness batch output (JSON lines): not used; remove it or choose another path")
        }
    }

    /// A first line cut short by a killed run still starts as ours.
    private static func looksLikeOurs(_ line: some Collection<UInt8>) -> Bool {
        [#"{"index":"#, #"{"summary":"#].contains { line.starts(with: Array($0.utf8)) }
    }

    private func cutUnfinishedLine() throws {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return }
        var last: UInt8 = 0
        guard pread(fd, &last, 1, size - 1) == 1 else { return }
        guard last != UInt8(ascii: "\n") else { return }
        // The last newline, looked for backwards a block at a time.
        var keep = 0
        var end = Int(size)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        search: while end > 0 {
            let start = max(0, end - block.count)
            let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress, end - start, off_t(start)) }
            guard n == end - start else { throw BatchInputError.outputUnusable(path: path ?? "", cause: String(cString: strerror(errno))) }
            if let newline = block[..<n].lastIndex(of: UInt8(ascii: "\n")) {
                keep = start + newline + 1
                break search
            }
            end = start
        }
        var head = [UInt8](repeating: 0, count: 16)
        let got = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(keep)) }
        guard Self.looksLikeOurs(head[..<max(0, got)]) else {
            throw BatchInputError.outputUnusable(path: path ?? "", cause: "its last line is not a liveness line: not used")
        }
        guard ftruncate(fd, off_t(keep)) == 0 else {
            throw BatchInputError.outputUnusable(path: path ?? "", cause: String(cString: strerror(errno)))
        }
    }
}
