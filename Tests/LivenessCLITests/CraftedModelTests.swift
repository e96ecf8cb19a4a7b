import Foundation
import XCTest

/// A shape predictor is untrusted input (issue 36 rows 3 and 4): one crafted to read landmarks
/// it does not have, or declaring more than its file holds, is a model error (exit 3, one line),
/// neither a crash nor gigabytes taken before failing.
final class CraftedModelTests: XCTestCase {
    /// dlib's serialization, as far as a shape predictor uses it: an integer is a byte giving its
    /// length (and its sign, 0x80) and that many little-endian bytes; a float is two integers
    /// (mantissa, exponent), here always 0; a vector its length, then its items; a column of
    /// floats its negated rows and columns, then its items.
    struct DlibFile {
        var bytes: [UInt8] = []

        mutating func integer(_ value: Int) {
            var magnitude = UInt64(abs(value)), body: [UInt8] = []
            repeat {
                body.append(UInt8(magnitude & 0xFF))
                magnitude >>= 8
            } while magnitude > 0
            bytes += [UInt8(body.count) | (value < 0 ? 0x80 : 0)] + body
        }

        mutating func zeros(_ count: Int) {
            for _ in 0..<(2 * count) { integer(0) }
        }

        mutating func column(_ rows: Int) {
            integer(-rows)
            integer(-1)
            zeros(rows)
        }

        /// A 68-point predictor of one level, one tree of one split, sampling one pixel placed from
        /// landmark `anchor` (`anchors` of them listed), against `offsets` pixel offsets.
        static func predictor(anchor: Int, anchors: Int = 1, offsets: Int = 1) -> DlibFile {
            var file = DlibFile()
            file.integer(1)  // version
            file.column(136)  // the mean shape
            file.integer(1)  // levels
            file.integer(1)  // trees
            file.integer(1)  // splits
            file.integer(0)
            file.integer(0)
            file.zeros(1)  // threshold
            file.integer(2)  // leaves
            file.column(136)
            file.column(136)
            file.integer(1)  // anchor levels
            file.integer(anchors)
            for _ in 0..<anchors { file.integer(anchor) }
            file.integer(1)  // offset levels
            file.integer(offsets)
            file.zeros(2 * offsets)
            return file
        }
    }

    func run(_ file: DlibFile, named name: String) throws -> (CLIResult, String) {
        let temp = try TemporaryDirectory()
        let model = try temp.write(Data(file.bytes), to: name)
        let image = try TestMedia.singleFaceJPEG()
        // An address-space limit of 1.5 GB: a model that makes dlib allocate past it fails the test.
        let result = try CLI.run(["measure", image, "--landmark-model", model], shell: "ulimit -v 1500000; exec \"$@\"")
        return (result, model)
    }

    func testAWellFormedTinyPredictorLoads() throws {
        let (result, _) = try run(.predictor(anchor: 0), named: "tiny.dat")
        XCTAssertEqual(result.exitCode, 0, "the builder writes what dlib reads: \(result.stderr)")
    }

    func testAnAnchorPastTheLandmarksIsAModelError() throws {
        for anchor in [68, 5000] {
            let (result, model) = try run(.predictor(anchor: anchor), named: "anchor-\(anchor).dat")
            Expect.errorLine(result, code: 3, naming: model, cause: ["anchor \(anchor) is no landmark"])
        }
    }

    func testMissingAnchorsAreAModelError() throws {
        let (result, model) = try run(.predictor(anchor: 0, anchors: 0, offsets: 3), named: "no-anchors.dat")
        Expect.errorLine(result, code: 3, naming: model, cause: ["anchors and pixel offsets differ"])
    }

    func testACountLargerThanTheFileIsAModelErrorBeforeAnyAllocation() throws {
        var file = DlibFile()
        file.integer(1)
        file.column(136)
        file.integer(120_000_000)  // levels of trees, in a file of a few hundred bytes
        let (result, model) = try run(file, named: "huge-count.dat")
        Expect.errorLine(result, code: 3, naming: model, cause: ["declares more cascade levels than its file holds"])
    }
}
