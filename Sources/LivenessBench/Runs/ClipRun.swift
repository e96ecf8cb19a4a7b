import Foundation
import LivenessCore
import LivenessVision

/// One clip scored by the engine, with what the plots need frame by frame.
public struct ClipRun {
    public var clip: BenchManifest.Clip
    public var session: LivenessSession
    public var events: [SessionEvent]
    public var samples: [FrameSample]
    public var autoshot: Image?
    public var snapshot: Image?
    public var timings: StageTimings
    /// The scoring's wall time, the HOG reference's searches left out.
    public var wallMs: Double
    /// The frames without the engine's face that dlib's HOG finds a face on (their ms), nil when
    /// no HOG reference searched them (`HogReference`).
    public var hogOnlyMs: [Double]?

    /// The time span the action rules judged: from the autoshot to the frame that ended the
    /// session (the snapshot chosen after both actions, or the cap), or to the last frame seen
    /// when the input ended first. The rules read on while the snapshot is looked for, so a
    /// labelled action going on when the session passed is judged past that frame. A labelled
    /// action after the span could not have been credited: the session no longer looked.
    public var scanSpan: ClosedRange<Double>? { Self.scanSpan(autoshotMs: session.autoshot?.ms, samples: samples) }

    static func scanSpan(autoshotMs: Double?, samples: [FrameSample]) -> ClosedRange<Double>? {
        guard let autoshotMs else { return nil }
        let scanned = samples.filter { $0.ms >= autoshotMs }
        guard let end = (scanned.first { $0.stage == .ended } ?? scanned.last)?.ms else { return nil }
        return autoshotMs...end
    }

    /// Scores `clip` with `analyzer` (reset first, so one loaded model serves every clip); `hog`
    /// searches each judged frame the engine found no face on.
    public static func run(_ clip: BenchManifest.Clip, analyzer: FrameAnalyzer, hog: HogReference? = nil) throws -> ClipRun {
        analyzer.reset()
        let source = try VideoSource(file: clip.video)
        var samples: [FrameSample] = []
        var hogOnlyMs: [Double] = [], hogWallMs = 0.0
        let result = try StreamScorer(analyzer: analyzer, config: clip.config).score(
            seed: clip.seed, nextFrame: source.next,
            onStep: { step in
                samples.append(FrameSample(step))
                guard let hog, step.analysis.measurement.face == nil else { return }
                if try timed(&hogWallMs, { try hog.findsFace(in: step.frame.image) }) { hogOnlyMs.append(step.frame.timestampMs) }
            })
        return ClipRun(
            clip: clip, session: result.session, events: result.events, samples: samples,
            autoshot: result.autoshotImage, snapshot: result.snapshotImage, timings: result.timings,
            wallMs: result.wallMs - hogWallMs, hogOnlyMs: hog == nil ? nil : hogOnlyMs)
    }
}
