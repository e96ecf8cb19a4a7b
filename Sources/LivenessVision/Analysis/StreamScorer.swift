import Foundation
import LivenessCore

/// Runs a stream of frames through the analyzer and a session until the session ends or the
/// stream does, keeping the autoshot and snapshot images, and describing faces where the session
/// asks (SPEC §5: the autoshot, frames that would credit an action) and the snapshot's once chosen.
/// It holds the configuration the stream is judged by and adds up the time each stage took.
public final class StreamScorer {
    public let analyzer: FrameAnalyzer
    public let config: LivenessConfig

    /// Faces are described on a thread of their own while the next frames are analysed (live:
    /// no frame waits for the network); the session still judges every frame in order, so the
    /// decisions are the same either way.
    public let describeAside: Bool

    public init(analyzer: FrameAnalyzer, config: LivenessConfig, describeAside: Bool = false) {
        self.analyzer = analyzer
        self.config = config
        self.describeAside = describeAside
    }

    /// A frame and what the analyzer saw in it, in the time it took.
    private struct Analysed {
        let frame: Frame
        let analysis: FrameAnalyzer.Analysis
        let analyzeMs: Double
        /// Whether `frame`'s image is this frame's own copy, not the source's buffer.
        var ownsImage = false

        func keepingImage() throws -> Analysed {
            guard !ownsImage else { return self }
            let copy = Frame(image: try frame.image.copy(), index: frame.index, timestampMs: frame.timestampMs)
            return Analysed(frame: copy, analysis: analysis, analyzeMs: analyzeMs, ownsImage: true)
        }
    }

    /// One processed frame, for callers that trace, draw or stream events as they happen.
    public struct Step {
        public let frame: Frame
        public let analysis: FrameAnalyzer.Analysis
        public let verdict: FrameVerdict
        public let session: LivenessSession
        /// Milliseconds this frame took to analyse and judge (`FrameAnalyzer.analyze` plus the
        /// session's steps, and its face's description unless done aside), on the monotonic clock:
        /// the live command's per-frame latency.
        public let analysisMs: Double
    }

    public struct Result {
        public let session: LivenessSession
        public let events: [SessionEvent]
        public let autoshotImage: Image?
        public let snapshotImage: Image?
        public let timings: StageTimings
        /// Face descriptors computed (their time is the `describe` stage).
        public let descriptors: Int
        public let wallMs: Double
    }

    /// `nextFrame` returns nil at the end of the input. `onStep` sees every frame; `onEvents`
    /// every batch of events as it is emitted (including those of the end of input).
    public func score(
        seed: UInt64,
        nextFrame: () throws -> Frame?,
        onStep: (Step) throws -> Void = { _ in },
        onEvents: ([SessionEvent]) throws -> Void = { _ in }
    ) throws -> Result {
        let startNs = DispatchTime.now().uptimeNanoseconds
        var timings = StageTimings()
        var session = LivenessSession(config: config, seed: seed)
        var events: [SessionEvent] = []
        var autoshotImage: Image?
        var snapshotImage: Image?
        var snapshotLandmarks: [Point2]?
        var descriptors = 0
        let describer = describeAside ? DescriberThread(analyzer: analyzer) : nil
        /// Frames analysed and not yet judged (only while a face is described aside), and the frame
        /// whose face is being described, with its logic time so far.
        var held: [Analysed] = []
        var waiting: (frame: Analysed, logicMs: Double)?

        /// A face described, here or aside, in `ms`: the `describe` stage's count and time.
        func tally(describedIn ms: Double) {
            descriptors += 1
            timings.describe += ms
        }
        /// Describes a face here; returns the milliseconds it took with it.
        func describe(_ image: Image, _ landmarks: [Point2]) throws -> (descriptor: FaceDescriptor, ms: Double) {
            var ms = 0.0
            let descriptor = try timed(&ms) { try analyzer.describe(image, landmarks: landmarks) }
            tally(describedIn: ms)
            return (descriptor, ms)
        }
        /// A frame's complete verdict: the images kept, the events and the step passed on.
        func finish(_ analysed: Analysed, _ verdict: FrameVerdict, frameMs: Double) throws {
            let frame = analysed.frame
            if verdict.isAutoshot { autoshotImage = try frame.image.copy() }
            if verdict.isSnapshotCandidate {
                snapshotImage = try frame.image.copy()
                snapshotLandmarks = analysed.analysis.measurement.face?.landmarks
            }
            events += verdict.events
            if !verdict.events.isEmpty { try onEvents(verdict.events) }
            try onStep(Step(frame: frame, analysis: analysed.analysis, verdict: verdict, session: session, analysisMs: frameMs))
        }
        /// Judges an analysed frame; where the session wants its face, describes it here (the frame
        /// waits) or starts the describer thread (the frame waits in `waiting`).
        func judge(_ analysed: Analysed) throws {
            var logicMs = 0.0
            let verdict = timed(&logicMs) { session.judgeFrame(analysed.analysis.measurement) }
            guard verdict.faceWanted != nil else {
                return try finish(analysed, verdict, frameMs: analysed.analyzeMs + logicMs)
            }
            guard let landmarks = analysed.analysis.measurement.face?.landmarks else {
                return try finish(analysed, timed(&logicMs) { session.judgeFace(nil) }, frameMs: analysed.analyzeMs + logicMs)
            }
            if let describer {
                // The source may reuse the frame's image for the next frame: the describer and
                // the waiting frame get their own.
                let kept = try analysed.keepingImage()
                describer.start(kept.frame.image, landmarks: landmarks)
                waiting = (kept, logicMs)
                return
            }
            let described = try describe(analysed.frame.image, landmarks)
            let complete = timed(&logicMs) { session.judgeFace(described.descriptor) }
            try finish(analysed, complete, frameMs: analysed.analyzeMs + logicMs + described.ms)
        }
        /// Judges the held frames in order, as far as the describer's answers allow (`wait`: all).
        func judgeHeld(wait: Bool) throws {
            while true {
                if let (analysed, logicSoFar) = waiting {
                    guard let answer = try describer?.take(wait: wait) else { return }
                    tally(describedIn: answer.ms)
                    var logicMs = logicSoFar
                    let complete = timed(&logicMs) { session.judgeFace(answer.descriptor) }
                    waiting = nil
                    try finish(analysed, complete, frameMs: analysed.analyzeMs + logicMs)
                }
                // Frames read after the session ended are not judged.
                guard !session.isEnded, !held.isEmpty else { return }
                try judge(held.removeFirst())
            }
        }

        while !session.isEnded, let frame = try timed(&timings.decode, nextFrame) {
            var analyzeMs = 0.0
            let analysis = try timed(&analyzeMs) { try analyzer.analyze(frame, config: config) }
            timings = timings + analysis.timings
            held.append(Analysed(frame: frame, analysis: analysis, analyzeMs: analyzeMs))
            try judgeHeld(wait: false)
            // Frames still held outlive this step: each keeps an image of its own.
            held = try held.map { try $0.keepingImage() }
        }
        try judgeHeld(wait: true)
        let last = session.finish()
        events += last
        if !last.isEmpty { try onEvents(last) }
        if session.snapshot != nil, let snapshotImage, let snapshotLandmarks {
            session.takeSnapshotFace(try describe(snapshotImage, snapshotLandmarks).descriptor)
        }
        return Result(
            session: session, events: events, autoshotImage: autoshotImage,
            snapshotImage: session.snapshot == nil ? nil : snapshotImage, timings: timings,
            descriptors: descriptors, wallMs: Double(DispatchTime.now().uptimeNanoseconds - startNs) / 1_000_000)
    }
}
