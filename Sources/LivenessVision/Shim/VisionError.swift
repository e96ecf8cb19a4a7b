internal import CLivenessShim
import LivenessFiles

/// What can go wrong reading input or models. The command line renders these in one place.
public enum VisionError: Error, Equatable {
    case fileNotFound(path: String)
    case isADirectory(path: String)
    case notAFolder(path: String)
    case noImages(path: String)
    /// An image of a frame folder whose name holds no number to time it by.
    case imageNotNumbered(path: String)
    /// Two images of a frame folder with the same number (`frame_1.png`, `frame_01.png`).
    case imageNumberRepeated(path: String, other: String)
    /// A file or folder the system will not read: `cause` says why (permission, a loop of links).
    case fileUnreadable(path: String, cause: String)
    /// An image of a frame folder whose number is beyond `ImageFolderSource.maxNumber`.
    case imageNumberTooLarge(path: String)
    /// An image of a frame folder of another size than the first: the frames are one video's.
    case frameSizeDiffers(path: String, width: Int, height: Int, first: String, firstWidth: Int, firstHeight: Int)
    /// A FIFO, a device or a socket where a file is meant (`kind` says which).
    case notARegularFile(path: String, kind: String)
    case notAVideo(path: String, cause: String)
    case noFrames(path: String)
    case corruptVideo(path: String, frame: Int, cause: String)
    case notAnImage(path: String, cause: String)
    /// An image whose header promises more pixels than `Image.maxPixels`; nothing was decoded.
    case imageTooLarge(path: String, width: Int, height: Int)
    /// A video whose frames are larger than `Image.maxPixels`.
    case framesTooLarge(path: String, width: Int, height: Int)
    case modelMissing(path: String, package: String)
    case modelCorrupt(path: String, package: String, cause: String)
    /// dlib's face-recognition model, which `make setup` fetches from PyPI (Debian lacks it).
    case faceDescriptorModelMissing(path: String)
    case faceDescriptorModelCorrupt(path: String, cause: String)
    /// A reference photo (`--reference`) must show exactly one face.
    case referenceWithoutFace(path: String)
    case referenceWithSeveralFaces(path: String, count: Int)
    case cameraUnavailable(index: Int, cause: String)
    case cameraStopped(index: Int)
    case displayUnavailable(cause: String)
    /// OpenCV or dlib failed in a way no input explains.
    case internalFailure(String)
}

/// A failed shim call: its status and message, before it is given its meaning.
struct ShimFailure: Error {
    let status: lv_status
    let message: String
}

/// Runs one shim call and throws its status and message when it fails.
func shimCall(_ body: (UnsafeMutablePointer<lv_error>) -> lv_status) throws {
    var error = lv_error()
    let status = body(&error)
    guard status == LV_OK else {
        throw ShimFailure(status: status, message: shimText(error.message) ?? "")
    }
}

extension VisionError {
    /// A media input (video, image) that cannot be read, in the words of the batch error kinds.
    init(_ problem: FileProblem, path: String) {
        switch problem {
        case .missing: self = .fileNotFound(path: path)
        case .isADirectory: self = .isADirectory(path: path)
        case .notAFile(let kind): self = .notARegularFile(path: path, kind: kind)
        case .unreadable(let cause): self = .fileUnreadable(path: path, cause: cause.prefix(1).lowercased() + cause.dropFirst())
        case .tooLarge: self = .fileUnreadable(path: path, cause: problem.description)
        }
    }
}
