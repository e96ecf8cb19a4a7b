import Foundation

/// The one place where output files are made (reports, events, traces, stills, pictures,
/// recordings). An output is written to a new temporary file beside its path and renamed over it
/// only once complete, so a full disk, a crash or Ctrl-C leaves what was there before. Whatever is
/// at the path already is replaced only when it is safe to: a regular file with no other hard
/// link, that is none of the run's inputs, and that is empty or begins as this tool's own file
/// of that kind. A symbolic link, a device, a FIFO, a socket or a folder is never written through
/// or replaced.
public final class OutputFile {
    /// What a file of this kind begins with when this tool wrote it (nil: any byte there).
    public struct Kind {
        public let name: String
        public let signature: [UInt8?]

        public init(name: String, signature: [UInt8?]) {
            self.name = name
            self.signature = signature
        }

        public init(name: String, startingWith text: String) {
            self.init(name: name, signature: Array(text.utf8))
        }

        public static let jpeg = Kind(name: "JPEG", signature: [0xFF, 0xD8, 0xFF])
        /// Marked as ours (`PNGMark`): any PNG begins as the first four bytes did.
        public static let png = Kind(name: "PNG", signature: PNGMark.signature)
        public static let avi = Kind(name: "AVI recording", signature: Array("RIFF".utf8))
        public static let events = Kind(name: "event stream", startingWith: #"{"event":"#)
        /// report.json of `score` and `live`.
        public static let report = Kind(name: "report", startingWith: "{\n  \"tool\": {\n    \"name\": \"liveness\"")
    }

    public let path: String
    /// Where the content goes until `commit()`: a library that writes files itself writes here.
    public let temporaryPath: String
    private let kind: Kind
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var failure: String?
    private var committed = false

    /// Checks `path` and opens a temporary file beside it. `inputs` are the run's input files,
    /// which an output must never replace.
    public init(_ path: String, kind: Kind, inputs: [String] = []) throws {
        self.path = path
        self.kind = kind
        try Self.checkReplaceable(path, kind: kind, inputs: inputs)
        let folder = pathFolder(path)
        let name = (path as NSString).lastPathComponent
        // The name ends as the path does: libraries pick the format by the extension. It is cut
        // at the front where the prefix would take it past a file name's 255 bytes (NAME_MAX).
        var attempt = 0
        while true {
            let prefix = ".liveness-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-"
            var tail = Substring(name)
            while prefix.utf8.count + tail.utf8.count > 255 { tail = tail.dropFirst() }
            let candidate = (folder.isEmpty ? "" : folder + "/") + prefix + tail
            let fd = FileName.withCString(candidate) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
            if fd >= 0 {
                self.fd = fd
                temporaryPath = candidate
                return
            }
            attempt += 1
            guard errno == EEXIST, attempt < 100 else { throw Self.failed(path, cause: String(cString: strerror(errno))) }
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !committed { _ = FileName.withCString(temporaryPath) { unlink($0) } }
    }

    /// Appends bytes (buffered); a failure is kept and reported by `commit()`.
    public func write(_ bytes: some Collection<UInt8>) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func writeLine(_ line: String) {
        write(Array((line + "\n").utf8))
    }

    /// Writes out everything given so far, to the disk: after this only `commit()` is left, which
    /// cannot run out of space. A run with several outputs finishes them all before committing
    /// any, so a full disk leaves none of them changed.
    public func finish() throws {
        guard fd >= 0 else { return }
        flush()
        if let failure { throw Self.failed(path, cause: failure) }
        guard fsync(fd) == 0 || errno == EINVAL else { throw Self.failed(path, cause: String(cString: strerror(errno))) }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw Self.failed(path, cause: String(cString: strerror(errno))) }
    }

    /// Puts the finished file at its path, replacing what was there (checked again first).
    public func commit() throws {
        try finish()
        try Self.checkReplaceable(path, kind: kind, inputs: [])
        let renamed = FileName.withCString(temporaryPath) { from in FileName.withCString(path) { to in rename(from, to) } }
        guard renamed == 0 else { throw Self.failed(path, cause: String(cString: strerror(errno))) }
        committed = true
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        var written = 0
        while written < buffer.count {
            let n = buffer[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                failure = n < 0 ? String(cString: strerror(errno)) : "nothing could be written"
                break
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Why what is at `path` must not be replaced, if anything is there.
    public static func checkReplaceable(_ path: String, kind: Kind, inputs: [String]) throws {
        // Said before the run, not after it: an empty path, or one ending in "/", names no file.
        guard !path.isEmpty, !path.hasSuffix("/") else { throw failed(path, cause: "names no file (a file's path cannot be empty or end in \"/\")") }
        var st = stat()
        guard FileName.withCString(path, { lstat($0, &st) }) == 0 else {
            if errno == ENOENT { return }
            throw failed(path, cause: String(cString: strerror(errno)))
        }
        func refuse(_ why: String) -> WriteFailure { failed(path, cause: "\(why): not replaced") }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw refuse("is a symbolic link (give the path it points to)")
        default: throw refuse("is \(InputFile.kind(st))")
        }
        guard st.st_nlink <= 1 else { throw refuse("has \(st.st_nlink) hard links, which would all change") }
        for input in inputs {
            var other = stat()
            if FileName.withCString(input, { stat($0, &other) }) == 0 && other.st_dev == st.st_dev && other.st_ino == st.st_ino {
                throw refuse("is an input of this run")
            }
        }
        guard st.st_size > 0 else { return }
        let fd = FileName.withCString(path) { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw failed(path, cause: String(cString: strerror(errno))) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: kind.signature.count)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n == kind.signature.count && zip(head, kind.signature).allSatisfy({ $1 == nil || $0 == $1 }) else {
            throw refuse("exists and is not a \(kind.name) written by liveness (remove it or choose another path)")
        }
    }

    static func failed(_ path: String, cause: String) -> WriteFailure {
        WriteFailure(path: path, cause: cause)
    }
}
