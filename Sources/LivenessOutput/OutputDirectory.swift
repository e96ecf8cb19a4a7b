import Foundation
import LivenessFiles
import LivenessVision

/// The folder `--out DIR` writes into, created when missing. Its files are `OutputFile`s: each
/// is checked when opened, before any work, and put in place when the run completes.
public struct OutputDirectory {
    public let path: String
    /// The run's input files, which none of the outputs may replace.
    let inputs: [String]
    /// The folders this run made, outermost first.
    private let made: [String]

    public init(_ path: String, inputs: [String]) throws {
        self.path = path
        self.inputs = inputs
        var made: [String] = []
        try Self.makeFolder(path, for: path, made: &made)
        self.made = made
    }

    /// Makes `folder` and any missing folder above it, by the bytes of their names: Foundation's
    /// createDirectory would make a folder named by the UTF-8 of a stray byte's stand-in
    /// (`FileName`), then fail under it.
    private static func makeFolder(_ folder: String, for path: String, made: inout [String]) throws {
        var st = stat()
        if FileName.withCString(folder, { stat($0, &st) }) == 0 {
            guard InputFile.isDirectory(st) else { throw WriteFailure(path: path, cause: "cannot create the directory: \(folder) is not one") }
            return
        }
        let parent = pathFolder(folder)
        if !parent.isEmpty && parent != folder { try makeFolder(parent, for: path, made: &made) }
        if FileName.withCString(folder, { mkdir($0, 0o777) }) == 0 {
            made.append(folder)
        } else if errno != EEXIST {
            throw WriteFailure(path: path, cause: "cannot create the directory (\(String(cString: strerror(errno))))")
        }
    }

    /// A run that failed takes back the folders it made, those still empty (an error found
    /// before scoring left an empty `--out` folder behind).
    public func removeFoldersMadeIfEmpty() {
        for folder in made.reversed() { _ = FileName.withCString(folder) { rmdir($0) } }
    }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Whether `other` (another output of the run, such as --trace) is this folder's file `name`
    /// under another spelling (`D/./report.json`, a link to D): the two would overwrite each other.
    public func isFile(_ name: String, spelledAs other: String) -> Bool {
        (other as NSString).lastPathComponent == name && Self.resolved(path) == Self.resolved(pathFolder(other).isEmpty ? "." : pathFolder(other))
    }

    private static func resolved(_ folder: String) -> String? {
        guard let real = FileName.withCString(folder, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Fails now if `name` could not be written later.
    public func check(_ name: String, kind: OutputFile.Kind) throws {
        try OutputFile.checkReplaceable(file(name), kind: kind, inputs: inputs)
    }

    /// Opens `name` for writing; nothing is at its path until `commit()`.
    public func open(_ name: String, kind: OutputFile.Kind) throws -> OutputFile {
        try OutputFile(file(name), kind: kind, inputs: inputs)
    }
}

extension OutputFile.Kind {
    /// result.json of `liveness bench`.
    public static let benchResult = OutputFile.Kind(name: "bench result", startingWith: "{\n  \"manifest\": ")
}

extension OutputFile {
    /// Encodes `image` as JPEG into the file (not yet at its path).
    public func write(jpeg image: Image) throws {
        do {
            try image.writeJPEG(temporaryPath)
        } catch is WriteFailure {
            throw WriteFailure(path: path, cause: "the JPEG could not be written out")
        }
    }

    /// Finishes every file, then puts each in place: a failure to write any leaves them all as
    /// they were.
    public static func commitAll(_ files: [OutputFile?]) throws {
        for file in files { try file?.finish() }
        for file in files { try file?.commit() }
    }
}
