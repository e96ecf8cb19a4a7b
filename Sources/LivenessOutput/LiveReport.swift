import LivenessCore
import LivenessData
import LivenessFiles
import LivenessLive
import LivenessVision

/// What `liveness live` prints besides the session events: a `restarted` line per new session,
/// a final `summary` line, and report.json with `--out`.
public enum LiveReport {
    public static let recordingName = "recording.avi"

    /// The r key started a new session with `seed`, after frame `afterFrame`.
    public static func restartedJSON(seed: UInt64, afterFrame frame: Int, ms: Double) -> JSON {
        .object([("event", .string("restarted")), ("frame", .number(Double(frame))), ("ms", .number(ms)), ("seed", .string(String(seed)))])
    }

    /// The last stdout line: the outcome, the actions, and the real-time figures.
    public static func summaryJSON(_ summary: LiveRunner.Summary) -> JSON {
        let session = summary.last.session.reportJSON(seed: summary.seed, autoshotImage: nil, snapshotImage: nil)
        let wanted = ["outcome", "incompleteStage", "seed", "order", "actions"]
        return .object(
            [("event", .string("summary"))]
            + session.filter { wanted.contains($0.0) }
            + live(summary))
    }

    /// The live run's own figures, shared by the summary line and the report.
    static func live(_ summary: LiveRunner.Summary) -> [(String, JSON)] {
        let latency = summary.latency
        return [
            ("quit", .bool(summary.quit)),
            ("sessions", .number(Double(summary.sessions))),
            ("frames", .object([
                ("captured", .number(Double(summary.captured))),
                ("analysed", .number(Double(summary.analysed))),
                ("dropped", .number(Double(summary.dropped))),
            ])),
            ("latencyMs", .object([
                ("p50", .number(latency.p50)), ("p95", .number(latency.p95)),
                ("max", .number(latency.max)), ("mean", .number(latency.mean)),
            ])),
        ]
    }

    /// report.json: the input, the last session as `score` reports it, the live figures, timing
    /// and models.
    public static func json(
        capture: LiveCapture, summary: LiveRunner.Summary, models: ModelFiles, mirror: Bool, headless: Bool,
        autoshotImage: String?, snapshotImage: String?, reference: ReferencePhoto?
    ) -> JSON {
        let info = capture.info
        var kind = "file"
        if case .camera = capture.input { kind = "camera" }
        let frames = Double(summary.analysed)
        // The scorer's "decode" stage is the time spent waiting for frames here: left out.
        let stages = summary.last.timings.stages.filter { $0.name != "decode" }
        let processed = Double(summary.last.session.counts.frames)
        return .object(
            [
                ("tool", ScoreReport.tool(command: "live")),
                ("input", .object([
                    ("kind", .string(kind)), ("name", .string(capture.name)),
                    ("width", .number(Double(info.width))), ("height", .number(Double(info.height))),
                    ("declaredFps", .number(info.fps)), ("codec", info.codec.map(JSON.string) ?? .null),
                ])),
            ]
            + summary.last.session.reportJSON(seed: summary.seed, autoshotImage: autoshotImage, snapshotImage: snapshotImage, reference: reference)
            + [
                ("live", .object(live(summary) + [
                    ("mirror", .bool(mirror)), ("headless", .bool(headless)),
                    ("recording", summary.recordedFrames == nil ? .null : .string(recordingName)),
                    ("recordedFrames", summary.recordedFrames.map { .number(Double($0)) } ?? .null),
                ])),
                ("timing", .object([
                    ("wallMs", .number(summary.wallMs)),
                    ("analysedPerSecond", .number(perSecond(frames, overMs: summary.wallMs) ?? 0)),
                    ("msPerFrame", ScoreReport.msPerFrame(stages, frames: processed)),
                    ("peakRSSMB", .number(peakResidentMegabytes())),
                    ("descriptors", ScoreReport.descriptorsJSON(summary.last)),
                ])),
            ] + ScoreReport.engine(models))
    }
}
