import LivenessBench
import XCTest

/// A manifest floor and its known-gap mark, read as the bench reads them.
final class FloorTests: XCTestCase {
    private func floors(_ json: String) throws -> [Floor] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("floors-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BenchManifest.floors(path: path)
    }

    func testAKnownGapStillBreaksTheFloorAndSaysWhoseItIs() throws {
        let floor = try XCTUnwrap(floors(#"{"floors": [{"metric": "m", "min": 0.97, "knownGap": {"issue": 10, "measured": 0.818}}]}"#).first)
        XCTAssertEqual(floor.knownGap?.issue, 10)
        XCTAssertEqual(floor.knownGap?.measured, 0.818)
        XCTAssertEqual(floor.breach(0.9), "m = 0.900 is below its floor 0.970 (a known gap of issue 10, recorded at 0.818)")
        XCTAssertNil(floor.breach(0.97))
    }

    func testShortfallIsTheDistanceOutsideTheBound() throws {
        let range = try XCTUnwrap(floors(#"{"floors": [{"metric": "slope", "min": 0.9, "max": 1.1}]}"#).first)
        XCTAssertNil(range.knownGap)
        XCTAssertEqual(range.shortfall(1.0), 0)
        XCTAssertEqual(range.shortfall(0.8), 0.1, accuracy: 1e-12)
        XCTAssertEqual(range.shortfall(1.25), 0.15, accuracy: 1e-12)
    }

    func testAKnownGapNeedsAnIssueAndTheMeasuredValue() {
        for gap in [#""knownGap": {"measured": 0.8}"#, #""knownGap": {"issue": 10}"#, #""knownGap": {"issue": 1.5, "measured": 0.8}"#, #""knownGap": 10"#] {
            XCTAssertThrowsError(try floors(#"{"floors": [{"metric": "m", "min": 0.97, "# + gap + "}]}"), gap)
        }
    }
}
