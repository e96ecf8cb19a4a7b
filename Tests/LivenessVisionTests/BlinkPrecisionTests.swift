import DataTestSupport
import LivenessCore
import XCTest

/// The blink rule's guards on the shared clips, with the engine's own landmarks: real.mov (no
/// blink confirmed by eye: glare on glasses, laughing, fast head moves) credits none,
/// single_face.mp4 keeps its labelled blink (frames 25-29, 833-967 ms), and an open-eyed photo's
/// closures are not borne out by its eyes' pixels (`LidOverEye`).
final class BlinkPrecisionTests: XCTestCase {
    private func blinkMs(_ relative: String, config: LivenessConfig = LivenessConfig()) throws -> Double? {
        var session = LivenessSession(config: config, seed: 1)
        for m in try ClipMeasurements.frames(of: TestData.require(relative)) where !session.isEnded {
            _ = session.process(m)
        }
        return session.credits.first { $0.action == .blink }?.ms
    }

    /// real.mov's fast turns read false closures: frame 81 (5404 ms) reads 0.58 while the head moves
    /// at 4.0 eye distances and 115° a second (since the tracker stopped looking around a face it
    /// still follows; before, frame 90 at 6004 ms read 0.32). Without the head-motion guard one of
    /// them is credited as a blink; with it, none, and it is the guard that refuses that frame.
    func testAMovingHeadOnRealMovIsNoBlink() throws {
        let realMov = "liveness_real_vs_spoof_samples/videos/real.mov"
        XCTAssertNil(try blinkMs(realMov))
        var unguarded = LivenessConfig()
        unguarded.blinkMaxHeadSpeed = 1000
        unguarded.blinkMaxYawRate = 100_000
        let falseBlinkMs = try XCTUnwrap(try blinkMs(realMov, config: unguarded),
                                          "unguarded, a closure read on a moving head is credited")
        let there = try XCTUnwrap(try verdicts(TestData.require(realMov)).first { $0.ms == falseBlinkMs }?.verdict)
        let speed = try XCTUnwrap(there.headSpeed, "the head's speed is measured on the false blink's frame")
        XCTAssertFalse(speed.letsEyesBeRead(LivenessConfig()), "the guard refuses the false blink's frame: \(speed)")
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

    /// The open-eyed photo of Benchmarks/make_attack_clips.sh, held still or bent and swivelled, at
    /// each frame rate: the fit reads closures at or above the bound on some of them (the bent card's
    /// 15 fps copy credited a blink at 2067 ms before `LidOverEye`; since the tracker change of
    /// 2026-12-02 the still photo's 30 fps copy reads 0.31 at 3967 ms, eye change 0.25), none of
    /// them borne out by the eyes' pixels, so none is a closed reading.
    func testAPhotosClosuresAreNotItsEyes() throws {
        let config = LivenessConfig()
        var measured: [(clip: String, ms: Double, eyeChange: Double)] = []
        for card in ["photo_still_faceswap", "photo_bent_faceswap"] {
            for fps in [10, 15, 24, 30] {
                for seen in try verdicts(TestData.requireDerived("\(card)_\(fps)fps.mp4")) where (seen.verdict.closure ?? 0) >= config.blinkClosure {
                    if let change = seen.verdict.eyeChange { measured.append(("\(card)_\(fps)fps", seen.ms, change)) }
                }
            }
        }
        XCTAssertFalse(measured.isEmpty, "the photos' fits read closures, their eyes' pixels measured")
        let borne = measured.filter { $0.eyeChange >= config.blinkMinEyeChange }
        XCTAssertTrue(borne.isEmpty, "closures borne out by the eyes' pixels: \(borne)")
    }
}
