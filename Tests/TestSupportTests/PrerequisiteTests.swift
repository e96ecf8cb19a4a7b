import TestSupport
import XCTest

final class PrerequisiteTests: XCTestCase {
    func testAMissingPrerequisiteSkipsOnADevelopersMachine() {
        XCTAssertTrue(Prerequisite.missing("data", environment: [:]) is XCTSkip)
        XCTAssertTrue(Prerequisite.missing("data", environment: ["CI": "false"]) is XCTSkip)
    }

    func testAMissingPrerequisiteFailsUnderCI() {
        let error = Prerequisite.missing("test data not found: /x", environment: ["CI": "true"])
        XCTAssertFalse(error is XCTSkip)
        XCTAssertTrue("\(error)".contains("test data not found: /x"), "\(error)")
    }
}
