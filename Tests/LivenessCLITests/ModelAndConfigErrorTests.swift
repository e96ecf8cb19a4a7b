import Foundation
import XCTest

/// SPEC §7 for models and configuration: exit 3, one line naming the file, the cause and the fix.
final class ModelAndConfigErrorTests: XCTestCase {
    // MARK: Models

    func testCorruptLandmarkModelSaysHowToReinstall() throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let model = try temp.write(TestMedia.noise(count: 1024, seed: 1), to: "garbage.dat")
        let result = try CLI.run(["score", clip, "--landmark-model", model])
        Expect.errorLine(result, code: 3, naming: model, cause: ["corrupt", "apt-get install --reinstall libdlib-data"])
    }

    func testMissingLandmarkModelNamesItsPackage() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, "--landmark-model", "/nonexistent.dat"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent.dat", cause: ["missing", "libdlib-data"])
    }

    func testLandmarkModelFromTheEnvironment() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip], environment: ["LIVENESS_LANDMARK_MODEL": "/nonexistent.dat"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent.dat", cause: ["missing", "libdlib-data"])
    }

    func testAModelVariableSetEmptyIsUnset() throws {
        // `LIVENESS_DESCRIPTOR_MODEL= liveness score ...` said "model  is missing" (issue 36).
        let empty = ["LIVENESS_LANDMARK_MODEL": "", "LIVENESS_FACE_CASCADE": "", "LIVENESS_SEARCH_CASCADE": "", "LIVENESS_DESCRIPTOR_MODEL": ""]
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--seed", "1", "--json"], environment: empty)
        XCTAssertEqual(result.exitCode, 1, "scored with the default models (the clip ends during the scan); stderr: \(result.stderr)")
    }

    func testTheFlagWinsOverTheEnvironment() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(
            ["score", clip, "--landmark-model", "/flag/missing.dat"], environment: ["LIVENESS_LANDMARK_MODEL": "/env/missing.dat"])
        Expect.errorLine(result, code: 3, naming: "/flag/missing.dat", cause: ["libdlib-data"])
    }

    func testMissingFaceCascadeNamesItsPackage() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, "--face-cascade", "/nonexistent.xml"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent.xml", cause: ["missing", "opencv-data"])
    }

    func testMissingSearchCascadeNamesItsPackage() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, "--search-cascade", "/nonexistent-lbp.xml"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent-lbp.xml", cause: ["missing", "opencv-data"])
        let fromEnvironment = try CLI.run(["score", clip], environment: ["LIVENESS_SEARCH_CASCADE": "/nonexistent-lbp.xml"])
        Expect.errorLine(fromEnvironment, code: 3, naming: "/nonexistent-lbp.xml", cause: ["missing", "opencv-data"])
    }

    func testMissingFaceCascadeFromTheEnvironment() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip], environment: ["LIVENESS_FACE_CASCADE": "/nonexistent.xml"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent.xml", cause: ["missing", "opencv-data"])
    }

    func testCorruptFaceCascadeSaysHowToReinstall() throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let cascade = try temp.write(TestMedia.noise(count: 1024, seed: 2), to: "garbage.xml")
        let result = try CLI.run(["score", clip, "--face-cascade", cascade])
        Expect.errorLine(result, code: 3, naming: cascade, cause: ["corrupt", "opencv-data"])
    }

    func testMeasureChecksTheModelsToo() throws {
        let image = try TestMedia.singleFaceJPEG()
        let result = try CLI.run(["measure", image, "--landmark-model", "/nonexistent.dat"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent.dat", cause: ["libdlib-data"])
    }

    // MARK: Configuration

    func testConfigThatIsNotJSON() throws {
        try assertMalformedConfig(#"{"capMs": "#, cause: "not valid JSON")
    }

    func testConfigWithAnUnknownKey() throws {
        // A misspelt key must not silently fall back to the default.
        try assertMalformedConfig(#"{"capMS": 1000}"#, cause: #"unknown key "capMS""#)
    }

    func testConfigWithAWrongType() throws {
        try assertMalformedConfig(#"{"capMs": "twenty seconds"}"#, cause: #""capMs" must be a number"#)
    }

    func testConfigThatIsNotAnObject() throws {
        try assertMalformedConfig("[1, 2]", cause: "object")
    }

    func testMissingConfigFile() throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let path = temp.file("absent.json").path
        Expect.errorLine(try CLI.run(["score", clip, "--config", path]), code: 3, naming: path, cause: ["configuration file not found"])
    }

    private func assertMalformedConfig(_ text: String, cause: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let config = try temp.write(text, to: "config.json")
        let result = try CLI.run(["score", clip, "--config", config], file: file, line: line)
        Expect.errorLine(result, code: 3, naming: config, cause: ["malformed configuration", cause], file: file, line: line)
    }
}
