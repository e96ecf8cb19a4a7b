import LivenessBench
import XCTest

/// A manifest floor and its known-gap mark, read and judged as the bench judges them: what sets
/// the bench's exit status.
final class FloorTests: XCTestCase {
    private func floors(_ json: String) throws -> [Floor] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("floors-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BenchManifest.floors(path: path)
    }

    private func floor(_ json: String) throws -> Floor {
        try XCTUnwrap(floors(#"{"floors": ["# + json + "]}").first)
    }

    func testAKnownGapNoWorseThanRecordedIsNoRegression() throws {
        let floor = try floor(#"{"metric": "m", "min": 0.97, "knownGap": {"issue": 10, "measured": 0.818}}"#)
        XCTAssertEqual(floor.knownGap?.issue, 10)
        XCTAssertEqual(floor.knownGap?.measured, 0.818)
        let asRecorded = FloorCheck(floor, value: 0.818)
        XCTAssertEqual(asRecorded.status, .knownGap)
        XCTAssertEqual(asRecorded.message, "m = 0.818 is below its floor 0.970: a known gap of issue 10, recorded at 0.818")
        XCTAssertEqual(FloorCheck(floor, value: 0.9).status, .knownGap, "better than recorded, still short of the floor")
        // `measured` is copied from a result JSON's four decimals: its rounding is no regression.
        XCTAssertEqual(FloorCheck(floor, value: 0.81796).status, .knownGap)
    }

    func testAKnownGapWorseThanRecordedIsBrokenAndSaysByHowMuch() throws {
        let floor = try floor(#"{"metric": "turns", "min": 0.97, "knownGap": {"issue": 10, "measured": 0.818}}"#)
        let worse = FloorCheck(floor, value: 0.8)
        XCTAssertEqual(worse.status, .broken)
        XCTAssertEqual(worse.message, "turns = 0.800 is below its floor 0.970, and worse than its known gap of issue 10, recorded at 0.818")

        let near = try self.floor(#"{"metric": "same", "min": 1, "knownGap": {"issue": 11, "measured": 0.9999}}"#)
        let justWorse = FloorCheck(near, value: 0.99982)
        XCTAssertEqual(justWorse.status, .broken)
        XCTAssertEqual(justWorse.message, "same = 0.9998 is below its floor 1.0000, and worse than its known gap of issue 11, recorded at 0.9999")
        XCTAssertEqual(FloorCheck(near, value: 0.99998).status, .knownGap)
    }

    func testAKnownGapWhoseFloorHoldsIsHeldAndSaysTheMarkCanGo() throws {
        let floor = try floor(#"{"metric": "m", "min": 0.97, "knownGap": {"issue": 10, "measured": 0.818}}"#)
        let check = FloorCheck(floor, value: 0.97)
        XCTAssertEqual(check.status, .held)
        XCTAssertNil(check.message)
        XCTAssertTrue(check.gapClosed)
        XCTAssertFalse(FloorCheck(floor, value: 0.9).gapClosed)
    }

    func testABrokenFloorPrintsEnoughDigitsToShowWhy() throws {
        let floor = try floor(#"{"metric": "identity.sameAccepted", "min": 1}"#)
        XCTAssertEqual(FloorCheck(floor, value: 0.99998).message, "identity.sameAccepted = 0.99998 is below its floor 1.00000")
        XCTAssertEqual(FloorCheck(floor, value: 0.5).message, "identity.sameAccepted = 0.500 is below its floor 1.000")
        XCTAssertEqual(FloorCheck(floor, value: 1 - 1e-12).message, "identity.sameAccepted = 0.999999999999 is below its floor 1.000000000000")
        XCTAssertEqual(FloorCheck(floor, value: 1).status, .held)
        let ceiling = try self.floor(#"{"metric": "yaw.maeWithin30", "max": 3}"#)
        XCTAssertEqual(FloorCheck(ceiling, value: 3.0004).message, "yaw.maeWithin30 = 3.0004 is above its ceiling 3.0000")
    }

    func testAMetricNotMeasuredBreaksItsFloorEvenAsAKnownGap() throws {
        for json in [#"{"metric": "m", "min": 0.5}"#, #"{"metric": "m", "min": 0.5, "knownGap": {"issue": 3, "measured": 0.4}}"#] {
            let floor = try floor(json)
            for value in [nil, Double.nan] {
                let check = FloorCheck(floor, value: value)
                XCTAssertEqual(check.status, .broken, json)
                XCTAssertEqual(check.message, "m was not measured", json)
            }
        }
    }

    func testARunFailsOnlyOnItsBrokenFloorsAndListsTheKnownGapsApart() throws {
        let floors = try floors("""
            {"floors": [
              {"metric": "held", "min": 0.5},
              {"metric": "gap", "min": 0.97, "knownGap": {"issue": 10, "measured": 0.75}},
              {"metric": "regressed", "min": 0.97, "knownGap": {"issue": 10, "measured": 0.75}},
              {"metric": "absent", "max": 1}
            ]}
            """)
        let metrics = [Metric("held", 0.6, count: 5), Metric("gap", 0.75, count: 4), Metric("regressed", 0.5, count: 4)]
        let checks = [FloorCheck](floors, metrics: metrics)
        XCTAssertEqual(checks.map(\.status), [.held, .knownGap, .broken, .broken])
        XCTAssertEqual(checks.broken, [
            "regressed = 0.500 is below its floor 0.970, and worse than its known gap of issue 10, recorded at 0.750",
            "absent was not measured",
        ])
        XCTAssertEqual(checks.knownGaps, ["gap = 0.750 is below its floor 0.970: a known gap of issue 10, recorded at 0.750"])
        XCTAssertEqual([FloorCheck](Array(floors.prefix(2)), metrics: metrics).broken, [], "held and a known gap: no regression")
    }

    func testShortfallIsTheDistanceOutsideTheBound() throws {
        let range = try floor(#"{"metric": "slope", "min": 0.9, "max": 1.1}"#)
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
