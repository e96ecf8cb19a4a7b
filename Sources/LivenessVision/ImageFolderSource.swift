import Foundation

/// Frames from a folder of numbered images (SPEC §1: labelled frame sets), in the order of the
/// numbers in their names, each stamped at its index over the given frame rate.
public final class ImageFolderSource: FrameSource {
    public let folder: String
    public let files: [String]
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
        // "frame_2" before "frame_10": names compare by their numbers, as a person counts.
        files = images.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The next image, or nil after the last. An image that cannot be decoded is an error naming it.
    public func next() throws -> Frame? {
        guard index < files.count else { return nil }
        let frame = Frame(image: try Image.load(files[index]), index: index, timestampMs: Double(index) * 1000 / fps)
        index += 1
        return frame
    }
}
