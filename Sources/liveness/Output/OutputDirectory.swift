import Foundation
import LivenessVision

/// The folder `--out DIR` writes into, created when missing. Its files are `OutputFile`s: each
/// is checked when opened, before any work, and put in place when the run completes.
struct OutputDirectory {
    let path: String
    /// The run's input files, which none of the outputs may replace.
    let inputs: [String]

    init(_ path: String, inputs: [String]) throws {
        self.path = path
        self.inputs = inputs
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw VisionError.writeFailed(path: path, cause: "cannot create the directory")
        }
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Fails now if `name` could not be written later.
    func check(_ name: String, kind: OutputFile.Kind) throws {
        try OutputFile.checkReplaceable(file(name), kind: kind, inputs: inputs)
    }

    /// Opens `name` for writing; nothing is at its path until `commit()`.
    func open(_ name: String, kind: OutputFile.Kind) throws -> OutputFile {
        try OutputFile(file(name), kind: kind, inputs: inputs)
    }
}

extension OutputFile.Kind {
    /// result.json of `liveness bench`.
    static let benchResult = OutputFile.Kind(name: "bench result", startingWith: "{\n  \"manifest\": ")
}

extension OutputFile {
    /// Writes `text` and puts the file in place.
    func commit(text: String) throws {
        write(Array(text.utf8))
        try commit()
    }

    /// Encodes `image` as JPEG into the file (not yet at its path).
    func write(jpeg image: Image) throws {
        do {
            try image.writeJPEG(temporaryPath)
        } catch VisionError.writeFailed {
            throw VisionError.writeFailed(path: path, cause: "the JPEG could not be written out")
        }
    }

    /// Finishes every file, then puts each in place: a failure to write any leaves them all as
    /// they were.
    static func commitAll(_ files: [OutputFile?]) throws {
        for file in files { try file?.finish() }
        for file in files { try file?.commit() }
    }
}
