import LivenessCore
import TestSupport
import XCTest

/// SPEC §2: the yaw that builds up while the camera rotates moves the neutral (`HandsetSwing`).
final class HandsetSwingTests: XCTestCase {
    func testYawChangesWhileTheCameraMovesAreTheCameras() {
        var swing = HandsetSwing()
        swing.start(faceYaw: 0)
        swing.follow(faceYaw: 2, cameraStill: true, cameraPan: 0)
        XCTAssertEqual(swing.shift, 0, "the head's own")
        swing.follow(faceYaw: 6, cameraStill: false, cameraPan: 4)
        swing.follow(faceYaw: nil, cameraStill: false, cameraPan: 3)
        swing.follow(faceYaw: 10, cameraStill: true, cameraPan: 1)
        XCTAssertEqual(swing.shift, 8, "from 2 to 10 across frames on which the camera moved, the face lost between")
        swing.follow(faceYaw: 12, cameraStill: true, cameraPan: 0)
        XCTAssertEqual(swing.shift, 8)
    }

    /// The head turns 30 degrees while the camera estimate reads "rotating" but pans 2 degrees
    /// only (a hand-held phone): the neutral moves by those 2, not by the head's turn.
    func testTheShiftIsNeverMoreThanTheCamerasPan() {
        var swing = HandsetSwing()
        swing.start(faceYaw: 0)
        swing.follow(faceYaw: 10, cameraStill: false, cameraPan: 0.5)
        swing.follow(faceYaw: 20, cameraStill: false, cameraPan: -1)
        swing.follow(faceYaw: 30, cameraStill: false, cameraPan: 0.5)
        XCTAssertEqual(swing.shift, 2, accuracy: 1e-9, "each step limited by the pan over it, whatever its sign")
        swing.follow(faceYaw: 0, cameraStill: false, cameraPan: nil)
        XCTAssertEqual(swing.shift, 2, accuracy: 1e-9, "an unknown pan moves nothing")
        swing.follow(faceYaw: -3, cameraStill: false, cameraPan: 5)
        XCTAssertEqual(swing.shift, -1, accuracy: 1e-9, "a step smaller than the pan counts whole")
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
