import DataTestSupport
import Foundation
import LivenessCore
import LivenessData
import XCTest

/// The camera's rotation as the engine estimates it (`BackgroundMotion`, `cameraRotation`),
/// against a clip whose rotation is known: Benchmarks/make_derived_clips.sh's camera_moves
/// (not_expressive.mp4 at 960x540, the whole frame rolled by 8·sin(πt) degrees about its centre and
/// shifted by 40·sin(2πt/1.5) px sideways), so each frame interval's roll and pan are known.
final class CameraEstimateTests: XCTestCase {
    static let focalLength = 960.0

    /// The clip's roll and pan (degrees, the pan as the shift's atan over the focal length) at `ms`.
    static func truth(atMs ms: Double) -> (roll: Double, pan: Double) {
        let t = ms / 1000
        return (8 * sin(Double.pi * t), atan(40 * sin(2 * Double.pi * t / 1.5) / focalLength) * 180 / .pi)
    }

    /// Each interval's estimated roll and pan against the truth, in degrees per second. Measured
    /// (2026-12-02): mean absolute errors 1.0 (roll) and 1.4 (pan), at most 4.1 and 3.9, against
    /// true rates of 18 on average and up to 27; an estimate stuck at zero would be off by the
    /// true rate, one of the wrong sign by twice it.
    func testTheRotationOfAMovingCameraIsEstimatedInSignAndSize() throws {
        let frames = try ClipMeasurements.frames(of: TestData.requireDerived("camera_moves.mp4"))
        var rollErrors: [Double] = [], panErrors: [Double] = [], trueRates: [Double] = []
        for (before, now) in zip(frames, frames.dropFirst()) {
            guard let estimate = now.cameraRotation else { continue }
            let seconds = (now.timestampMs - before.timestampMs) / 1000
            let a = Self.truth(atMs: before.timestampMs), b = Self.truth(atMs: now.timestampMs)
            rollErrors.append(abs(estimate.roll - (b.roll - a.roll)) / seconds)
            panErrors.append(abs(estimate.pan - (b.pan - a.pan)) / seconds)
            trueRates.append(((b.roll - a.roll) * (b.roll - a.roll) + (b.pan - a.pan) * (b.pan - a.pan)).squareRoot() / seconds)
        }
        let summary = "camera_moves: \(rollErrors.count) of \(frames.count - 1) intervals known; roll error mean \(fmt(rollErrors.mean, 2)) "
            + "max \(fmt(rollErrors.max() ?? .nan, 2)) deg/s, pan error mean \(fmt(panErrors.mean, 2)) max \(fmt(panErrors.max() ?? .nan, 2)) deg/s, "
            + "true rate mean \(fmt(trueRates.mean, 1)) max \(fmt(trueRates.max() ?? .nan, 1))"
        print("CameraEstimate \(summary)")
        XCTAssertGreaterThan(rollErrors.count, frames.count * 9 / 10, summary)
        XCTAssertLessThan(rollErrors.mean, 3, summary)
        XCTAssertLessThan(panErrors.mean, 3, summary)
    }
}
