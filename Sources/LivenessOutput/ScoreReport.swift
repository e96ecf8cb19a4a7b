import LivenessCore
import LivenessFiles
import LivenessVision

/// The final report of one scored input (report.json; stdout).
public enum ScoreReport {
    /// The report's and the event stream's names in `--out DIR` (`score` and `live`).
    public static let reportName = "report.json", eventsName = "events.jsonl"
    /// The files `score --out DIR` writes there.
    public static let outFiles = [reportName, eventsName, SessionStills.autoshotName, SessionStills.snapshotName, SessionTimeline.name]

    /// What a video file is: its path, size, declared rate, codec and rotation.
    public static func input(path: String, video: VideoSource) -> JSON {
        let info = video.info
        return .object([
            ("path", .string(FileName.display(path))), ("width", .number(Double(info.width))), ("height", .number(Double(info.height))),
            ("declaredFps", .number(info.fps)), ("codec", info.codec.map(JSON.string) ?? .null), ("rotationDegrees", .number(Double(info.rotationDegrees))),
        ])
    }

    /// What a folder of numbered images is: its path, how many, and the rate they were given.
    public static func input(folder: ImageFolderSource) -> JSON {
        .object([("path", .string(FileName.display(folder.folder))), ("images", .number(Double(folder.files.count))), ("fps", .number(folder.fps))])
    }

    public static func json(
        input: JSON, result: StreamScorer.Result, seed: UInt64, models: ModelFiles,
        autoshotImage: String?, snapshotImage: String?, reference: ReferencePhoto?
    ) -> JSON {
        let frames = Double(result.session.counts.frames)
        let timing: [(String, JSON)] = [
            ("wallMs", .number(result.wallMs)),
            ("framesPerSecond", .number(perSecond(frames, overMs: result.wallMs) ?? 0)),
            ("msPerFrame", msPerFrame(result.timings.stages, frames: frames)),
            ("peakRSSMB", .number(peakResidentMegabytes())),
            ("descriptors", descriptorsJSON(result)),
        ]
        return .object(
            [("tool", tool()), ("input", input)]
            + result.session.reportJSON(seed: seed, autoshotImage: autoshotImage, snapshotImage: snapshotImage, reference: reference)
            + [("timing", .object(timing))] + engine(models))
    }

    /// The report's `tool`: this program, its version and, for another command than score, its name.
    static func tool(command: String? = nil) -> JSON {
        .object([("name", .string("liveness")), ("version", .string(Version.current))] + (command.map { [("command", .string($0))] } ?? []))
    }

    /// Milliseconds a frame in each stage, over `frames` frames.
    static func msPerFrame(_ stages: [(name: String, ms: Double)], frames: Double) -> JSON {
        .object(stages.map { ($0.name, .number(frames > 0 ? $0.ms / frames : 0)) })
    }

    /// What the engine ran on: the models and the BLAS library loaded.
    static func engine(_ models: ModelFiles) -> [(String, JSON)] {
        [("models", modelsJSON(models)), ("blas", BLASLibrary.loaded().json)]
    }

    /// The model files used: what every report prints.
    public static func modelsJSON(_ models: ModelFiles) -> JSON {
        .object([
            ("landmarks", .string(models.landmarks)), ("faceCascade", .string(models.faceCascade)),
            ("searchCascade", .string(models.searchCascade)), ("faceDescriptor", .string(models.faceDescriptor)),
        ])
    }

    /// How many face descriptors the session needed and what each cost (SPEC §5).
    static func descriptorsJSON(_ result: StreamScorer.Result) -> JSON {
        .object([
            ("count", .number(Double(result.descriptors))),
            ("msEach", .number(result.descriptors > 0 ? result.timings.describe / Double(result.descriptors) : 0)),
        ])
    }
}

public enum Version {
    public static let current = "0.1.0"
}
