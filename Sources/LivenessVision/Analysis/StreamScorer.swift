import Foundation
import LivenessCore

/// Runs a stream of frames through the analyzer and a session until the session ends or the
/// stream does, keeping the autoshot and snapshot images, and describing faces where the session
/// asks (SPEC §5: the autoshot, frames that would credit an action) and the snapshot's once chosen.
/// It holds the configuration the stream is judged by and adds up the time each stage took.
public final class StreamScorer {
    public let analyzer: FrameAnalyzer
    public let config: LivenessConfig

    public init(analyzer: FrameAnalyzer, config: LivenessConfig) {
        self.analyzer = analyzer
        self.config = config
    }

    /// One processed frame, for callers that trace, draw or stream events as they happen.
    public struct Step {
        public let frame: Frame
        public let analysis: FrameAnalyzer.Analysis
        public let verdict: FrameVerdict
        public let session: LivenessSession
        /// Milliseconds this frame took to analyse and judge (`FrameAnalyzer.analyze` plus the
        /// session's `process`), on the monotonic clock: the live command's per-frame latency.
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
        func describe(_ image: Image, _ landmarks: [Point2]) throws -> FaceDescriptor {
            descriptors += 1
            return try timed(&timings.describe) { try analyzer.describe(image, landmarks: landmarks) }
        }
        while !session.isEnded, let frame = try timed(&timings.decode, nextFrame) {
            var analyzeMs = 0.0
            let analysis = try timed(&analyzeMs) { try analyzer.analyze(frame, config: config) }
            var logicMs = 0.0, describeMs = 0.0
            let landmarks = analysis.measurement.face?.landmarks
            var verdict = timed(&logicMs) { session.judgeFrame(analysis.measurement) }
            if verdict.faceWanted != nil {
                let descriptor = try timed(&describeMs) { try landmarks.map { try describe(frame.image, $0) } }
                verdict = timed(&logicMs) { session.judgeFace(descriptor) }
            }
            timings = timings + analysis.timings
            timings.logic += logicMs
            if verdict.isAutoshot { autoshotImage = try frame.image.copy() }
            if verdict.isSnapshotCandidate {
                snapshotImage = try frame.image.copy()
                snapshotLandmarks = landmarks
            }
            events += verdict.events
            if !verdict.events.isEmpty { try onEvents(verdict.events) }
            try onStep(Step(frame: frame, analysis: analysis, verdict: verdict, session: session, analysisMs: analyzeMs + logicMs + describeMs))
        }
        let last = session.finish()
        events += last
        if !last.isEmpty { try onEvents(last) }
        if session.snapshot != nil, let snapshotImage, let snapshotLandmarks {
            session.takeSnapshotFace(try describe(snapshotImage, snapshotLandmarks))
        }
        return Result(
            session: session, events: events, autoshotImage: autoshotImage,
            snapshotImage: session.snapshot == nil ? nil : snapshotImage, timings: timings,
            descriptors: descriptors, wallMs: Double(DispatchTime.now().uptimeNanoseconds - startNs) / 1_000_000)
    }
}
