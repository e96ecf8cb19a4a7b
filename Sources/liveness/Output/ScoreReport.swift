import LivenessCore
import LivenessVision

/// The final report of one scored input (report.json; stdout).
enum ScoreReport {
    static func json(
        input: String, source: VideoSource, result: StreamScorer.Result, seed: UInt64, models: ModelFiles,
        autoshotImage: String?, snapshotImage: String?
    ) -> JSON {
        let info = source.info
        let codec = withUnsafeBytes(of: info.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let frames = Double(result.session.counts.frames)
        let timing: [(String, JSON)] = [
            ("wallMs", .number(result.wallMs)),
            ("framesPerSecond", .number(result.wallMs > 0 ? frames / (result.wallMs / 1000) : 0)),
            ("msPerFrame", .object(result.timings.stages.map { ($0.name, .number(frames > 0 ? $0.ms / frames : 0)) })),
            ("peakRSSMB", .number(peakResidentMegabytes())),
        ]
        return .object(
            [
                ("tool", .object([("name", .string("liveness")), ("version", .string(Version.current))])),
                ("input", .object([
                    ("path", .string(input)), ("width", .number(Double(info.width))), ("height", .number(Double(info.height))),
                    ("declaredFps", .number(info.fps)), ("codec", codec.isEmpty ? .null : .string(codec)), ("rotationDegrees", .number(Double(info.rotation_degrees))),
                ])),
            ]
            + result.session.reportJSON(seed: seed, autoshotImage: autoshotImage, snapshotImage: snapshotImage)
            + [
                ("timing", .object(timing)),
                ("models", .object([
                    ("landmarks", .string(models.landmarks)), ("faceCascade", .string(models.faceCascade)),
                    ("searchCascade", .string(models.searchCascade)),
                ])),
            ])
    }
}

enum Version {
    static let current = "0.1.0"
}
