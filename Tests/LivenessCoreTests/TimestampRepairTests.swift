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
        let fixed = [-16.7, 25, 67, 67].map { repair.repair($0) }
        XCTAssertEqual(fixed, [-16.7, 25, 67, 109])
    }
}
