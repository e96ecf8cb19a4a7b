import Foundation

/// Where a batch's lines go: stdout, or `--output FILE` opened for appending.
final class RecordSink {
    let fd: Int32
    let path: String?
    private(set) var failure: String?

    /// stdout.
    init() {
        fd = STDOUT_FILENO
        path = nil
    }

    /// Appends to `path`, creating it; a last line left unfinished by a run that was killed is cut off.
    init(appendingTo path: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BatchInputError.outputUnusable(path: path, cause: String(cString: strerror(errno))) }
        self.fd = fd
        self.path = path
        try cutUnfinishedLine()
    }

    deinit { if path != nil { close(fd) } }

    /// The file's content (for `--resume`).
    func contents() -> Data {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return Data() }
        return data
    }

    func write(_ line: [UInt8]) {
        guard failure == nil else { return }
        if !writeAll(fd, line + [UInt8(ascii: "\n")]) { failure = String(cString: strerror(errno)) }
    }

    private func cutUnfinishedLine() throws {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return }
        var last: UInt8 = 0
        guard pread(fd, &last, 1, size - 1) == 1 else { return }
        guard last != UInt8(ascii: "\n") else { return }
        let data = contents()
        let keep = data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        guard ftruncate(fd, off_t(keep)) == 0 else {
            throw BatchInputError.outputUnusable(path: path ?? "", cause: String(cString: strerror(errno)))
        }
    }
}
