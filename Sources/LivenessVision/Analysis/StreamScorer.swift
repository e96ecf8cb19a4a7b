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

    /// One processed frame, for callers that trace, draw or stream events as they happen.
    public struct Step {
        public let frame: Frame
        public let analysis: FrameAnalyzer.Analysis
        public let verdict: FrameVerdict
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
        try withoutActuallyEscaping(onStep) { onStep in
            try withoutActuallyEscaping(onEvents) { onEvents in
                try ScoringRun(self, seed: seed, onStep: onStep, onEvents: onEvents).score(nextFrame)
            }
        }
    }
}
