import Foundation
import LivenessCore
import LivenessVision

/// One clip scored by the engine, with what the plots need frame by frame.
public struct ClipRun {
    public struct Sample {
        public var ms: Double
        public var closure: Double?
        public var yaw: Double?
        /// The yaw from the neutral the session judged turns against (nil before the autoshot or
        /// without a face).
        public var yawFromNeutral: Double?
        public var inCircle: Bool
        public var cameraDegPerSec: Double?
        public var prompt: Prompt?
        /// The actions whose rule this frame met (`FrameVerdict.creditable`).
        public var creditable: Set<LivenessAction>
        /// How far the lids came down since the previous frame (`FrameMeasurement.lidDescent`).
        public var lidDescent: Double?
        /// The closed frame of a blink this frame completed (`FrameVerdict.blinkSeen`).
        public var blinkSeenMs: Double?

        /// When the frame's creditable `action` happened: a blink at its closed frame.
        public func actionMs(_ action: LivenessAction) -> Double {
            action == .blink ? blinkSeenMs ?? ms : ms
        }
    }

    public var clip: BenchManifest.Clip
    public var session: LivenessSession
    public var events: [SessionEvent]
    public var samples: [Sample]
    public var autoshot: Image?
    public var snapshot: Image?
    public var timings: StageTimings
    public var wallMs: Double

    /// The time span the scan judged: from the autoshot to the last frame seen.
    public var scanSpan: ClosedRange<Double>? {
        guard let autoshot = session.autoshot, let last = samples.last?.ms, last >= autoshot.ms else { return nil }
        return autoshot.ms...last
    }

    /// Scores `clip` with `analyzer` (reset first, so one loaded model serves every clip).
    public static func run(_ clip: BenchManifest.Clip, analyzer: FrameAnalyzer) throws -> ClipRun {
        analyzer.reset()
        let source = try VideoSource(file: clip.video)
        var samples: [Sample] = []
        let result = try StreamScorer(analyzer: analyzer, config: clip.config).score(
            seed: clip.seed, nextFrame: source.next,
            onStep: { step in
                let m = step.analysis.measurement
                samples.append(Sample(
                    ms: m.timestampMs, closure: step.verdict.closure, yaw: m.face?.yaw,
                    yawFromNeutral: m.face.flatMap { face in step.verdict.neutralYaw.map { face.yaw - $0 } },
                    inCircle: step.verdict.framing == .inCircle, cameraDegPerSec: step.verdict.cameraDegPerSec,
                    prompt: step.verdict.prompt, creditable: step.verdict.creditable, lidDescent: m.lidDescent,
                    blinkSeenMs: step.verdict.blinkSeen?.ms))
            })
        return ClipRun(
            clip: clip, session: result.session, events: result.events, samples: samples,
            autoshot: result.autoshotImage, snapshot: result.snapshotImage, timings: result.timings, wallMs: result.wallMs)
    }
}
