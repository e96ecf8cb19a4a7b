import Foundation
import LivenessFiles

/// Frames from a folder of numbered images (SPEC §1: labelled frame sets), in the order of the
/// numbers in their names, each stamped by its number over the given frame rate: `frame_7` is
/// 200 ms after `frame_1` at 30 fps, so a gap in the numbering is time that passed, not skipped.
public final class ImageFolderSource: FrameSource {
    public let folder: String
    /// The images in order, each with the number its name ends with (the last run of digits).
    public let files: [(path: String, number: Int)]
    public let fps: Double
    private var index = 0
    /// The first image's size: every frame must have it, as a video's do.
    private var firstSize: (width: Int, height: Int)?

    public var name: String { folder }

    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "tif", "tiff"]

    public init(folder: String, fps: Double) throws {
        guard (try? InputFile.status(folder)) != nil else { throw VisionError.fileNotFound(path: folder) }
        guard InputFile.isFolder(folder) else { throw VisionError.notAFolder(path: folder) }
        let names: [String]
        do {
            names = try InputFile.names(inFolder: folder)
        } catch let problem as FileProblem {
            throw VisionError(problem, path: folder)
        }
        // Hidden names are no frames: among them the temporary files of this run's own outputs
        // (`--out` or `--trace` into the folder), made before it is read.
        let images = names.filter { !$0.hasPrefix(".") && Self.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
        guard !images.isEmpty else { throw VisionError.noImages(path: folder) }
        self.folder = folder
        self.fps = fps
        var numbered: [(path: String, number: Int)] = []
        for name in images {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let number = try Self.number(in: name, path: path) else { throw VisionError.imageNotNumbered(path: path) }
            numbered.append((path, number))
        }
        numbered.sort { ($0.number, $0.path) < ($1.number, $1.path) }
        for (earlier, later) in zip(numbered, numbered.dropFirst()) where earlier.number == later.number {
            throw VisionError.imageNumberRepeated(path: later.path, other: earlier.path)
        }
        files = numbered
    }

    /// The largest number a frame's name may hold, either side of 0: ten days of frames at 1000
    /// fps. Beyond, the times (and their differences) would be past what a clip can mean.
    public static let maxNumber = 1_000_000_000

    /// The last run of digits in a file name without its extension: 12 in `frame_012.png`, -72 in
    /// `frame_-72.png` (a minus sign at the start or after a separator, not after a letter or a
    /// digit: `clip-3` is 3). Throws when it is beyond `maxNumber`.
    static func number(in name: String, path: String) throws -> Int? {
        let stem = Array((name as NSString).deletingPathExtension)
        guard let last = stem.lastIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var first = last
        while first > 0 && stem[first - 1].isASCII && stem[first - 1].isNumber { first -= 1 }
        let digits = String(stem[first...last]).drop { $0 == "0" }
        guard digits.count <= 10, let magnitude = Int(digits.isEmpty ? "0" : String(digits)), magnitude <= maxNumber else {
            throw VisionError.imageNumberTooLarge(path: path)
        }
        let signed = first > 0 && stem[first - 1] == "-" && (first == 1 || !(stem[first - 2].isLetter || stem[first - 2].isNumber))
        return signed ? -magnitude : magnitude
    }

    /// The next image, or nil after the last. An image that cannot be decoded is an error naming it.
    public func next() throws -> Frame? {
        guard index < files.count else { return nil }
        let file = files[index]
        let ms = Double(file.number - files[0].number) * 1000 / fps
        let image = try Image.load(file.path)
        if let first = firstSize, first != (image.width, image.height) {
            throw VisionError.frameSizeDiffers(path: file.path, width: image.width, height: image.height,
                                               first: files[0].path, firstWidth: first.width, firstHeight: first.height)
        }
        firstSize = firstSize ?? (image.width, image.height)
        let frame = Frame(image: image, index: index, timestampMs: ms)
        index += 1
        return frame
    }
}
