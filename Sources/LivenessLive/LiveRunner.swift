import Foundation
import LivenessCore
import LivenessFiles
import LivenessVision

/// The live loop: frames from a `LiveCapture` (newest first, the rest dropped) through the same
/// `StreamScorer` as `liveness score` (faces described on a thread of their own, so no frame
/// waits for the network: `describeAside`), with the overlay in a window when there is one, the
/// recording from the autoshot on, and the keys: q or Esc quit (a running session ends
/// `incomplete`; so does closing the window), r starts a new session with the next seed, d
/// toggles the debug overlay.
public final class LiveRunner {
    public struct Options {
        public var seed: UInt64
        /// Flip the displayed image left-right (the analysis always sees the true image).
        public var mirror = false
        /// nil: headless.
        public var window: LiveWindow?
        /// Where to write the recording (Motion-JPEG AVI) of the last session from its autoshot on.
        public var recording: OutputFile?
        /// How long the final screen stays up when a file has ended; a camera's stays until a key.
        public var fileHoldMs = 3000.0
        /// Polled between frames; true ends the run as q would (e.g. after Ctrl-C).
        public var stopRequested: () -> Bool = { false }

        public init(seed: UInt64) {
            self.seed = seed
        }
    }

    /// What a run did, over all its sessions; `last` is the session whose outcome counts.
    public struct Summary {
        public let last: StreamScorer.Result
        /// The last session's seed.
        public let seed: UInt64
        public let sessions: Int
        /// The user quit (q, Esc, Ctrl-C) rather than the session or the input ending.
        public let quit: Bool
        /// Analysis time per analysed frame.
        public let latency: LatencySummary
        public let analysed: Int
        /// Frames that arrived while the analysis was busy and were never analysed.
        public let dropped: Int
        /// Frames read from the input.
        public let captured: Int
        /// Frames written to the recording (repeats included), nil without one.
        public let recordedFrames: Int?
        public let wallMs: Double
    }

    private enum Request {
        case quit
        case restart
    }

    private let scorer: StreamScorer
    private let config: LivenessConfig
    private let capture: LiveCapture
    private let options: Options
    private var debug = false

    public init(analyzer: FrameAnalyzer, config: LivenessConfig, capture: LiveCapture, options: Options) {
        scorer = StreamScorer(analyzer: analyzer, config: config, describeAside: true)
        self.config = config
        self.capture = capture
        self.options = options
    }

    /// Runs sessions until one ends without a restart. `onStep` gets each judged frame,
    /// `onEvents` each batch of session events as it happens; `onRestart` the seed of a new
    /// session and the frame it follows.
    public func run(
        onStep: (StreamScorer.Step) throws -> Void = { _ in },
        onEvents: ([SessionEvent]) throws -> Void,
        onRestart: (_ seed: UInt64, _ afterFrame: Int, _ ms: Double) throws -> Void
    ) throws -> Summary {
        let startMs = monotonicMs()
        var seed = options.seed
        var sessions = 0
        var latencies: [Double] = []
        var dropped = 0
        var inputEnded = false
        var recordedFrames: Int?
        let isCamera: Bool
        if case .camera = capture.input { isCamera = true } else { isCamera = false }

        while true {
            sessions += 1
            // A new session starts on a frame that arrives from now on, not one left over from the
            // final screen. The first keeps its first frame, however soon it came: the session
            // starts its clock there, as `score` does (a file's first frame, delivered before this
            // line on a busy machine, was thrown away, and every credit moved by a frame).
            if sessions > 1 { capture.discardPending() }
            let droppedBefore = capture.counts.dropped
            var request: Request?
            var lastFrame: Frame?
            var recorder: VideoRecorder?
            var arrivals: [Double] = []  // monotonic ms of recent analysed frames, for the debug fps
            var progress = SessionProgress(config: config)

            let result = try scorer.score(
                seed: seed,
                nextFrame: {
                    let next = try nextFrame(ended: &inputEnded)
                    request = next.request
                    return next.frame
                },
                onStep: { step in
                    try onStep(step)
                    latencies.append(step.analysisMs)
                    lastFrame = step.frame
                    progress.observe(step.verdict)
                    arrivals = Array((arrivals + [monotonicMs()]).suffix(30))
                    if let file = options.recording, step.verdict.isAutoshot || recorder != nil {
                        if recorder == nil {
                            recorder = try VideoRecorder(
                                file: file, width: step.frame.image.width, height: step.frame.image.height,
                                fps: capture.info.fps > 0 ? capture.info.fps : 30, longestGapMs: LiveCapture.longestPauseMs)
                        }
                        try recorder?.append(step.frame.image, at: step.frame.timestampMs)
                    }
                    guard let window = options.window else { return }
                    let display = try step.frame.image.displayCopy(mirrored: options.mirror)
                    let figures = debug ? DebugFigures(
                        fps: arrivals.count > 1 ? Double(arrivals.count - 1) / ((arrivals.last! - arrivals.first!) / 1000) : 0,
                        latencyMs: step.analysisMs, dropped: dropped + capture.counts.dropped - droppedBefore) : nil
                    Overlay.drawLive(on: display, step: step, progress: progress, mirrored: options.mirror, debug: figures)
                    try window.show(display)
                },
                onEvents: onEvents)
            dropped += capture.counts.dropped - droppedBefore
            if let recorder { recordedFrames = recorder.written }

            if request == nil, let window = options.window, let lastFrame {
                // The end of a session: the last frame frozen with the outcome, until a key
                // (a camera) or for a moment (a file, which has nothing more to show).
                let final = try lastFrame.image.displayCopy(mirrored: options.mirror)
                let canRestart = !inputEnded
                Overlay.drawFinal(
                    on: final, progress: SessionProgress(config: config, events: result.events),
                    actions: result.session.order.map { "\($0.rawValue): \(result.session.actionSummary($0))" }, mirrored: options.mirror,
                    hint: canRestart ? "r: new session   q: quit" : "q: quit")
                try window.show(final)
                request = waitForKey(window, untilMs: isCamera && canRestart ? nil : monotonicMs() + options.fileHoldMs,
                                     canRestart: canRestart)
            }
            if request == .restart {
                seed &+= 1
                try onRestart(seed, lastFrame?.index ?? 0, lastFrame?.timestampMs ?? 0)
                if recorder != nil {
                    // The recording is of the last session only: the next one starts it afresh.
                    recorder = nil
                    recordedFrames = nil
                }
                continue
            }
            try recorder?.finish()
            return Summary(
                last: result, seed: seed, sessions: sessions, quit: request == .quit, latency: LatencySummary(latencies),
                analysed: latencies.count, dropped: dropped, captured: capture.counts.captured,
                recordedFrames: recordedFrames, wallMs: monotonicMs() - startMs)
        }
    }

    /// The next frame to analyse, or nil with the reason: a key, a stop request, or the end.
    private func nextFrame(ended: inout Bool) throws -> (frame: Frame?, request: Request?) {
        while true {
            if options.stopRequested() { return (nil, .quit) }
            if let window = options.window {
                switch window.key(waitMs: 1) {
                case .quit: return (nil, .quit)
                case .restart: return (nil, .restart)
                case .debug: debug.toggle()
                case .other, nil: break
                }
                if window.wasClosed { return (nil, .quit) }
            }
            // A window needs its events handled often; headless, the wait only bounds how late a
            // stop request is noticed.
            switch try capture.next(timeoutMs: options.window == nil ? 100 : 10) {
            case .frame(let frame): return (frame, nil)
            case .ended:
                ended = true
                return (nil, nil)
            case .waiting: continue
            }
        }
    }

    /// Waits on the final screen for q/Esc (quit) or r (restart, when possible), up to `untilMs`.
    private func waitForKey(_ window: LiveWindow, untilMs: Double?, canRestart: Bool) -> Request? {
        while untilMs.map({ monotonicMs() < $0 }) ?? true {
            if options.stopRequested() || window.wasClosed { return .quit }
            switch window.key(waitMs: 20) {
            case .quit: return .quit
            case .restart where canRestart: return .restart
            default: continue
            }
        }
        return nil
    }
}
