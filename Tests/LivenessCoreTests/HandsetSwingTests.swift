import LivenessCore
import TestSupport
import XCTest

/// SPEC §2: the yaw that builds up while the camera rotates moves the neutral (`HandsetSwing`).
final class HandsetSwingTests: XCTestCase {
    func testYawChangesWhileTheCameraMovesAreTheCameras() {
        var swing = HandsetSwing()
        swing.start(faceYaw: 0)
        swing.follow(faceYaw: 2, cameraStill: true)
        XCTAssertEqual(swing.shift, 0, "the head's own")
        swing.follow(faceYaw: 6, cameraStill: false)
        swing.follow(faceYaw: nil, cameraStill: false)
        swing.follow(faceYaw: 10, cameraStill: true)
        XCTAssertEqual(swing.shift, 8, "from 2 to 10 across frames on which the camera moved, the face lost between")
        swing.follow(faceYaw: 12, cameraStill: true)
        XCTAssertEqual(swing.shift, 8)
    }

    /// An unknown camera rotation (too few background points) counts as no rotation: a clip whose
    /// background cannot be tracked is judged as from a still camera.
    func testAnUnknownCameraRotationCountsAsStill() {
        let run = runScan(times: timestamps(fps: 30, durationMs: 4000)) { ms in
            Pose(upperLid: abs(ms - 2000) < 20 ? 0.02 : 0.25, yaw: ms >= 3000 && ms < 3200 ? 12 : 0, cameraRotation: nil)
        }
        XCTAssertEqual(run.session.outcome, .passed)
        XCTAssertTrue(run.verdicts.allSatisfy { $0.cameraDegPerSec == nil && $0.cameraStill })
    }
}
