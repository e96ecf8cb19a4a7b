import Foundation

/// The two model files the engine needs, where it finds them, and how it checks them.
/// Order of precedence: a command-line flag, then an environment variable, then Debian's path.
public struct ModelFiles: Equatable {
    public var landmarks: String
    public var faceCascade: String

    public static let landmarksEnvironment = "LIVENESS_LANDMARK_MODEL"
    public static let cascadeEnvironment = "LIVENESS_FACE_CASCADE"

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

    public init(landmarks: String? = nil, faceCascade: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.landmarks = landmarks ?? environment[Self.landmarksEnvironment] ?? Self.debianLandmarks.path
        self.faceCascade = faceCascade ?? environment[Self.cascadeEnvironment] ?? Self.debianCascade.path
    }

    /// Fails with the apt package to install when a file is missing, or to reinstall when Debian's
    /// own file has the wrong size.
    public func check() throws {
        for (path, known) in [(landmarks, Self.debianLandmarks), (faceCascade, Self.debianCascade)] {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw VisionError.modelMissing(path: path, package: known.package)
            }
            if path == known.path, let size = InputFile.size(path), size != known.bytes {
                throw VisionError.modelCorrupt(
                    path: path, package: known.package, cause: "it has \(size) bytes, expected \(known.bytes)")
            }
        }
    }
}
