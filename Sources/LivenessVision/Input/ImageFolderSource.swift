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

    public var name: String { folder }

    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "tif", "tiff"]

    public init(folder: String, fps: Double) throws {
        guard (try? InputFile.status(folder)) != nil else { throw VisionError.fileNotFound(path: folder) }
        guard InputFile.isFolder(folder) else { throw VisionError.notAFolder(path: folder) }
        guard let names = try? InputFile.names(inFolder: folder) else { throw VisionError.fileUnreadable(path: folder) }
        let images = names.filter { Self.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
        guard !images.isEmpty else { throw VisionError.noImages(path: folder) }
        self.folder = folder
        self.fps = fps
        var numbered: [(path: String, number: Int)] = []
        for name in images {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let number = Self.number(in: name) else { throw VisionError.imageNotNumbered(path: path) }
            numbered.append((path, number))
        }
        numbered.sort { ($0.number, $0.path) < ($1.number, $1.path) }
        for (earlier, later) in zip(numbered, numbered.dropFirst()) where earlier.number == later.number {
            throw VisionError.imageNumberRepeated(path: later.path, other: earlier.path)
        }
        files = numbered
    }

    /// The last run of digits in a file name without its extension: 12 in `frame_012.png`.
    static func number(in name: String) -> Int? {
        let stem = (name as NSString).deletingPathExtension
        let digits = stem.reversed().drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(String(digits.reversed()))
    }

    /// The next image, or nil after the last. An image that cannot be decoded is an error naming it.
    public func next() throws -> Frame? {
        guard index < files.count else { return nil }
        let file = files[index]
        let ms = Double(file.number - files[0].number) * 1000 / fps
        let frame = Frame(image: try Image.load(file.path), index: index, timestampMs: ms)
        index += 1
        return frame
    }
}
