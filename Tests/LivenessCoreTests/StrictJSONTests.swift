import Foundation
import LivenessCore
import XCTest

/// JSON a person writes is read as RFC 8259 says, no looser, and numbers a report would print
/// differently are refused.
final class StrictJSONTests: XCTestCase {
    func testWhatFoundationLetsThroughIsRefusedWithWhereAndWhy() {
        let cases: [(String, String)] = [
            ("[1, 2,]", "a comma before the closing bracket at line 1, column 7"),
            ("{\"a\": 1,\n}", "a comma before the closing brace at line 2, column 1"),
            (#"{"a": 1, "a": 2}"#, "the key a is given twice at line 1, column 10"),
            ("[01]", "a number with a leading zero"),
            ("[1.]", "a number with no digit after its point"),
            ("[1e]", "a number with an empty exponent"),
            ("[1e400]", "a number too large to hold"),
            ("[1] [2]", "text after the end of the JSON value"),
            ("", "the file is empty"),
            (#"{"a": "x"#, "a string that is never closed"),
            (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nested more than 64 levels deep"),
            ("{\"a\": \"tab\there\"}", "a control character inside a string"),
        ]
        for (text, cause) in cases {
            XCTAssertThrowsError(try StrictJSON.parse(Data(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("not valid JSON: " + cause), "\(text): \(error)")
            }
        }
    }

    func testValidJSONIsParsedAsFoundationDoes() throws {
        let text = "\u{FEFF}{\"a\": [1, -2.5e3, true, null, \"x\\\"y\"], \"b\": {}}"
        let parsed = try XCTUnwrap(try StrictJSON.parse(Data(text.utf8)) as? [String: Any])
        XCTAssertEqual((parsed["a"] as? [Any])?.count, 5)
        XCTAssertEqual(((parsed["a"] as? [Any])?[1] as? NSNumber)?.doubleValue, -2500)
        XCTAssertNoThrow(try StrictJSON.parse(Data((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)))
    }

    func testConfigNumbersMustReadBackAsTheReportPrintsThem() throws {
        for text in [#"{"settleMs": 5e-324}"#, #"{"blinkClosure": 0.12345}"#, #"{"focalLengthPx": 5e-324}"#, #"{"focalLengthPx": 0.5}"#] {
            XCTAssertThrowsError(try LivenessConfig(json: Data(text.utf8)), text)
        }
        let config = try LivenessConfig(json: Data(#"{"blinkClosure": 0.1234, "focalLengthPx": 1, "settleMs": 0}"#.utf8))
        XCTAssertEqual(try LivenessConfig(json: Data(config.json.serialized().utf8)), config, "the printed configuration replays")
    }
}
