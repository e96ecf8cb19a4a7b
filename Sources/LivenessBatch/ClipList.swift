import Foundation
import LivenessFiles

/// One clip of a batch: its place in the whole input list (before sharding and resuming) and its path.
public struct Clip: Equatable {
    public let index: Int
    public let path: String

    /// The path as the output lines and messages show it (a byte that is not UTF-8 as \xNN).
    public var shownPath: String { FileName.display(path) }

    public init(index: Int, path: String) {
        self.index = index
        self.path = path
    }
}

/// The clips a batch scores: the files and folders given on the command line, then the lines of
/// `--list FILE` (`-` = stdin), in that order; a folder contributes its video files (by extension,
/// recursively, sorted by path). Repeated paths are scored as many times as they appear.
public enum ClipList {
    /// File extensions taken from a folder. Files named explicitly or in a list are taken whatever their name.
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "qt", "avi", "mkv", "webm", "3gp", "3g2", "mpg", "mpeg", "ts", "mts", "m2ts", "wmv", "flv", "ogv",
    ]
    /// A list is read as a stream of lines, within these bounds (a path is at most PATH_MAX bytes;
    /// a million paths of 64 bytes hold about 200 MB in the coordinator).
    public static let maxLineBytes = 4096
    public static let maxPaths = 1_000_000
    public static let maxListBytes = 64 << 20

    public static func expand(inputs: [String], list: String?) throws -> [Clip] {
        var paths: [String] = []
        for input in inputs {
            if InputFile.isFolder(input) {
                let found = try videos(in: input)
                guard !found.isEmpty else { throw BatchInputError.folderWithoutVideos(path: input) }
                paths += found
            } else {
                // A missing or unreadable file is reported as that clip's error, in its place.
                paths.append(input)
            }
        }
        if let list { paths += try read(list: list) }
        return paths.enumerated().map { Clip(index: $0.offset, path: $0.element) }
    }

    /// The video files under `folder`, sorted; hidden files and folders are left out. Names are
    /// read as bytes, so a name that is not UTF-8 is taken too (and reported as such if it fails).
    /// Symbolic links to files are taken; links to folders are not followed (no loops). An entry
    /// that cannot be examined, or a folder inside that cannot be read, is taken too, whatever its
    /// name, to be reported as an error.
    public static func videos(in folder: String) throws -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            let names: [String]
            do {
                names = try InputFile.names(inFolder: current)
            } catch let problem as FileProblem {
                guard current != folder else { throw BatchInputError.folderUnreadable(path: current, cause: problem.description) }
                // A folder inside that cannot be read is listed like an entry that cannot be
                // examined: its line says why, and the rest of the batch is scored.
                found.append(current)
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let path = (current as NSString).appendingPathComponent(name)
                var st = stat()
                guard FileName.withCString(path, { lstat($0, &st) }) == 0 else {
                    // An entry that cannot even be looked at (a path past PATH_MAX) may be a video
                    // or a folder of them: listed, so its line says why, never silently left out.
                    found.append(path)
                    continue
                }
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    pending.append(path)
                } else if videoExtensions.contains((name as NSString).pathExtension.lowercased()) {
                    // Anything else with a video's name (a FIFO, a dangling link) is listed, to be
                    // reported as that clip's error rather than silently left out.
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// One path per line, read as a stream of bytes within `maxLineBytes` and `maxPaths`; blank
    /// lines are skipped, a trailing CR and a leading byte-order mark are dropped, nothing else is trimmed (paths may start or
    /// end with spaces). Relative paths are relative to the current directory.
    public static func read(list: String) throws -> [String] {
        let fd: Int32
        if list == "-" {
            fd = STDIN_FILENO
        } else {
            do {
                fd = try InputFile.openForReading(list)
            } catch let problem as FileProblem {
                throw problem == .missing ? BatchInputError.listMissing(path: list) : BatchInputError.listUnusable(path: list, cause: problem.description)
            }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var parser = ListParser()
        do {
            try InputFile.forEachChunk(fd) { try parser.feed($0) }
            try parser.finish()
        } catch let problem as FileProblem {
            throw BatchInputError.listUnusable(path: list == "-" ? "stdin" : list, cause: problem.description)
        } catch let why as ListParser.Malformed {
            throw BatchInputError.listUnusable(path: list == "-" ? "stdin" : list, cause: why.description)
        }
        return parser.paths
    }

    public static func parse(list data: Data) throws -> [String] {
        var parser = ListParser()
        try data.withUnsafeBytes { try parser.feed($0) }
        try parser.finish()
        return parser.paths
    }
}

/// Splits a byte stream into the paths of a list, one line at a time.
public struct ListParser {
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var paths: [String] = []
    private var line: [UInt8] = []
    private var lineNumber = 0
    private var bytesRead = 0

    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        bytesRead += chunk.count
        guard bytesRead <= ClipList.maxListBytes else {
            throw Malformed(description: "larger than \(ClipList.maxListBytes >> 20) MiB; split the list into several runs")
        }
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                try endLine()
            } else {
                guard byte != 0 else { throw Malformed(description: "line \(lineNumber + 1) holds a NUL byte: not a list of paths") }
                guard line.count < ClipList.maxLineBytes else {
                    throw Malformed(description: "line \(lineNumber + 1) is longer than \(ClipList.maxLineBytes) bytes: not a list of paths")
                }
                line.append(byte)
            }
        }
    }

    public mutating func finish() throws {
        if !line.isEmpty { try endLine() }
    }

    private mutating func endLine() throws {
        lineNumber += 1
        // A list saved with a byte-order mark (Windows editors): the mark is no part of the first path.
        if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if !line.isEmpty {
            guard paths.count < ClipList.maxPaths else {
                throw Malformed(description: "more than \(ClipList.maxPaths) paths; split the list into several runs")
            }
            paths.append(FileName.decode(line))
        }
        line.removeAll(keepingCapacity: true)
    }
}

/// The batch's own inputs (not a clip's) could not be used: nothing is scored.
public enum BatchInputError: Error {
    case listMissing(path: String)
    case listUnusable(path: String, cause: String)
    case folderWithoutVideos(path: String)
    case folderUnreadable(path: String, cause: String)
    case outputUnusable(path: String, cause: String)
}
