import Foundation
import LivenessCore

/// One stream scored (`StreamScorer.score`): the session, what it keeps (the stills, the events,
/// the stage times) and, where faces are described aside, the frames analysed and not yet judged.
/// Every frame is judged in order either way, so the decisions do not depend on where faces are
/// described.
final class ScoringRun {
    private let analyzer: FrameAnalyzer
    private let config: LivenessConfig
    private let onStep: (StreamScorer.Step) throws -> Void
    private let onEvents: ([SessionEvent]) throws -> Void
    private let describer: DescriberThread?
    private let startNs = DispatchTime.now().uptimeNanoseconds

    private var session: LivenessSession
    private var events: [SessionEvent] = []
    private var timings = StageTimings()
    private var descriptors = 0
    private var autoshotImage: Image?
    private var snapshot: (image: Image, landmarks: [Point2]?)?
    /// Frames analysed and not yet judged (only while a face is described aside), and the frame
    /// whose face is being described, with its logic time so far.
    private var held: [Analysed] = []
    private var waiting: (frame: Analysed, logicMs: Double)?

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

    init(
        _ scorer: StreamScorer, seed: UInt64,
        onStep: @escaping (StreamScorer.Step) throws -> Void, onEvents: @escaping ([SessionEvent]) throws -> Void
    ) {
        analyzer = scorer.analyzer
        config = scorer.config
        self.onStep = onStep
        self.onEvents = onEvents
        describer = scorer.describeAside ? DescriberThread(analyzer: scorer.analyzer) : nil
        session = LivenessSession(config: scorer.config, seed: seed)
    }

    /// Analyses and judges frames until the session or the input ends, then ends the session and
    /// describes its snapshot.
    func score(_ nextFrame: () throws -> Frame?) throws -> StreamScorer.Result {
        while !session.isEnded, let frame = try timed(&timings.decode, nextFrame) {
            var analyzeMs = 0.0
            // A fitted guide is placed before the autoshot, so before any frame is held: every
            // frame is analysed against the same guide whether faces are described aside or not.
            let analysis = try timed(&analyzeMs) { try analyzer.analyze(frame, config: config, guide: session.guide.placed) }
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
        if session.snapshot != nil, let snapshot, let landmarks = snapshot.landmarks {
            session.takeSnapshotFace(try describe(snapshot.image, landmarks).descriptor)
        }
        return StreamScorer.Result(
            session: session, events: events, autoshotImage: autoshotImage,
            snapshotImage: session.snapshot == nil ? nil : snapshot?.image, timings: timings,
            descriptors: descriptors, wallMs: Double(DispatchTime.now().uptimeNanoseconds - startNs) / 1_000_000)
    }

    /// Judges the held frames in order, as far as the describer's answers allow (`wait`: all).
    private func judgeHeld(wait: Bool) throws {
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

    /// Judges an analysed frame; where the session wants its face, describes it here (the frame
    /// waits) or starts the describer thread (the frame waits in `waiting`).
    private func judge(_ analysed: Analysed) throws {
        var logicMs = 0.0
        let verdict = timed(&logicMs) { session.judgeFrame(analysed.analysis.measurement) }
        guard verdict.faceWanted != nil else {
            return try finish(analysed, verdict, frameMs: analysed.analyzeMs + logicMs)
        }
        guard let landmarks = analysed.analysis.measurement.face?.landmarks else {
            return try finish(analysed, timed(&logicMs) { session.judgeFace(nil) }, frameMs: analysed.analyzeMs + logicMs)
        }
        if let describer {
            // The source may reuse the frame's image for the next frame: the describer and the
            // waiting frame get their own.
            let kept = try analysed.keepingImage()
            describer.start(kept.frame.image, landmarks: landmarks)
            waiting = (kept, logicMs)
            return
        }
        let described = try describe(analysed.frame.image, landmarks)
        let complete = timed(&logicMs) { session.judgeFace(described.descriptor) }
        try finish(analysed, complete, frameMs: analysed.analyzeMs + logicMs + described.ms)
    }

    /// A frame's complete verdict: the stills kept, the events and the step passed on.
    private func finish(_ analysed: Analysed, _ verdict: FrameVerdict, frameMs: Double) throws {
        let frame = analysed.frame
        if verdict.isAutoshot { autoshotImage = try frame.image.copy() }
        if verdict.isSnapshotCandidate { snapshot = (try frame.image.copy(), analysed.analysis.measurement.face?.landmarks) }
        events += verdict.events
        if !verdict.events.isEmpty { try onEvents(verdict.events) }
        try onStep(StreamScorer.Step(frame: frame, analysis: analysed.analysis, verdict: verdict, analysisMs: frameMs))
    }

    /// Describes a face here; returns the milliseconds it took with it.
    private func describe(_ image: Image, _ landmarks: [Point2]) throws -> (descriptor: FaceDescriptor, ms: Double) {
        var ms = 0.0
        let descriptor = try timed(&ms) { try analyzer.describe(image, landmarks: landmarks) }
        tally(describedIn: ms)
        return (descriptor, ms)
    }

    /// A face described, here or aside, in `ms`: the `describe` stage's count and time.
    private func tally(describedIn ms: Double) {
        descriptors += 1
        timings.describe += ms
    }
}
