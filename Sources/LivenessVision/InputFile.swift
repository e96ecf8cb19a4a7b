import Foundation

/// Checks that an input path names a readable regular file before OpenCV sees it, so the user
/// is told "missing" or "unreadable" rather than a decoder's guess.
enum InputFile {
    static func check(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VisionError.fileNotFound(path: path)
        }
        guard !isDirectory.boolValue else { throw VisionError.isADirectory(path: path) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw VisionError.fileUnreadable(path: path)
        }
    }

    static func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }
}
