import LivenessCore
import TestSupport
import XCTest

/// SPEC §2 "Camera motion" judged over a window (`CameraSwing`): a shake cancels out, a swing adds up.
final class CameraSwingTests: XCTestCase {
    func rates(_ rotations: [CameraRotation?], fps: Double = 30, windowMs: Double = 300) -> [Double?] {
        var swing = CameraSwing(windowMs: windowMs)
        return rotations.enumerated().map { i, r in swing.observe(r, at: Double(i) * 1000 / fps) }
    }

    func testASteadySwingReadsItsRate() throws {
        // 0.5 deg a frame at 30 fps is 15 deg/s.
        let read = rates(Array(repeating: CameraRotation(pan: 0.5, tilt: 0, roll: 0), count: 30))
        XCTAssertNil(read[0], "no interval yet")
        XCTAssertEqual(try XCTUnwrap(read.last!), 15, accuracy: 1e-6)
    }

    func testAHandsShakeBackAndForthCancels() throws {
        // +-0.3 deg a frame (9 deg/s a frame, as a per-interval estimate reads it), no net turn.
        let shake = (0..<30).map { CameraRotation(pan: $0 % 2 == 0 ? 0.3 : -0.3, tilt: 0, roll: 0) }
        let read = rates(shake).compactMap { $0 }
        XCTAssertLessThan(read.suffix(20).max()!, 5, "under cameraStillMaxDegPerSec")
    }

    /// At 10 fps a hand's sway reads a degree or so an interval, back and forth: the default window
    /// holds three intervals, so it stays under the bound (one interval of 100 ms read 6 deg/s).
    func testAPhonesSwayAtTenFramesASecondIsNotTheCameraRotating() throws {
        let config = LivenessConfig()
        let sway = (0..<20).map { CameraRotation(pan: $0 % 2 == 0 ? 0.6 : -0.5, tilt: 0, roll: 0) }
        let read = rates(sway, fps: 10, windowMs: config.cameraWindowMs).compactMap { $0 }
        XCTAssertLessThanOrEqual(read.suffix(15).max()!, config.cameraStillMaxDegPerSec)
        let swing = rates(Array(repeating: CameraRotation(pan: 1, tilt: 0, roll: 0), count: 20), fps: 10, windowMs: config.cameraWindowMs)
        XCTAssertGreaterThan(swing.last!!, config.cameraStillMaxDegPerSec, "a steady swing of 10 deg/s still reads as one")
    }

    func testAOneFrameSpikeIsSpreadOverTheWindow() throws {
        var spiked = Array(repeating: CameraRotation?.some(CameraRotation(pan: 0, tilt: 0, roll: 0)), count: 30)
        spiked[15] = CameraRotation(pan: 0.25, tilt: 0, roll: 0)  // 7.5 deg/s on its own interval
        XCTAssertLessThan(rates(spiked).compactMap { $0 }.max()!, 1)
    }

    func testUnknownIntervalsCountAsNoRotationAndAllUnknownIsUnknown() {
        XCTAssertTrue(rates(Array(repeating: nil, count: 10)).allSatisfy { $0 == nil })
        let mixed = rates([nil, CameraRotation(pan: 0.3, tilt: 0, roll: 0), nil, nil])
        XCTAssertEqual(mixed[1]!, 9, accuracy: 1e-6)
        XCTAssertEqual(mixed[3]!, 3, accuracy: 1e-6, "0.3 deg over the 100 ms since the window began")
    }
}
