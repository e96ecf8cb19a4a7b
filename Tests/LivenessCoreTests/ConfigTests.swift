import Foundation
import LivenessCore
import XCTest

final class ConfigTests: XCTestCase {
    func testDefaultsAreSpecs() {
        let c = LivenessConfig()
        XCTAssertEqual([c.circleCentreX, c.circleCentreY, c.circleRadius], [0.5, 0.5, 0.40])
        XCTAssertEqual(c.settleMs, 300)
        XCTAssertEqual(c.framesToAutoshot, 3)
        XCTAssertEqual(c.tooFarHeightFraction, 0.35)
        XCTAssertEqual(c.blinkClosure, 0.22)
        XCTAssertEqual(c.blinkMaxAbsYaw, 25)
        XCTAssertEqual(c.blinkSeenOpenClosure, 0.11)
        XCTAssertEqual(c.openEyePercentile, 0.80)
        XCTAssertEqual(c.openEyeWindowMs, 2000)
        XCTAssertEqual(c.openEyeMinSamples, 3)
        XCTAssertEqual(c.openEyeMaxAbsYaw, 25)
        // Measured, not SPEC's: Benchmarks/RESULTS.md, "Eye closure".
        XCTAssertEqual(c.openEyeFallback, 0.22)
        XCTAssertEqual(c.openEyeMinimum, 0.16)
        XCTAssertEqual(c.squintShare, 0.35)
        XCTAssertEqual(c.turnDegrees, 7.5)
        XCTAssertEqual(c.turnHoldFrames, 2)
        XCTAssertEqual(c.graceMs, 500)
        XCTAssertEqual(c.capMs, 20_000)
        XCTAssertEqual(c.snapshotMaxClosure, 0.11)
        XCTAssertEqual(c.snapshotMaxYawFromNeutral, 5)
        XCTAssertEqual(c.snapshotWindowMs, 2000)
        XCTAssertNil(c.focalLengthPx)
    }

    func testZeroAndOneAreNumbersAndTrueIsNot() throws {
        // Found by Benchmarks/fuzz.sh: Linux bridges the JSON numbers 0 and 1 to Bool.
        let c = try LivenessConfig(json: Data(#"{"settleMs": 0, "framesToAutoshot": 1, "turnHoldFrames": 1, "circleCentreX": 1.0, "blinkClosure": 1}"#.utf8))
        XCTAssertEqual(c.settleMs, 0)
        XCTAssertEqual(c.framesToAutoshot, 1)
        XCTAssertEqual(c.turnHoldFrames, 1)
        XCTAssertEqual(c.circleCentreX, 1)
        XCTAssertEqual(c.blinkClosure, 1)
        for text in [#"{"settleMs": true}"#, #"{"framesToAutoshot": false}"#, #"{"focalLengthPx": true}"#] {
            XCTAssertThrowsError(try LivenessConfig(json: Data(text.utf8)), text)
        }
    }

    func testHugeWholeNumbersAreOutOfRangeNotACrash() {
        // Found by Benchmarks/fuzz.sh: Int(1e308) trapped ("Double value cannot be converted to Int").
        for text in [#"{"framesToAutoshot": 1e308}"#, #"{"turnHoldFrames": -1e308}"#, #"{"openEyeMinSamples": 18446744073709551616}"#] {
            XCTAssertThrowsError(try LivenessConfig(json: Data(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".contains("must be a whole number"), "\(error)")
            }
        }
    }

    func testAPartialConfigKeepsTheOtherDefaults() throws {
        let c = try LivenessConfig(json: Data(#"{"capMs": 10000, "turnDegrees": 10, "focalLengthPx": 800}"#.utf8))
        XCTAssertEqual(c.capMs, 10_000)
        XCTAssertEqual(c.turnDegrees, 10)
        XCTAssertEqual(c.focalLengthPx, 800)
        XCTAssertEqual(c.settleMs, 300)
    }

    func testTheReportedConfigReadsBackTheSame() throws {
        var c = LivenessConfig()
        c.graceMs = 750
        c.framesToAutoshot = 5
        let again = try LivenessConfig(json: Data(c.json.serialized().utf8))
        XCTAssertEqual(again, c)
    }

    func testMalformedConfigsAreRejectedWithTheCause() {
        let cases: [(String, String)] = [
            ("{", "not valid JSON"),
            ("[1]", "the top level must be a JSON object"),
            (#"{"capMS": 1}"#, #"unknown key "capMS""#),
            (#"{"capMs": "20s"}"#, #""capMs" must be a number"#),
            (#"{"circleRadius": 2}"#, #""circleRadius" must be a number in 0.01...0.5"#),
            (#"{"framesToAutoshot": 2.5}"#, #""framesToAutoshot" must be a whole number"#),
            (#"{"turnHoldFrames": true}"#, #""turnHoldFrames" must be a whole number"#),
        ]
        for (text, cause) in cases {
            XCTAssertThrowsError(try LivenessConfig(json: Data(text.utf8)), text) { error in
                XCTAssertTrue(String(describing: error).hasPrefix(cause), "\(text): \(error)")
            }
        }
    }

    func testJSONKeepsKeyOrderAndEscapes() {
        let value = JSON.object([("b", .number(1.5)), ("a", .string("x\"y\n")), ("n", .null), ("w", .number(3)), ("l", .array([.bool(true)]))])
        XCTAssertEqual(value.serialized(), #"{"b":1.5,"a":"x\"y\n","n":null,"w":3,"l":[true]}"#)
        XCTAssertEqual(JSON.number(.nan).serialized(), "null")
        XCTAssertEqual(JSON.number(0.123456).serialized(), "0.1235")
        XCTAssertEqual(JSON.number(6140.000000001).serialized(), "6140")
        XCTAssertEqual(JSON.number(-0.00001).serialized(), "0")
    }
}
