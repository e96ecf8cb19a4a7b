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

    /// Issue 20, cases 15 and 20: a key given twice through an escape passed, and a lone
    /// surrogate or a byte that is not UTF-8 was Foundation's "not valid JSON" with no place.
    func testEscapesAndEncodingAreCheckedWithWhereAndWhy() {
        let cases: [(Data, String)] = [
            (Data(#"{"capMs": 20000, "cap\u004ds": 1}"#.utf8), "the key capMs is given twice at line 1, column 18"),
            (Data(#"{"a": 1, "\u0061": 2}"#.utf8), "the key a is given twice"),
            (Data(#"{"a\/": 1, "a/": 2}"#.utf8), "the key a/ is given twice"),
            (Data(#"{"a": "\ud800"}"#.utf8), "a lone surrogate escape (\\ud800) at line 1, column 8"),
            (Data(#"{"a": "\udc00\u0041"}"#.utf8), "a lone surrogate escape"),
            (Data(#"{"a": "\ud800\u0041"}"#.utf8), "a lone surrogate escape"),
            (Data(#"{"a": "\x41"}"#.utf8), "an unknown escape (\\x) at line 1, column 8"),
            (Data(#"{"a": "\u12G4"}"#.utf8), "an unknown escape"),
            (Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]), "bytes that are not UTF-8 inside a string at line 1, column 7"),
            (Data([0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D]), "bytes that are not UTF-8 inside a string at line 1, column 3"),
            (Data([0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D]), "bytes that are not UTF-8 inside a string"),
        ]
        for (data, cause) in cases {
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertThrowsError(try StrictJSON.parse(data), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("not valid JSON: " + cause), "\(text): \(error)")
            }
        }
        // Escapes that are right still are: a surrogate pair, every short escape.
        XCTAssertNoThrow(try StrictJSON.parse(Data(#"{"a": "\ud83d\ude00 \" \\ \/ \b \f \n \r \t \u00e9", "\u0062": 1}"#.utf8)))
    }

    func testValidJSONIsParsedAsFoundationDoes() throws {
        let text = "\u{FEFF}{\"a\": [1, -2.5e3, true, null, \"x\\\"y\"], \"b\": {}}"
        let parsed = try XCTUnwrap(try StrictJSON.parse(Data(text.utf8)) as? [String: Any])
        XCTAssertEqual((parsed["a"] as? [Any])?.count, 5)
        XCTAssertEqual(((parsed["a"] as? [Any])?[1] as? NSNumber)?.doubleValue, -2500)
        XCTAssertNoThrow(try StrictJSON.parse(Data((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)))
    }

    /// Foundation's JSONDecoder keeps the first of two equal keys, takes a trailing comma and
    /// ignores a key it does not know; what a person wrote is decoded through StrictJSON instead.
    /// (Should Foundation start refusing the first two, its check could replace StrictJSON's.)
    func testDecodingRefusesWhatJSONDecoderLetsThrough() throws {
        struct Probe: Decodable {
            var a: Double
            enum CodingKeys: String, CodingKey, CaseIterable { case a }
            init(from decoder: Decoder) throws {
                a = try decoder.strictContainer(keyedBy: CodingKeys.self).decode(Double.self, forKey: .a)
            }
        }
        let cases: [(String, String)] = [
            (#"{"a": 1, "a": 2}"#, "not valid JSON: the key a is given twice"),
            (#"{"a": 1,}"#, "not valid JSON: a comma before the closing brace"),
        ]
        for (text, cause) in cases {
            XCTAssertEqual(try JSONDecoder().decode(Probe.self, from: Data(text.utf8)).a, 1, "Foundation takes \(text)")
            XCTAssertThrowsError(try StrictJSON.decode(Probe.self, from: Data(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(cause), "\(text): \(error)")
            }
        }
        struct Lenient: Decodable { var a: Double }
        XCTAssertEqual(try JSONDecoder().decode(Lenient.self, from: Data(#"{"a": 1, "b": 2}"#.utf8)).a, 1, "Foundation ignores b")
        XCTAssertThrowsError(try StrictJSON.decode(Probe.self, from: Data(#"{"a": 1, "b": 2}"#.utf8))) { error in
            XCTAssertEqual("\(error)", #"unknown key "b""#)
        }
    }

    /// A decoding error is one line that says where in the file, in the file's own terms.
    func testDecodingErrorsSayWhere() {
        struct Entry: Decodable {
            var name: String
            var on: Bool?
            var weight: Double?
            enum CodingKeys: String, CodingKey, CaseIterable { case name, on, weight }
            init(from decoder: Decoder) throws {
                let entry = try decoder.strictContainer(keyedBy: CodingKeys.self)
                name = try entry.decode(String.self, forKey: .name)
                on = try entry.decodeIfGiven(Bool.self, forKey: .on)
                weight = try entry.decodeNumber(.weight, in: 0...1)
            }
        }
        struct File: Decodable { var entries: [Entry] }
        let cases: [(String, String)] = [
            (#"[]"#, "the top level must be a JSON object"),
            (#"{}"#, #""entries" is missing"#),
            (#"{"entries": 1}"#, #""entries" must be a list"#),
            (#"{"entries": [1]}"#, "entries[0] must be a JSON object"),
            (#"{"entries": [{"name": "x"}, {}]}"#, #"entries[1]: "name" is missing"#),
            (#"{"entries": [{"name": "x", "on": 1}]}"#, #"entries[0]: "on" must be true or false"#),
            (#"{"entries": [{"name": "x", "on": null}]}"#, #"entries[0]: "on" must be true or false"#),
            (#"{"entries": [{"name": "x", "weight": 2}]}"#, #"entries[0]: "weight" must be a number in 0...1"#),
            (#"{"entries": [{"name": "x", "weight": true}]}"#, #"entries[0]: "weight" must be a number in 0...1"#),
            (#"{"entries": [{"name": "x", "colour": "red"}]}"#, #"entries[0]: unknown key "colour""#),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try StrictJSON.decode(File.self, from: Data(text.utf8)), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
    }

    func testConfigNumbersMustReadBackAsTheReportPrintsThem() throws {
        for text in [#"{"settleMs": 5e-324}"#, #"{"blinkClosure": 0.12345}"#, #"{"focalLengthPx": 5e-324}"#, #"{"focalLengthPx": 0.5}"#] {
            XCTAssertThrowsError(try LivenessConfig(json: Data(text.utf8)), text)
        }
        let config = try LivenessConfig(json: Data(#"{"blinkClosure": 0.1234, "focalLengthPx": 1, "settleMs": 0}"#.utf8))
        XCTAssertEqual(try LivenessConfig(json: Data(config.json.serialized().utf8)), config, "the printed configuration replays")
    }
}
