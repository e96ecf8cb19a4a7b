@testable import LivenessCore
import XCTest

/// SPEC §2 neutral yaw, the rule alone (`NeutralYaw`): the autoshot's, moved only by the yaw built
/// up while the camera rotated.
final class NeutralYawTests: XCTestCase {
    func testAHeadTurnWithTheCameraStillLeavesTheNeutral() {
        var neutral = NeutralYaw(atAutoshot: 2, faceYaw: 2)
        neutral.follow(faceYaw: 12, cameraStill: true, cameraPan: 0)
        XCTAssertEqual(neutral.current, 2)
        XCTAssertEqual(neutral.cameraShift, 0)
    }

    func testAYawChangeWhileTheCameraRotatesMovesTheNeutralUpToThePan() {
        var neutral = NeutralYaw(atAutoshot: 2, faceYaw: 2)
        neutral.follow(faceYaw: 10, cameraStill: false, cameraPan: 6)
        XCTAssertEqual(neutral.current, 8, "the change of 8 counts up to the camera's own pan of 6")
        XCTAssertEqual(neutral.atAutoshot, 2, "the autoshot's neutral is kept as reported")
    }
}
