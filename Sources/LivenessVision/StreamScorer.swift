import Foundation
import LivenessCore

/// Runs a stream of frames through the analyzer and a session until the session ends or the
/// stream does, keeping the autoshot and snapshot images, and describing faces where the session
/// asks (SPEC §5: the autoshot, frames that would credit an action) and the snapshot's once chosen.
public final class StreamScorer {
    public let analyzer: FrameAnalyzer

    public init(analyzer: FrameAnalyzer) {
        self.analyzer = analyzer
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
        let before = analyzer.timings
        var session = LivenessSession(config: analyzer.config, seed: seed)
        var events: [SessionEvent] = []
        var autoshotImage: Image?
        var snapshotImage: Image?
        var snapshotLandmarks: [Point2]?
        var descriptors = 0, describeMs = 0.0
        func describe(_ image: Image, _ landmarks: [Point2]) throws -> FaceDescriptor {
            descriptors += 1
            return try timed(&describeMs) { try analyzer.describer.describe(image, landmarks: landmarks) }
        }
        var decodeMs = 0.0
        while !session.isEnded, let frame = try timed(&decodeMs, nextFrame) {
            var analyzeMs = 0.0
            let analysis = try timed(&analyzeMs) { try analyzer.analyze(frame) }
            var logicMs = 0.0
            let landmarks = analysis.measurement.face?.landmarks
            let describedBefore = describeMs
            let verdict = try timed(&logicMs) {
                try session.process(analysis.measurement, describeFace: { try landmarks.map { try describe(frame.image, $0) } })
            }
            // The descriptors' time is their own stage, not the session's.
            analyzer.addTimings(logicMs: logicMs - (describeMs - describedBefore))
            if verdict.isAutoshot { autoshotImage = try frame.image.copy() }
            if verdict.isSnapshotCandidate {
                snapshotImage = try frame.image.copy()
                snapshotLandmarks = landmarks
            }
            events += verdict.events
            if !verdict.events.isEmpty { try onEvents(verdict.events) }
            try onStep(Step(frame: frame, analysis: analysis, verdict: verdict, session: session, analysisMs: analyzeMs + logicMs))
        }
        let last = session.finish()
        events += last
        if !last.isEmpty { try onEvents(last) }
        if session.snapshot != nil, let snapshotImage, let snapshotLandmarks {
            session.takeSnapshotFace(try describe(snapshotImage, snapshotLandmarks))
        }
        analyzer.addTimings(decodeMs: decodeMs, describeMs: describeMs)
        let timings = analyzer.timings - before
        return Result(
            session: session, events: events, autoshotImage: autoshotImage,
            snapshotImage: session.snapshot == nil ? nil : snapshotImage, timings: timings,
            descriptors: descriptors, wallMs: Double(DispatchTime.now().uptimeNanoseconds - startNs) / 1_000_000)
    }
}
