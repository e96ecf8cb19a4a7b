import Foundation

/// Why a file given as an input cannot be read. Each command puts it in its own words.
public enum FileProblem: Error, Equatable, CustomStringConvertible {
    case missing
    case isADirectory
    /// A FIFO, a device or a socket where a file is meant; `kind` says which.
    case notAFile(kind: String)
    case unreadable(cause: String)
    case tooLarge(limitBytes: Int)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .isADirectory: return "is a directory, not a file"
        case .notAFile(let kind): return "is \(kind), not a regular file"
        case .unreadable(let cause): return "cannot be read (\(cause))"
        case .tooLarge(let limit): return "is larger than \(InputFile.describe(bytes: limit)), the limit for this input"
        }
    }
}

/// The one place where input files are opened. Inputs are local files, always: a name is never
/// taken as a URL or a device, nothing is read before its type is known (opening a FIFO with no
/// writer does not wait), and small text inputs are read with a size limit.
public enum InputFile {
    /// Configuration files, manifests, label files, earlier results: far under this.
    public static let smallFileLimit = 16 << 20

    /// The type of what is at `path` (symbolic links followed), or why there is nothing usable.
    public static func status(_ path: String) throws -> stat {
        var st = stat()
        let found = FileName.withCString(path) { stat($0, &st) } == 0
        guard found else { throw problem(errno: errno) }
        return st
    }

    /// Checks that `path` names a readable regular file (a video, an image, a model) before a
    /// library sees it, so the user is told "missing" or "a FIFO" rather than a decoder's guess.
    /// Returns its size in bytes.
    @discardableResult
    public static func checkRegular(_ path: String) throws -> Int {
        let st = try status(path)
        if isDirectory(st) {
            // A folder a batch could not read is one of its items: why it could not is the news.
            guard FileName.withCString(path, { access($0, R_OK | X_OK) }) == 0 else { throw problem(errno: errno) }
            throw FileProblem.isADirectory
        }
        guard isRegular(st) else { throw FileProblem.notAFile(kind: kind(st)) }
        guard FileName.withCString(path, { access($0, R_OK) }) == 0 else { throw problem(errno: errno) }
        return Int(st.st_size)
    }

    /// Whether `path` is a folder (symbolic links followed).
    public static func isFolder(_ path: String) -> Bool {
        (try? status(path)).map(isDirectory) ?? false
    }

    /// The names in a folder (not "." and ".."), read as bytes: a name that is not UTF-8 is kept
    /// (see `FileName`), never dropped.
    public static func names(inFolder folder: String) throws -> [String] {
        guard let directory = FileName.withCString(folder, { opendir($0) }) else { throw problem(errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { FileName.decode($0.prefix { $0 != 0 }) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole of a small input: a regular file, or a pipe (`--config <(...)`), up to `limit`
    /// bytes. A FIFO nobody writes to reads as empty rather than waiting for a writer.
    public static func readSmall(_ path: String, limit: Int = smallFileLimit) throws -> Data {
        let fd = try openForReading(path)
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && isRegular(st) && Int(st.st_size) > limit { throw FileProblem.tooLarge(limitBytes: limit) }
        return try readAll(fd, limit: limit)
    }

    /// Reads `fd` to its end, failing once it holds more than `limit` bytes.
    public static func readAll(_ fd: Int32, limit: Int) throws -> Data {
        var data = Data()
        try forEachChunk(fd) { chunk in
            guard data.count + chunk.count <= limit else { throw FileProblem.tooLarge(limitBytes: limit) }
            data.append(contentsOf: chunk)
        }
        return data
    }

    /// Opens an input for reading: a regular file or a pipe; never a device, a socket or a folder.
    public static func openForReading(_ path: String) throws -> Int32 {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; it is cleared before reading.
        let fd = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw problem(errno: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = problem(errno: errno)
            close(fd)
            throw error
        }
        let isPipe = (st.st_mode & S_IFMT) == S_IFIFO
        guard isRegular(st) || isPipe else {
            close(fd)
            throw isDirectory(st) ? FileProblem.isADirectory : FileProblem.notAFile(kind: kind(st))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Calls `body` with each chunk read from `fd` until its end.
    public static func forEachChunk(_ fd: Int32, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw errno == EISDIR ? FileProblem.isADirectory : FileProblem.unreadable(cause: String(cString: strerror(errno))) }
            if n == 0 { return }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }

    public static func problem(errno code: Int32) -> FileProblem {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        case EISDIR: return .isADirectory
        case ELOOP: return .unreadable(cause: "a loop of symbolic links")
        default: return .unreadable(cause: String(cString: strerror(code)))
        }
    }

    public static func isRegular(_ st: stat) -> Bool { (st.st_mode & S_IFMT) == S_IFREG }
    public static func isDirectory(_ st: stat) -> Bool { (st.st_mode & S_IFMT) == S_IFDIR }

    /// "a FIFO", "a character device", ... for messages.
    public static func kind(_ st: stat) -> String {
        switch st.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// "16 MiB", "512 KiB", "300 bytes".
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
