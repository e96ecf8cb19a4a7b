import Foundation
import LivenessCore
import LivenessData
import LivenessVision

/// A whole benchmark: every clip and still set of a manifest through one loaded model, the
/// metrics, and the floors they are held to.
public struct BenchRun {
    public var runs: [ClipRun]
    public var verdicts: [ClipVerdict]
    /// Clips that could not be scored, with the reason.
    public var failures: [(clip: String, error: String)]
    public var metrics: [Metric]
    /// Every floor of the manifest, judged.
    public var floors: [FloorCheck]
    /// Per known person's clip: faces described, the farthest from its first face and the farthest pair.
    public var identityClips: [(source: String, faces: Int, maxFromFirst: Double, maxPair: Double)] = []
    /// Per pair of people (or a person and the strangers): pairs, distance range, share under the threshold.
    public var identityGroups: [(groups: String, pairs: Int, min: Double, max: Double, under: Double)] = []

    /// `progress` hears about each item as it starts; `describe` words why a clip could not be scored.
    public static func run(
        _ manifest: BenchManifest, models: ModelFiles, describe: (Error) -> String = { "\($0)" }, progress: (String) -> Void = { _ in }
    ) throws -> BenchRun {
        let analyzer = try FrameAnalyzer(models: models)
        let clips = clips(manifest, analyzer: analyzer, describe: describe, progress: progress)
        let runs = clips.runs
        var metrics = clips.metrics + speed(runs)

        if let root = manifest.stillsRoot {
            let config = LivenessConfig()
            let faces = StillFaces(analyzer: analyzer, config: config)
            progress("stills: eye state")
            metrics += try StillMetrics.eyeState(root: root, faces: faces, config: config)
            progress("stills: yaw")
            let poseFaces = StillFaces(analyzer: analyzer, config: config, focalLengthPerSide: StillFaces.labelCameraFocalPerSide)
            metrics += try StillMetrics.yaw(root: root, faces: poseFaces, config: config)
            progress("stills: landmarks")
            metrics += try StillMetrics.landmarks(root: root, faces: faces)
            progress("stills: recall, the engine's and dlib's HOG detector's")
            metrics += try RecallMetrics.compute(root: root, faces: faces, hog: try HogDetector())
        }
        var identityClips: [(String, Int, Double, Double)] = []
        var identityGroups: [(String, Int, Double, Double, Double)] = []
        if let identities = manifest.identities {
            let config = LivenessConfig()
            progress("identities: same and different pairs")
            let samples = try IdentitySamples.collect(identities, analyzer: analyzer, config: config)
            metrics += IdentityMetrics.compute(samples, differentFaceDistance: config.differentFaceDistance)
            identityClips = IdentityMetrics.perClip(samples)
            identityGroups = IdentityMetrics.perGroupPair(samples, differentFaceDistance: config.differentFaceDistance)
        }
        return BenchRun(
            runs: runs, verdicts: clips.verdicts, failures: clips.failures, metrics: metrics, floors: [FloorCheck](manifest.floors, metrics: metrics),
            identityClips: identityClips, identityGroups: identityGroups)
    }

    /// The manifest's clips alone, each scored once by `analyzer` (the frames it finds no face on
    /// searched by dlib's HOG too), with their verdicts and the clip metrics (no floors judged):
    /// what the bench runs first, and the clip accuracy test runs.
    public static func clips(
        _ manifest: BenchManifest, analyzer: FrameAnalyzer, describe: (Error) -> String = { "\($0)" }, progress: (String) -> Void = { _ in }
    ) -> BenchRun {
        var runs: [ClipRun] = [], failures: [(String, String)] = []
        let hog = Result { try HogReference() }
        for clip in manifest.clips {
            progress("clip \(clip.name)")
            do {
                runs.append(try ClipRun.run(clip, analyzer: analyzer, hog: try hog.get()))
            } catch {
                failures.append((clip.name, describe(error)))
            }
        }
        let byName = Dictionary(uniqueKeysWithValues: runs.map { ($0.clip.name, $0) })
        let verdicts = runs.map { run in
            ClipVerdict(run, reference: run.clip.sameDecisionsAs.flatMap { byName[$0] },
                        positives: manifest.positiveConfidences, toleranceMs: manifest.toleranceMs)
        }
        var metrics = ClipMetrics.compute(verdicts)
        metrics.append(Metric("clips.scored", share(runs.count, of: manifest.clips.count), count: manifest.clips.count, note: "clips that could be read"))
        return BenchRun(runs: runs, verdicts: verdicts, failures: failures, metrics: metrics, floors: [])
    }

    /// Frames per second over every scored clip (decode to decision, model load excluded), the
    /// milliseconds per frame of each stage, and the process's peak memory.
    static func speed(_ runs: [ClipRun]) -> [Metric] {
        let frames = runs.map { $0.session.counts.frames }.reduce(0, +)
        let wallMs = runs.map(\.wallMs).reduce(0, +)
        var metrics = [Metric("speed.framesPerSecond", perSecond(Double(frames), overMs: wallMs) ?? .nan, count: frames, note: "end to end, all clips")]
        var total = StageTimings()
        for run in runs { total = total + run.timings }
        for stage in total.stages {
            metrics.append(Metric("speed.ms.\(stage.name)", frames > 0 ? stage.ms / Double(frames) : .nan, count: frames, note: "ms per frame"))
        }
        metrics.append(Metric("speed.peakRSSMB", peakResidentMegabytes(), count: 1, note: "whole run, model included"))
        return metrics
    }
}
