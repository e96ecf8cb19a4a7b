import Foundation
import LivenessCore
import LivenessData
import LivenessVision

/// Face descriptors of known people (frames of their clips) and of strangers (faces in still
/// photos of nobody in those clips), for the same/different pairs metric (Benchmarks/README.md).
public struct IdentitySamples {
    public struct Sample {
        /// The person's name; nil for a stranger.
        public var person: String?
        /// The clip or image it comes from.
        public var source: String
        /// The frame's time in a clip; nil in a still.
        public var ms: Double?
        public var yaw: Double
        public var descriptor: FaceDescriptor
    }

    public var samples: [Sample]

    /// Describes the chosen face of clip frames at least `set.sampleMs` apart (0: every frame
    /// with a face), and every face the engine finds in the stranger photos.
    public static func collect(_ set: BenchManifest.Identities, analyzer: FrameAnalyzer, config: LivenessConfig) throws -> IdentitySamples {
        var samples: [Sample] = []
        for person in set.people {
            for video in person.videos {
                analyzer.reset()
                let source = try VideoSource(file: video)
                var lastMs = -Double.infinity
                while let frame = try source.next() {
                    let analysis = try analyzer.analyze(frame, config: config)
                    guard let face = analysis.measurement.face, frame.timestampMs - lastMs >= set.sampleMs else { continue }
                    lastMs = frame.timestampMs
                    samples.append(Sample(
                        person: person.name, source: video, ms: frame.timestampMs, yaw: face.yaw,
                        descriptor: try analyzer.describe(frame.image, landmarks: face.landmarks)))
                }
            }
        }
        for path in try strangerImages(set.strangers) {
            let image = try Image.load(path)
            for found in try analyzer.measureStill(image, config: config) {
                samples.append(Sample(
                    person: nil, source: path, ms: nil, yaw: found.face.yaw,
                    descriptor: try analyzer.describe(image, landmarks: found.face.landmarks)))
            }
        }
        return IdentitySamples(samples: samples)
    }

    /// The images named, and those in the folders named (recursively), sorted.
    static func strangerImages(_ paths: [String]) throws -> [String] {
        var images: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw BenchError.badFile(path: path, cause: "no such file or folder (identities.strangers)")
            }
            guard isFolder.boolValue else {
                images.append(path)
                continue
            }
            let names = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            images += names.filter { ImageFolderSource.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted().map { "\(path)/\($0)" }
        }
        return images
    }
}
