import DataTestSupport
import Foundation
import LivenessBench
import LivenessData
import TestSupport
import XCTest

/// Every clip of Benchmarks/manifest.json, the shared clips and the derived ones
/// (Benchmarks/make_derived_clips.sh, which `make test` runs first), scored once as `liveness bench`
/// scores them, and the bench's own clip metrics (`ClipMetrics`) held to the manifest's floors.
final class ClipAccuracyTests: XCTestCase {
    static func metrics() throws -> [Metric] {
        try MetricsOnce.metrics("Clips") {
            _ = try TestData.require("clip_labels")
            let manifest = try loadManifest()
            let run = BenchRun.clips(manifest, analyzer: try SharedAnalyzer.fresh())
            for failure in run.failures { print("Clips: \(failure.clip) not scored: \(failure.error)") }
            for v in run.verdicts { print("Clips: \(v.name) \(v.outcome) (expected \(v.expectedOutcome ?? "any")), blink \(v.blink), turn \(v.turn)") }
            return run.metrics
        }
    }

    /// The manifest, once every clip it names is there: a derived clip missing is a skip naming
    /// the script that makes it (a failure under CI).
    private static func loadManifest() throws -> BenchManifest {
        let make = "make the derived clips with Benchmarks/make_derived_clips.sh Benchmarks/output/derived (make test does)"
        let manifest: BenchManifest
        do {
            manifest = try BenchManifest(path: TestData.packageRoot.appendingPathComponent("Benchmarks/manifest.json").path)
        } catch BenchError.badFile(let file, _) where !FileManager.default.fileExists(atPath: file) {
            throw Prerequisite.missing("\(file) is missing: \(make)")
        }
        if let missing = manifest.clips.first(where: { !FileManager.default.fileExists(atPath: $0.video) }) {
            throw Prerequisite.missing("\(missing.video) is missing: \(make)")
        }
        return manifest
    }

    /// Outcomes, blinks and turns credited inside their labels, prompts, re-timed and rotated
    /// copies agreeing with their source, faceChanged on the face swaps alone, and every clip read:
    /// each floor the manifest sets on a clip metric, a known gap no worse than recorded.
    func testTheClipsHoldTheManifestsFloors() throws {
        let metrics = try Self.metrics()
        let measured = Set(metrics.map(\.name))
        let unmeasured = ManifestFloors.all.map(\.metric).filter { $0.hasPrefix("clips.") && !measured.contains($0) }
        XCTAssertEqual(unmeasured, [], "clip floors of the manifest that this run did not measure (the bench breaks them)")
        ManifestFloors.assertHeld(by: metrics)
    }
}
