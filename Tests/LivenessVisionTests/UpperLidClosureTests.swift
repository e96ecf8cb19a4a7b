import DataTestSupport
import LivenessCore
import LivenessData
import XCTest

/// Eye closure from the upper lid (SPEC §2) on the shared clips, with the engine's own landmarks:
/// the laughing squint of real.mov stays far under the blink's 0.22 while every labelled blink
/// passes it with margin. The open eye is the session's (`OpenEyeReference`: the frames just
/// before), every frame with a face recorded as the session records those outside a closing.
final class UpperLidClosureTests: XCTestCase {
    /// Closure per frame index (nil without a face).
    private func closures(_ relative: String) throws -> [Int: Double] {
        let config = LivenessConfig()
        var reference = OpenEyeReference(config: config)
        var out: [Int: Double] = [:]
        for m in try ClipMeasurements.frames(of: TestData.require(relative)) {
            let open = reference.reading(at: m.timestampMs).open
            guard let face = m.face else { continue }
            out[m.frameIndex] = eyeClosure(face.lids, open: open, config: config)
            reference.record(face.lids, yaw: face.yaw, at: m.timestampMs)
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

    /// Peaks against the open eye of the 600 ms just before (issue 44), as `liveness score
    /// --trace` reads them: single_face 0.51, face_noface 0.60, grid 0.50 and 0.32 (0.35 against
    /// the 2 s percentile it replaced: the grid's 96x128 face narrows its eyes in the second
    /// before frame 37).
    func testEveryLabelledBlinkPassesWithMargin() throws {
        let margin = 1.4 * LivenessConfig().blinkClosure
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
