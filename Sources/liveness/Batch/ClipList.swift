import Foundation

/// One clip of a batch: its place in the whole input list (before sharding and resuming) and its path.
struct Clip: Equatable {
    let index: Int
    let path: String
}

/// The clips a batch scores: the files and folders given on the command line, then the lines of
/// `--list FILE` (`-` = stdin), in that order; a folder contributes its video files (by extension,
/// recursively, sorted by path). Repeated paths are scored as many times as they appear.
enum ClipList {
    /// File extensions taken from a folder. Files named explicitly or in a list are taken whatever their name.
    static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "qt", "avi", "mkv", "webm", "3gp", "3g2", "mpg", "mpeg", "ts", "mts", "m2ts", "wmv", "flv", "ogv",
    ]

    static func expand(inputs: [String], list: String?, fileManager: FileManager = .default) throws -> [Clip] {
        var paths: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
                let found = videos(in: input, fileManager: fileManager)
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

    /// The video files under `folder`, sorted; hidden files and folders are left out.
    static func videos(in folder: String, fileManager: FileManager = .default) -> [String] {
        guard let walker = fileManager.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard videoExtensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    /// One path per line; blank lines are skipped, a trailing CR is dropped, nothing else is
    /// trimmed (paths may start or end with spaces). Relative paths are relative to the current directory.
    static func read(list: String) throws -> [String] {
        let data: Data
        if list == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: list, isDirectory: &isDirectory) else { throw BatchInputError.listMissing(path: list) }
            // readToEnd() gives nil for an empty file.
            guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: list), let read = try? handle.readToEnd() ?? Data() else {
                throw BatchInputError.listUnreadable(path: list)
            }
            data = read
        }
        return parse(list: data)
    }

    static func parse(list data: Data) -> [String] {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { line in
            var bytes = line
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            guard !bytes.isEmpty else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// The batch's own inputs (not a clip's) could not be used: nothing is scored.
enum BatchInputError: Error {
    case listMissing(path: String)
    case listUnreadable(path: String)
    case folderWithoutVideos(path: String)
    case outputUnusable(path: String, cause: String)
}
