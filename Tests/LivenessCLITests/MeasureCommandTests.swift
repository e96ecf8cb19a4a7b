import Foundation
import XCTest

/// `liveness measure IMAGE...`.
final class MeasureCommandTests: XCTestCase {
    func testOneFaceAsJSON() throws {
        let image = try TestMedia.singleFaceJPEG()
        let result = try CLI.run(["measure", image, "--json"])
        XCTAssertEqual(result.exitCode, 0, "stderr: \(result.stderr)")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout.dropLast().filter { $0 == "\n" }.count, 0, "one JSON line per image")
        let json = try result.json()
        XCTAssertEqual(json.string("image"), image)
        let faces = try XCTUnwrap(json.objects("faces"))
        XCTAssertEqual(faces.count, 1, "one face in single_face.jpg")
        let face = try XCTUnwrap(faces.first)

        let box = try XCTUnwrap(face.object("box"), "faces[0].box")
        for key in ["x", "y", "width", "height"] { XCTAssertNotNil(box.number(key), "box.\(key)") }
        XCTAssertGreaterThan(box.number("width") ?? 0, 50)
        XCTAssertGreaterThan(box.number("height") ?? 0, 50)

        let landmarks = try XCTUnwrap(face["landmarks"] as? [[Any]], "faces[0].landmarks")
        XCTAssertEqual(landmarks.count, 68)
        for (index, point) in landmarks.enumerated() {
            XCTAssertEqual(point.count, 2, "landmark \(index) is an [x, y] pair")
            XCTAssertNotNil(point.first as? NSNumber, "landmark \(index) x")
            XCTAssertNotNil(point.last as? NSNumber, "landmark \(index) y")
        }
        // The landmarks lie on the detected face (with a margin for the jaw line).
        let x = box.number("x") ?? 0, y = box.number("y") ?? 0, w = box.number("width") ?? 0, h = box.number("height") ?? 0
        for point in landmarks {
            let px = (point[0] as? NSNumber)?.doubleValue ?? -1, py = (point[1] as? NSNumber)?.doubleValue ?? -1
            XCTAssertTrue((x - 0.25 * w...x + 1.25 * w).contains(px) && (y - 0.25 * h...y + 1.25 * h).contains(py), "landmark \(point) far from box")
        }

        let ear = try XCTUnwrap(face.number("ear"), "faces[0].ear")
        XCTAssertTrue((0.05...0.6).contains(ear), "EAR \(ear)")
        let closure = try XCTUnwrap(face.number("closure"), "faces[0].closure")
        XCTAssertTrue((0...1).contains(closure), "closure \(closure)")
        // Each lid's height over its eye's corner line, in eye widths; a still's closure is the
        // upper lids' mean fall from the fallback open lid (0.22), nothing taken off for the lower.
        let lids = try XCTUnwrap(face.object("lids"), "faces[0].lids")
        var falls: [Double] = []
        for eye in ["right", "left"] {
            let lid = try XCTUnwrap(lids.object(eye), "lids.\(eye)")
            let upper = try XCTUnwrap(lid.number("upper"), "lids.\(eye).upper")
            let lower = try XCTUnwrap(lid.number("lower"), "lids.\(eye).lower")
            XCTAssertTrue((0.05...0.4).contains(upper) && (0...0.3).contains(lower), "\(eye) lids \(upper) \(lower)")
            falls.append(min(max(1 - upper / 0.22, 0), 1))
        }
        XCTAssertEqual(closure, (falls[0] + falls[1]) / 2, accuracy: 1e-3)
        let yaw = try XCTUnwrap(face.number("yaw"), "faces[0].yaw")
        XCTAssertLessThan(abs(yaw), 25, "a frontal face")
    }

    func testAMissingImageIsReportedAndTheOthersStillMeasured() throws {
        let image = try TestMedia.singleFaceJPEG()
        let temp = try TemporaryDirectory()
        let missing = temp.file("missing.jpg").path

        let result = try CLI.run(["measure", image, missing, "--json"])
        XCTAssertEqual(result.exitCode, 3, "one bad image makes the run an input error; stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "the good image is still printed: \(result.stdout)")
        let json = try JSONFile.object(Data((lines.first ?? "").utf8), what: "measure output")
        XCTAssertEqual(json.string("image"), image)
        XCTAssertEqual(json.objects("faces")?.count, 1)
        XCTAssertEqual(result.stderrLines, ["liveness: \(missing): no such file"])

        // The order does not matter: a bad first image does not stop the second.
        let reversed = try CLI.run(["measure", missing, image, "--json"])
        XCTAssertEqual(reversed.exitCode, 3)
        XCTAssertEqual(reversed.stdout.split(separator: "\n").count, 1)
        XCTAssertEqual(reversed.stderrLines, ["liveness: \(missing): no such file"])
    }

    func testATextFileIsNotAnImage() throws {
        let temp = try TemporaryDirectory()
        let fake = try temp.write("not an image\n", to: "fake.jpg")
        let result = try CLI.run(["measure", fake, "--json"])
        Expect.errorLine(result, code: 3, naming: fake, cause: ["not a readable image"])
    }
}
