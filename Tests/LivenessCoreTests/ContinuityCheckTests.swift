import LivenessCore
import TestSupport
import XCTest

/// SPEC §6 "continuous": an action earned by a jump between two still pictures counts for nothing
/// (`ContinuityCheck`); a live head's fast moves still count.
final class ContinuityCheckTests: XCTestCase {
    let config = LivenessConfig()
    var still: Double { config.continuityStillBound / 2 }
    var moving: Double { config.continuityStillBound * 2 }
    var step: Double { config.continuityStepBound * 2 }

    /// The run's one `pictureSuspected`; a failure (and nil) when it was not announced exactly once.
    func suspicion(announcedOnceIn run: ScanRun, fps: Double, file: StaticString = #filePath, line: UInt = #line) -> PictureSuspicion? {
        let suspected = run.events(named: "pictureSuspected")
        XCTAssertEqual(suspected.count, 1, "announced once, at \(fps) fps", file: file, line: line)
        guard case .pictureSuspected(let s)? = suspected.first?.kind else { return nil }
        return s
    }

    /// The three-photo attack's turn: a still face, a flip to a turned one at 2 s, held still.
    func flipToATurn(fps: Double, after: Double) -> ScanRun {
        let times = timestamps(fps: fps, durationMs: 4000)
        let flipMs = times.first { $0 >= 2000 - 1e-6 }!
        return runScan(times: times) { ms in
            if ms < flipMs { return Pose(pixelChange: self.still) }
            return Pose(yaw: 15, pixelChange: ms == flipMs ? self.step : after)
        }
    }

    func testAFlipToAStillTurnedPictureEarnsNoTurn() {
        for fps in [10.0, 15, 24, 30, 60] {
            let run = flipToATurn(fps: fps, after: still)
            XCTAssertFalse(run.session.isCredited(.turnHead), "\(fps) fps")
            guard let s = suspicion(announcedOnceIn: run, fps: fps) else { continue }
            XCTAssertEqual(s.check, .continuous)
            XCTAssertEqual(s.action, .turnHead)
            XCTAssertEqual(s.value, step)
            XCTAssertEqual(s.bound, config.continuityStepBound)
        }
    }

    func testAHeadThatKeepsMovingAfterAFastStepEarnsItsTurn() {
        // A 15 deg step in one 100 ms interval, as real.mov's 10 fps copy turns, then moving on its own.
        let run = flipToATurn(fps: 10, after: moving)
        let credit = run.session.credits.first { $0.action == .turnHead }
        XCTAssertEqual(credit?.ms, 2100, "credited on the hold frame, once the face has moved for 100 ms")
        XCTAssertEqual(credit?.crossing?.isCut, true)
        XCTAssertEqual(credit?.crossing?.lifted, true)
        XCTAssertTrue(run.events(named: "pictureSuspected").isEmpty)
    }

    /// A photo shaken by a hand jolts between still frames, and a slideshow flips again: neither
    /// moves on end, so the cut stands.
    func testAShakenOrFlippedAgainPictureStaysCut() {
        let times = timestamps(fps: 30, durationMs: 4000)
        let flipMs = times.first { $0 >= 2000 - 1e-6 }!
        let shaken = runScan(times: times) { ms in
            let frame = Int((ms / (1000 / 30)).rounded())
            if ms < flipMs { return Pose(pixelChange: self.still) }
            return Pose(yaw: 15, pixelChange: ms == flipMs ? self.step : (frame % 2 == 0 ? self.moving : self.still))
        }
        XCTAssertFalse(shaken.session.isCredited(.turnHead), "shaken")
        let slideshow = runScan(times: times) { ms in
            if ms < flipMs { return Pose(pixelChange: self.still) }
            let shown = Int((ms - flipMs) / 300)  // a new photo every 300 ms, each turned 4 deg more
            let isFlip = abs((ms - flipMs) - Double(shown) * 300) < 1
            return Pose(yaw: 10 + 4 * Double(shown), pixelChange: isFlip ? self.step : self.still)
        }
        XCTAssertFalse(slideshow.session.isCredited(.turnHead), "slideshow")
    }

    /// A still photo's fit jumps with its box: the yaw crosses the turn's threshold while the
    /// pixels did not change at all. That is the fit's change, not the face's.
    func testAYawThatJumpsOnPixelsThatDidNotChangeEarnsNoTurn() {
        let run = runScan(times: timestamps(fps: 30, durationMs: 4000)) { ms in
            Pose(yaw: ms >= 2000 && ms < 2400 ? 10 : 0, pixelChange: 0)
        }
        XCTAssertFalse(run.session.isCredited(.turnHead))
        XCTAssertEqual(run.events(named: "pictureSuspected").count, 1)
    }

    /// A live head already moving, then turning fast: the crossing changes no more than
    /// `continuityStepRatio` times what came before it.
    func testAStepOutOfAMovingFaceIsNoCut() {
        let run = runScan(times: timestamps(fps: 10, durationMs: 4000)) { ms in
            if ms < 2000 { return Pose(pixelChange: self.step / (self.config.continuityStepRatio * 0.8)) }
            return Pose(yaw: 15, pixelChange: ms < 2100 ? self.step : self.still)
        }
        XCTAssertTrue(run.session.isCredited(.turnHead))
    }

    /// A 60 fps copy of a 15 fps clip: each frame shown four times, so the face is still for 50 ms
    /// between its changes. That is shorter than `continuityStillMs`: no cut.
    func testRepeatedFramesOfALiveClipAreNoCut() {
        let run = runScan(times: timestamps(fps: 60, durationMs: 4000)) { ms in
            let frame = Int(ms / (1000 / 60))
            let changes = frame % 4 == 0
            let sourceMs = Double(frame / 4 * 4) * 1000 / 60
            // A turn building up from 1.5 s, one source frame (67 ms) at a time.
            let yaw = max(0, min(20, (sourceMs - 1500) / 20))
            return Pose(yaw: yaw, pixelChange: changes ? self.step : 0)
        }
        XCTAssertTrue(run.session.isCredited(.turnHead))
        XCTAssertTrue(run.events(named: "pictureSuspected").isEmpty)
    }

    func testAFlipToShutEyesEarnsNoBlink() {
        // Open and still; from 2 s the eyes are shut in one step and stay so for two frames.
        let run = runScan(times: timestamps(fps: 24, durationMs: 4000)) { ms in
            let shut = ms >= 2000 && ms < 2080
            let isFlip = ms >= 2000 && ms < 2040 || ms >= 2080 && ms < 2120
            return Pose(upperLid: shut ? 0.02 : 0.25, pixelChange: isFlip ? self.config.continuityBlinkStepBound * 2 : self.still)
        }
        XCTAssertFalse(run.session.isCredited(.blink))
        XCTAssertEqual(run.events(named: "pictureSuspected").count, 1)
    }

    /// Two photos registered to the pixel, differing only in the eyes (two_photo_flip_pyfeat_24fps):
    /// the whole face changes by little (0.036, under the blink's step), the eyes by 0.42 in the
    /// flip's one interval, frozen before it and while the shut photo is held (at 30 fps, two frames).
    func eyesOnlyFlip(fps: Double, shutFrames: Int, eyesWhileShut: Double = 0.01, eyesBefore: Double = 0.005) -> ScanRun {
        let times = timestamps(fps: fps, durationMs: 4000)
        let flipIndex = times.firstIndex { $0 >= 2000 - 1e-6 }!
        return runScan(times: times) { ms in
            let i = times.firstIndex(of: ms)!
            let shut = i >= flipIndex && i < flipIndex + shutFrames
            let isFlip = i == flipIndex || i == flipIndex + shutFrames
            return Pose(
                upperLid: shut ? 0.02 : 0.25, pixelChange: isFlip ? 0.036 : self.still,
                eyePixelChange: isFlip ? 0.42 : (shut ? eyesWhileShut : eyesBefore))
        }
    }

    func testAnEyesOnlyFlipEarnsNoBlink() {
        for (fps, shutFrames) in [(10.0, 1), (15, 1), (24, 1), (24, 2), (30, 2)] {
            let run = eyesOnlyFlip(fps: fps, shutFrames: shutFrames)
            XCTAssertFalse(run.session.isCredited(.blink), "\(fps) fps")
            guard let s = suspicion(announcedOnceIn: run, fps: fps) else { continue }
            XCTAssertEqual(s.action, .blink)
            XCTAssertEqual(s.value, 0.42, "the eyes' change, at \(fps) fps")
            XCTAssertEqual(s.bound, config.continuityEyeStepBound)
        }
    }

    /// A live blink from eyes as quiet as grid_padded's (0.006-0.016 before its crossing of 0.37),
    /// its lids moving on while shut (0.05, 0.11): the eyes' cut is lifted, and the blink counts
    /// on the frame the eyes were seen moving.
    func testALiveBlinkWhoseEyesMoveWhileShutCounts() throws {
        let run = eyesOnlyFlip(fps: 25, shutFrames: 3, eyesWhileShut: 0.05, eyesBefore: 0.016)
        let credit = try XCTUnwrap(run.session.credits.first { $0.action == .blink })
        XCTAssertEqual(credit.crossing?.eyesCut, true)
        XCTAssertEqual(credit.ms, 2040, "the first shut frame after the eyes moved")
        XCTAssertEqual(credit.crossing?.eyesMovedMs, 2040)
        XCTAssertTrue(run.events(named: "pictureSuspected").count <= 1)
    }

    /// Two clean photos of small, downcast eyes (two_photo_flip_tran_15fps): the eyes change by
    /// 0.089 in the flip's interval after eyes frozen to the pixel, under the 0.2 a large eye's
    /// flip shows, and by as much when the photo is flipped back while the fit still reads shut.
    /// A step out of frozen eyes is a cut however small the eyes; the flip back is a second step,
    /// no lid moving on, and lifts nothing.
    func testASmallEyedFlipEarnsNoBlinkAndItsFlipBackLiftsNothing() {
        let times = timestamps(fps: 15, durationMs: 4000)
        let flipIndex = times.firstIndex { $0 >= 2000 - 1e-6 }!
        let run = runScan(times: times) { ms in
            let i = times.firstIndex(of: ms)!
            // Read shut on the flip's frame and, the fit lagging, on the frame it is flipped back.
            let readShut = i == flipIndex || i == flipIndex + 1
            let isFlip = i == flipIndex || i == flipIndex + 1
            return Pose(upperLid: readShut ? 0.02 : 0.25, pixelChange: isFlip ? 0.015 : 0, eyePixelChange: isFlip ? 0.089 : 0)
        }
        XCTAssertFalse(run.session.isCredited(.blink))
        XCTAssertEqual(run.events(named: "pictureSuspected").count, 1)
    }

    /// At 30 fps the fit of the shut photo can read it shut one frame after the flip
    /// (two_photo_flip_tran_30fps): the crossing interval's eyes did not change, the one before
    /// did. The step that led to the crossing is the flip's.
    func testAFlipTheFitReadsOneFrameLateEarnsNoBlink() {
        let times = timestamps(fps: 30, durationMs: 4000)
        let flipIndex = times.firstIndex { $0 >= 2000 - 1e-6 }!
        let run = runScan(times: times) { ms in
            let i = times.firstIndex(of: ms)!
            let readShut = i == flipIndex + 1 || i == flipIndex + 2
            let isFlip = i == flipIndex || i == flipIndex + 2
            return Pose(upperLid: readShut ? 0.02 : 0.25, pixelChange: isFlip ? 0.01 : 0, eyePixelChange: isFlip ? 0.084 : 0)
        }
        XCTAssertFalse(run.session.isCredited(.blink))
    }

    /// A photo flipped to shut eyes in a shaking hand (three_photo_flip_shaking_alaa_10fps): the
    /// whole face steps at the flip, then moves on with the card. A turn's cut would be lifted by
    /// that motion; a blink's is lifted only by the eyes moving on their own, less than a step.
    func testAShakingCardDoesNotLiftABlinksCut() {
        let times = timestamps(fps: 10, durationMs: 4000)
        let run = runScan(times: times) { ms in
            let shut = ms >= 2000 - 1e-6 && ms < 2200 - 1e-6
            let atFlip = abs(ms - 2000) < 1 || abs(ms - 2200) < 1
            return Pose(upperLid: shut ? 0.02 : 0.25, pixelChange: atFlip ? 0.48 : (ms > 2000 ? 0.6 : 0.1),
                        eyePixelChange: atFlip ? 0.63 : (ms > 2000 ? 0.87 : 0.2))
        }
        XCTAssertFalse(run.session.isCredited(.blink))
    }

    /// At 10 fps a live blink can be shut for one frame only, with no frame to move in while shut;
    /// its eyes were not frozen before it (liveportrait_d13_10fps at 3400 ms: 0.456 after 0.068,
    /// 6.7 times), unlike a photo's (0.45 after 0.003-0.007, 58 times or more).
    func testAOneFrameLiveBlinkFromMovingEyesCounts() {
        let run = eyesOnlyFlip(fps: 10, shutFrames: 1, eyesBefore: 0.42 / 6.7)
        XCTAssertTrue(run.session.isCredited(.blink))
        XCTAssertTrue(run.events(named: "pictureSuspected").isEmpty)
    }

    func testTheCreditSaysHowTheChangeBegan() throws {
        let run = runScan(times: timestamps(fps: 30, durationMs: 4000)) { ms in
            Pose(yaw: ms < 2000 ? 0 : 15, pixelChange: self.moving)
        }
        let credit = try XCTUnwrap(run.session.credits.first { $0.action == .turnHead })
        let crossing = try XCTUnwrap(credit.crossing)
        XCTAssertEqual(crossing.ms, 2000, accuracy: 34)
        XCTAssertEqual(crossing.step, moving)
        XCTAssertFalse(crossing.isCut)
    }
}
