import Foundation
import LivenessCore
import LivenessLive
import LivenessOutput
import LivenessProcess
import LivenessVision

/// `liveness live`: the check on a webcam, or on a video file played as if it were one, with the
/// guide circle and prompts in a window (or headless), events on stdout as they happen.
enum LiveCommand {
    static let spec = CommandSpec(
        name: "live",
        summary: "Run the check live on a webcam (or a video played as one) with the guide circle in a window.",
        positionals: "",
        options: [
            OptionSpec(name: "camera", valueName: "N", help: "V4L2 camera index, /dev/videoN (default: 0)"),
            OptionSpec(name: "source", valueName: "FILE", help: "play a video file as if it were the camera, paced by its timestamps"),
            OptionSpec(name: "every-frame", valueName: nil, help: "with --source: analyse every frame, playing slower when the analysis is (as score does)"),
            OptionSpec(name: "mirror", valueName: nil, help: "show the image mirrored (display only: the analysis sees the true image)"),
            OptionSpec(name: "headless", valueName: nil, help: "no window: events and the summary on stdout only"),
            OptionSpec(name: "out", valueName: "DIR", help: "write report.json, events.jsonl, autoshot.jpg, snapshot.jpg, timeline.png, recording.avi there"),
            OptionSpec(name: "seed", valueName: "N", help: "seed for the action order; r adds 1 per new session (default: random)"),
        ] + CommonOptions.engine + [CommonOptions.reference, CommonOptions.help],
        positionalCount: 0...0)

    /// V4L2 numbers its devices /dev/video0 to /dev/video255.
    static let maxCameraIndex = 255
    /// The size asked of a camera (the driver picks its nearest mode).
    static let cameraWidth = 640, cameraHeight = 480

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        let input = try captureInput(args)
        let seed = try CommonOptions.seed(args, spec: spec)
        let headless = args.has("headless")
        // Before anything is loaded or opened: without a display Qt would abort the process.
        if !headless { try LiveWindow.checkDisplay() }
        let config = try CommonOptions.config(args)
        let models = CommonOptions.models(args)
        var inputs = CommonOptions.inputFiles(args, models: models)
        if case .file(let path, _) = input { inputs.append(path) }
        // Ctrl-C, SIGTERM or SIGHUP ends the session as q would: the summary is still printed.
        return try StopSignals.whileStoppable {
            let out = try args.value("out").map { try OutputDirectory($0, inputs: inputs) }
            var completed = false
            defer { if !completed { out?.removeFoldersMadeIfEmpty() } }
            var files = try SessionFiles(in: out)
            let recording = try out?.open(LiveReport.recordingName, kind: .avi)
            let analyzer = try FrameAnalyzer(models: models)
            let reference = try CommonOptions.reference(args, analyzer: analyzer, config: config)

            let capture = try LiveCapture(input)
            defer { capture.stop() }
            let window = headless ? nil : try LiveWindow(title: "liveness: \(capture.name)")
            var options = LiveRunner.Options(seed: seed)
            options.mirror = args.has("mirror")
            options.window = window
            options.recording = recording
            options.stopRequested = { StopSignals.receivedSignal != nil }

            // Each line is written at once, so a reader of a pipe sees events as they happen.
            func emit(_ line: JSON, toEventsFile: Bool = true) throws {
                let text = line.serialized()
                try StandardStreams.printOutput(text)
                if toEventsFile { files.writeEvent(text) }
            }
            let summary = try LiveRunner(analyzer: analyzer, config: config, capture: capture, options: options).run(
                onStep: { files.record($0) },
                onEvents: { batch in try batch.forEach { try emit($0.json) } },
                onRestart: { seed, frame, ms in
                    // The timeline is of the last session only, as the report and the recording are.
                    files.startAnew()
                    try emit(LiveReport.restartedJSON(seed: seed, afterFrame: frame, ms: ms))
                })
            capture.stop()

            if out != nil {
                try files.finish(
                    name: capture.name, session: summary.last.session, events: summary.last.events,
                    autoshot: summary.last.autoshotImage, snapshot: summary.last.snapshotImage
                ) { autoshot, snapshot in
                    LiveReport.json(
                        capture: capture, summary: summary, models: models, mirror: options.mirror, headless: headless,
                        autoshotImage: autoshot, snapshotImage: snapshot, reference: reference)
                }
            }
            completed = true
            try emit(LiveReport.summaryJSON(summary), toEventsFile: false)
            return summary.last.session.outcome == .passed ? .passed : .notPassed
        }
    }

    /// `--camera N` (default 0) or `--source FILE` (`--every-frame`), not both.
    static func captureInput(_ args: ParsedArguments) throws -> LiveCapture.Input {
        let camera: Int? = try args.integer("camera", spec: spec)
        if let path = args.value("source") {
            guard camera == nil else { throw UsageError("--camera and --source cannot be used together", spec: spec) }
            return .file(path: path, everyFrame: args.has("every-frame"))
        }
        guard !args.has("every-frame") else { throw UsageError("--every-frame needs --source: a camera's frames cannot wait", spec: spec) }
        let index = camera ?? 0
        guard (0...maxCameraIndex).contains(index) else { throw UsageError("--camera must be between 0 and \(maxCameraIndex), got \(index)", spec: spec) }
        return .camera(index: index, width: cameraWidth, height: cameraHeight)
    }
}
