import Foundation
import LivenessCore
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
            OptionSpec(name: "mirror", valueName: nil, help: "show the image mirrored (display only: the analysis sees the true image)"),
            OptionSpec(name: "headless", valueName: nil, help: "no window: events and the summary on stdout only"),
            OptionSpec(name: "out", valueName: "DIR", help: "write report.json, events.jsonl, autoshot.jpg, snapshot.jpg, recording.avi there"),
            OptionSpec(name: "seed", valueName: "N", help: "seed for the action order; r adds 1 per new session (default: random)"),
        ] + CommonOptions.engine + [CommonOptions.reference, CommonOptions.help],
        positionalCount: 0...0)

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
        let out = try args.value("out").map(OutputDirectory.init)
        let events = try out.map { try LineWriter(path: $0.file("events.jsonl")) }
        let analyzer = try FrameAnalyzer(models: models)
        let reference = try CommonOptions.reference(args, analyzer: analyzer, config: config)

        let capture = try LiveCapture(input)
        defer { capture.stop() }
        let window = headless ? nil : try LiveWindow(title: "liveness: \(capture.name)")
        let interrupt = InterruptFlag()
        var options = LiveRunner.Options(seed: seed)
        options.mirror = args.has("mirror")
        options.window = window
        options.recordingPath = out?.file(LiveReport.recordingName)
        options.stopRequested = interrupt.isSet

        // Each line is flushed at once, so a reader of a pipe sees events as they happen.
        func emit(_ line: JSON, toEventsFile: Bool = true) {
            let text = line.serialized()
            print(text)
            fflush(stdout)
            if toEventsFile { events?.write(text) }
        }
        let summary = try LiveRunner(analyzer: analyzer, config: config, capture: capture, options: options).run(
            onEvents: { batch in batch.forEach { emit($0.json) } },
            onRestart: { seed, frame, ms in emit(LiveReport.restartedJSON(seed: seed, afterFrame: frame, ms: ms)) })
        capture.stop()

        var autoshotName: String?, snapshotName: String?
        if let out {
            if let image = summary.last.autoshotImage {
                try image.writeJPEG(out.file("autoshot.jpg"))
                autoshotName = "autoshot.jpg"
            }
            if let image = summary.last.snapshotImage {
                try image.writeJPEG(out.file("snapshot.jpg"))
                snapshotName = "snapshot.jpg"
            }
            let report = LiveReport.json(
                capture: capture, summary: summary, models: models, mirror: options.mirror, headless: headless,
                autoshotImage: autoshotName, snapshotImage: snapshotName, reference: reference)
            try out.write(report.pretty() + "\n", to: "report.json")
        }
        emit(LiveReport.summaryJSON(summary), toEventsFile: false)
        return summary.last.session.outcome == .passed ? .passed : .notPassed
    }

    /// `--camera N` (default 0) or `--source FILE`, not both.
    static func captureInput(_ args: ParsedArguments) throws -> LiveCapture.Input {
        let camera: Int? = try args.integer("camera", spec: spec)
        if let path = args.value("source") {
            guard camera == nil else { throw UsageError("--camera and --source cannot be used together", spec: spec) }
            return .file(path: path)
        }
        let index = camera ?? 0
        guard index >= 0 else { throw UsageError("--camera must be 0 or more, got \(index)", spec: spec) }
        return .camera(index: index, width: cameraWidth, height: cameraHeight)
    }
}

/// Ctrl-C during a live run ends it as q would (the summary is still printed), instead of
/// killing the process mid-line.
private final class InterruptFlag: @unchecked Sendable {
    // @unchecked Sendable: `set` is guarded by `lock`; the signal source is only touched in init.
    private let lock = NSLock()
    private var set = false
    private let source: DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.raise() }
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    private func raise() {
        lock.lock()
        set = true
        lock.unlock()
    }

    func isSet() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return set
    }
}
