import DataTestSupport
import LivenessCore
import LivenessData
import XCTest

/// Eye closure from the upper lid (SPEC §2) on the shared clips, with the engine's own landmarks:
/// the laughing squint of real.mov stays far under the blink's 0.22 while every labelled blink
/// passes it with margin. The open eye is the session's (80th percentile of the last 2 s, frontal
/// frames), with every frame that has a face counted as in the circle, so that the raw 96x128 grid
/// clip, whose face does not fit SPEC's circle, is judged like its padded copy in the benchmark.
final class UpperLidClosureTests: XCTestCase {
    /// Closure per frame index (nil without a face).
    private func closures(_ relative: String) throws -> [Int: Double] {
        let config = LivenessConfig()
        var baseline = OpenEyeBaseline(config: config)
        var out: [Int: Double] = [:]
        for m in try ClipMeasurements.frames(of: TestData.require(relative)) {
            let open = baseline.openEye(at: m.timestampMs)
            guard let face = m.face else { continue }
            out[m.frameIndex] = eyeClosure(face.lids, open: open, config: config)
            baseline.record(face.lids, yaw: face.yaw, at: m.timestampMs)
        }
        return out
    }

    private func peak(_ closures: [Int: Double], _ frames: ClosedRange<Int>) -> Double {
        frames.compactMap { closures[$0] }.max() ?? 0
    }

    private func describe(_ closures: [Int: Double], _ frames: ClosedRange<Int>) -> String {
        frames.map { "\($0): \(closures[$0].map { fmt($0, 2) } ?? "-")" }.joined(separator: ", ")
    }

    /// real.mov frames 21-31: the subject laughs, the lower lids rise to the corner line and the
    /// upper lids come down by up to a third. Measured: at most 0.00 (the upper lid's fall alone
    /// would read 0.30).
    func testTheLaughingSquintOfRealMovIsNoClosure() throws {
        let c = try closures("liveness_real_vs_spoof_samples/videos/real.mov")
        XCTAssertLessThan(peak(c, 21...31), LivenessConfig().blinkClosure / 2, describe(c, 21...31))
    }

    /// Measured peaks: single_face 0.52, face_noface 0.72, grid 0.50 and 0.35.
    func testEveryLabelledBlinkPassesWithMargin() throws {
        let margin = 1.5 * LivenessConfig().blinkClosure
        let blinks: [(clip: String, frames: ClosedRange<Int>)] = [
            ("pyfeat_face_videos/single_face.mp4", 26...27),
            ("pyfeat_face_videos/face_noface.mov", 25...29),
            ("grid_blink_clip_dinoman/example.mp4", 14...17),
            ("grid_blink_clip_dinoman/example.mp4", 37...37),
        ]
        for (clip, frames) in blinks {
            let c = try closures(clip)
            XCTAssertGreaterThanOrEqual(peak(c, frames), margin, "\(clip) \(describe(c, frames))")
        }
    }
}
