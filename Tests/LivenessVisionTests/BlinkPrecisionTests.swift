import DataTestSupport
import Foundation
import LivenessCore
import TestSupport
import XCTest

/// The blink rule's guards on the shared clips, with the engine's own landmarks: real.mov (no
/// blink confirmed by eye: glare on glasses, laughing, fast head moves) credits none,
/// single_face.mp4 keeps its labelled blink (frames 25-29, 833-967 ms), and a bent photo's
/// closures are not borne out by its eyes' pixels (`LidOverEye`).
final class BlinkPrecisionTests: XCTestCase {
    private func blinkMs(_ relative: String, config: LivenessConfig = LivenessConfig()) throws -> Double? {
        var session = LivenessSession(config: config, seed: 1)
        for m in try ClipMeasurements.frames(of: TestData.require(relative)) where !session.isEnded {
            _ = session.process(m)
        }
        return session.credits.first { $0.action == .blink }?.ms
    }

    /// real.mov frame 90 (6004 ms, the start of the fast turn to profile) reads closure 0.32 while
    /// the head moves at about 4 eye distances a second; without the head-motion guard it is
    /// credited as a blink. (Frame 70, 4672 ms, credited before this corner-line step, now
    /// reads under 0.22: its lower lids stand farther below the corner line than when open.)
    func testAMovingHeadOnRealMovIsNoBlink() throws {
        XCTAssertNil(try blinkMs("liveness_real_vs_spoof_samples/videos/real.mov"))
        var unguarded = LivenessConfig()
        unguarded.blinkMaxHeadSpeed = 1000
        unguarded.blinkMaxYawRate = 100_000
        XCTAssertEqual(try blinkMs("liveness_real_vs_spoof_samples/videos/real.mov", config: unguarded) ?? 0, 6004, accuracy: 1)
    }

    func testTheLabelledBlinkOfSingleFaceIsCredited() throws {
        let ms = try XCTUnwrap(try blinkMs("pyfeat_face_videos/single_face.mp4"))
        XCTAssertEqual(ms, 833, accuracy: 150)
    }

    /// Each frame's verdict over a whole clip, as the session judges it.
    private func verdicts(_ path: String) throws -> [(ms: Double, verdict: FrameVerdict)] {
        var session = LivenessSession(config: LivenessConfig(), seed: 1)
        var seen: [(Double, FrameVerdict)] = []
        for m in try ClipMeasurements.frames(of: path) where !session.isEnded {
            seen.append((m.timestampMs, session.process(m)))
        }
        return seen
    }

    /// single_face.mp4's labelled blink (833-967 ms) changes its eyes' pixels past the bound
    /// (measured 0.66 at most, 0.64 on its credited frame).
    func testALabelledBlinkChangesTheEyesPixels() throws {
        let inBlink = try verdicts(TestData.require("pyfeat_face_videos/single_face.mp4")).filter { (833.0...967).contains($0.ms) }
        let most = inBlink.compactMap(\.verdict.eyeChange).max() ?? 0
        XCTAssertGreaterThanOrEqual(most, LivenessConfig().blinkMinEyeChange, "single_face.mp4: eye change inside the blink")
    }

    /// The bent card of Benchmarks/make_attack_clips.sh, swivelled: its fit reads closures of 0.24-0.41
    /// on open eyes (the 15 fps copy credited a blink at 2067 ms before `LidOverEye`), none of them
    /// borne out by the eyes' pixels (measured at most 0.41), so none is a closed reading.
    func testABentPhotosClosuresAreNotItsEyes() throws {
        let path = TestData.packageRoot.appendingPathComponent("Benchmarks/output/derived/photo_bent_faceswap_15fps.mp4").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Prerequisite.missing("\(path) is missing: make the attack clips with Benchmarks/make_attack_clips.sh Benchmarks/output/derived (make test does)")
        }
        let config = LivenessConfig()
        let closed = try verdicts(path).filter { ($0.verdict.closure ?? 0) >= config.blinkClosure }
        let measured = closed.filter { $0.verdict.eyeChange != nil }
        XCTAssertFalse(measured.isEmpty, "the bent card's fit reads closures, its eyes' pixels measured")
        let borne = measured.filter { $0.verdict.eyeChange! >= config.blinkMinEyeChange }
        XCTAssertEqual(borne.map(\.ms), [], "closures borne out by the eyes' pixels")
    }
}
