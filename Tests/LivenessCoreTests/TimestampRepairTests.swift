import LivenessCore
import XCTest

final class TimestampRepairTests: XCTestCase {
    func testZerosAtTheEndAreExtrapolatedAtTheDeclaredRate() {
        var repair = TimestampRepair(declaredFPS: 30)
        let raw = [0, 33.333, 66.667, 100, 0, 0]
        let fixed = raw.map { repair.repair($0) }
        XCTAssertEqual(Array(fixed.prefix(4)), Array(raw.prefix(4)))
        XCTAssertEqual(fixed[4], 133.333, accuracy: 1e-3)
        XCTAssertEqual(fixed[5], 166.667, accuracy: 1e-3)
    }

    func testWithoutADeclaredRateTheLastIntervalIsUsed() {
        var repair = TimestampRepair(declaredFPS: 0)
        let fixed = [0, 41.7, 83.7, 83.7].map { repair.repair($0) }
        XCTAssertEqual(fixed, [0, 41.7, 83.7, 125.7])
    }

    /// SPEC §1: timestamps count from the first frame, which is at 0 ms, whatever the file's own
    /// first timestamp (face_noface.mov's is -16.7 ms; a camera's is its clock's time).
    func testTheFirstFrameIsAtZero() {
        var repair = TimestampRepair(declaredFPS: 0)
        let fixed = [-16.7, 25, 67, 67].map { repair.repair($0) }
        XCTAssertEqual(fixed[0], 0)
        XCTAssertEqual(fixed[1], 41.7, accuracy: 1e-9)
        XCTAssertEqual(fixed[2], 83.7, accuracy: 1e-9)
        XCTAssertEqual(fixed[3], 125.7, accuracy: 1e-9)
        var camera = TimestampRepair(declaredFPS: 30)
        XCTAssertEqual(camera.repair(5_000_000), 0)
        XCTAssertEqual(camera.repair(5_000_033.3), 33.3, accuracy: 1e-6)
    }
}
