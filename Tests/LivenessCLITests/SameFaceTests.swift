import Foundation
import XCTest

/// SPEC §5 end to end: a face swap fails with faceChanged, `--reference` matches the same
/// person's photo and not another's, a reference without one face is an input error, and the
/// face descriptor model's own errors.
final class SameFaceTests: XCTestCase {
    /// The pyfeat man frames the autoshot (at 367 ms), then from 0.5 s real.mov's man laughs and
    /// turns: 7 s at 640x360, 15 fps.
    static func faceSwap(in temp: TemporaryDirectory) throws -> String {
        let swap = temp.file("face_swap.mp4").path
        try TestMedia.runFFmpeg([
            "-i", try TestMedia.singleFaceMP4(), "-i", try TestMedia.realMov(), "-filter_complex",
            "[0:v]trim=end=0.5,setpts=PTS-STARTPTS,scale=640:360,fps=15,setsar=1[a];"
                + "[1:v]trim=end=6.5,setpts=PTS-STARTPTS,scale=640:360,fps=15,setsar=1[b];[a][b]concat=n=2:v=1:a=0[v]",
            "-map", "[v]", "-an", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", swap,
        ])
        return swap
    }

    /// One frame of a clip as a JPEG (a stand-in for an ID photo).
    static func still(of clip: String, atSeconds seconds: Double, in temp: TemporaryDirectory, name: String) throws -> String {
        let path = temp.file(name).path
        try TestMedia.runFFmpeg(["-ss", String(seconds), "-i", clip, "-frames:v", "1", path])
        return path
    }

    func testAFaceSwapFailsWithFaceChanged() throws {
        let temp = try TemporaryDirectory()
        let swap = try Self.faceSwap(in: temp)
        let out = temp.file("out")
        let result = try CLI.run(["score", swap, "--seed", "1", "--json", "--out", out.path])
        XCTAssertEqual(result.exitCode, 1, "a face swap does not pass; stderr: \(result.stderr)")
        let report = try result.json()
        XCTAssertNotEqual(report.string("outcome"), "passed")
        XCTAssertEqual(LiveCommandTests.credited(report), [], "nothing credited to the second face")
        let identity = try XCTUnwrap(report.object("identity"))
        let changes = try XCTUnwrap(identity.objects("faceChanged"))
        XCTAssertEqual(changes.count, 1, "one change, announced once: \(identity)")
        XCTAssertGreaterThanOrEqual(changes.first?.number("distance") ?? 0, 0.6)
        XCTAssertGreaterThan(identity.number("refusedFrames") ?? 0, 1)
        let events = try Expect.eventStream(at: out.appendingPathComponent("events.jsonl"))
        let faceChanged = events.filter { $0.string("event") == "faceChanged" }
        XCTAssertEqual(faceChanged.count, 1)
        XCTAssertEqual(faceChanged.first?.number("distance"), changes.first?.number("distance"))

        // The rule is what stops it: with the threshold out of reach the same clip passes (with the
        // blink's lid travel and noise bounds off too, without which real.mov's part, at 15 fps and
        // 640x360, credits no blink).
        let config = try temp.write(#"{"differentFaceDistance": 4, "blinkMinLidTravel": 0, "blinkNoiseMultiple": 0}"#, to: "lenient.json")
        let lenient = try CLI.run(["score", swap, "--seed", "1", "--json", "--config", config])
        XCTAssertEqual(lenient.exitCode, 0, "without the same-face rule the swap passes; stderr: \(lenient.stderr)")
        XCTAssertEqual(LiveCommandTests.credited(try lenient.json()), ["blink", "turnHead"])
    }

    func testAGenuineClipPassesWithItsDistances() throws {
        let temp = try TemporaryDirectory()
        let result = try CLI.run(["score", try TestMedia.realMov(), "--seed", "1", "--json"] + TestMedia.realMovPassingArguments(in: temp))
        XCTAssertEqual(result.exitCode, 0, "stderr: \(result.stderr)")
        let report = try result.json()
        let identity = try XCTUnwrap(report.object("identity"))
        XCTAssertEqual(identity.objects("faceChanged")?.count, 0)
        let distances = try XCTUnwrap(identity.objects("actions")).compactMap { $0.number("distance") }
        XCTAssertEqual(distances.count, 2, "a distance per credited action: \(identity)")
        XCTAssertTrue(distances.allSatisfy { $0 < 0.6 }, "\(distances)")
        XCTAssertLessThan(try XCTUnwrap(identity.object("snapshot")?.number("distance")), 0.6)
        XCTAssertEqual(report.object("timing")?.object("descriptors")?.number("count"), 4, "autoshot, two credits, snapshot")
        XCTAssertNotNil(report.object("models")?.string("faceDescriptor"))
        XCTAssertNotNil(report.object("blas")?.string("library"), "the BLAS library loaded: \(report["blas"] ?? "none")")
    }

    func testAReferenceOfTheSamePersonMatchesAndAnothersDoesNot() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.baselineMP4()
        // The same man in his other recording, and the pyfeat still of another man.
        let same = try Self.still(of: try TestMedia.clip("openwillis_selfie_videos/not_expressive.mp4"), atSeconds: 4, in: temp, name: "same.jpg")
        let other = try TestMedia.singleFaceJPEG()
        for (reference, match) in [(same, true), (other, false)] {
            let result = try CLI.run(["score", clip, "--seed", "1", "--json", "--reference", reference] + TestMedia.realMovPassingArguments(in: temp))
            XCTAssertEqual(result.exitCode, 1, "baseline.mp4 ends during the scan; stderr: \(result.stderr)")
            let found = try XCTUnwrap(try result.json().object("identity")?.object("reference"), "identity.reference")
            XCTAssertEqual(found.string("path"), reference)
            XCTAssertEqual(found["match"] as? Bool, match, "\(reference): \(found)")
            let distance = try XCTUnwrap(found.number("distanceFromAutoshot"))
            XCTAssertTrue(match ? distance < 0.6 : distance >= 0.6, "\(reference): \(distance)")
            XCTAssertTrue(found["distanceFromSnapshot"] is NSNull, "no snapshot: the clip does not pass")
        }
    }

    func testAReferenceIsComparedWithTheSnapshotToo() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.realMov()
        let reference = try Self.still(of: clip, atSeconds: 1, in: temp, name: "frontal.jpg")
        let result = try CLI.run(["score", clip, "--seed", "1", "--json", "--reference", reference] + TestMedia.realMovPassingArguments(in: temp))
        XCTAssertEqual(result.exitCode, 0, "stderr: \(result.stderr)")
        let found = try XCTUnwrap(try result.json().object("identity")?.object("reference"))
        XCTAssertLessThan(try XCTUnwrap(found.number("distanceFromSnapshot")), 0.6)
        XCTAssertEqual(found["match"] as? Bool, true)
    }

    func testAReferenceWithoutAFaceIsAnInputError() throws {
        let temp = try TemporaryDirectory()
        let blank = temp.file("blank.png").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=320x240", "-frames:v", "1", blank])
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--reference", blank])
        Expect.errorLine(result, code: 3, naming: blank, cause: ["no face found in the reference photo"])
    }

    func testAReferenceWithSeveralFacesIsAnInputError() throws {
        let group = try TestMedia.clip("pyfeat_face_videos/multi_face.jpg")
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--reference", group])
        Expect.errorLine(result, code: 3, naming: group, cause: ["faces", "it must show one"])
        let live = try CLI.run(["live", "--source", try TestMedia.singleFaceMP4(), "--headless", "--reference", group])
        Expect.errorLine(live, code: 3, naming: group, cause: ["faces", "it must show one"])
    }

    func testAMissingReferenceIsAnInputError() throws {
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--reference", "/nonexistent/id.jpg"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent/id.jpg", cause: ["no such file"])
    }

    func testABatchGivesEveryClipTheReference() throws {
        let temp = try TemporaryDirectory()
        let reference = try Self.still(of: try TestMedia.baselineMP4(), atSeconds: 2, in: temp, name: "id.jpg")
        let result = try CLI.run(["score", try TestMedia.baselineMP4(), try TestMedia.singleFaceMP4(), "--jobs", "1", "--seed", "1",
                                  "--reference", reference], timeout: 120)
        XCTAssertEqual(result.exitCode, 0, "every clip was scored; stderr: \(result.stderr)")
        let lines = try result.stdout.split(separator: "\n").map { try JSONFile.object(Data($0.utf8), what: "batch line") }
        let clips = lines.filter { $0["summary"] == nil }
        XCTAssertEqual(clips.count, 2)
        let matches = clips.map { $0.object("identity")?.object("reference")?["match"] as? Bool }
        XCTAssertEqual(matches, [true, false], "baseline is the reference's man, single_face another")

        let group = try TestMedia.clip("pyfeat_face_videos/multi_face.jpg")
        let bad = try CLI.run(["score", try TestMedia.baselineMP4(), try TestMedia.singleFaceMP4(), "--jobs", "1", "--reference", group],
                              timeout: 120)
        XCTAssertEqual(bad.exitCode, 3, "a bad reference stops the batch; stderr: \(bad.stderr)")
        XCTAssertTrue(bad.stderr.contains("\(group): the reference photo shows"), bad.stderr)
    }

    func testHeadlessLiveReportsTheReference() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.realMov()
        let reference = try Self.still(of: clip, atSeconds: 1, in: temp, name: "frontal.jpg")
        let out = temp.file("out")
        let live = try CLI.run(["live", "--source", clip, "--every-frame", "--headless", "--seed", "7", "--out", out.path, "--reference", reference] + TestMedia.realMovPassingArguments(in: temp),
                               environment: ["DISPLAY": ""], timeout: 120)
        XCTAssertEqual(live.exitCode, 0, "stderr: \(live.stderr)")
        let report = try JSONFile.object(at: out.appendingPathComponent("report.json"))
        XCTAssertEqual(report.object("identity")?.object("reference")?["match"] as? Bool, true)
        XCTAssertNotNil(report.object("blas"))
    }

    // MARK: The face descriptor model

    func testAMissingDescriptorModelSaysHowToInstallIt() throws {
        let clip = try TestMedia.singleFaceMP4()
        let result = try CLI.run(["score", clip, "--descriptor-model", "/nonexistent/resnet.dat"])
        Expect.errorLine(result, code: 3, naming: "/nonexistent/resnet.dat", cause: ["missing", "make setup"])
        let fromEnvironment = try CLI.run(["score", clip], environment: ["LIVENESS_DESCRIPTOR_MODEL": "/env/resnet.dat"])
        Expect.errorLine(fromEnvironment, code: 3, naming: "/env/resnet.dat", cause: ["missing", "make setup"])
    }

    /// `measure` has no identity to judge: it neither needs nor reads the descriptor model.
    func testMeasureRunsWithoutTheDescriptorModel() throws {
        let result = try CLI.run(["measure", try TestMedia.singleFaceJPEG(), "--descriptor-model", "/nonexistent/resnet.dat"])
        XCTAssertEqual(result.exitCode, 0, "stderr: \(result.stderr)")
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains("face 1"), result.stdout)
    }

    func testACorruptDescriptorModelSaysHowToReinstallIt() throws {
        let temp = try TemporaryDirectory()
        let model = try temp.write(TestMedia.noise(count: 4096, seed: 3), to: "resnet.dat")
        let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--descriptor-model", model])
        Expect.errorLine(result, code: 3, naming: model, cause: ["corrupt", "install_face_descriptor_model.sh"])
    }

    /// dlib trusts the tensor sizes a network file declares (a negative one made it write through a
    /// null pointer: SIGSEGV) and loads changed weights silently: the file is checked against the
    /// model's SHA-256 first (issue 36). Both copies keep the model's size.
    func testACraftedOrChangedDescriptorModelIsAModelError() throws {
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"] ?? (NSHomeDirectory() + "/.local/share")
        let installed = try Data(contentsOf: URL(fileURLWithPath: dataHome + "/liveness/dlib_face_recognition_resnet_model_v1.dat"))
        // The stem convolution's parameters: "con_4", then the tensor's version (2) and its sizes
        // 4736 x 1 x 1 x 1, each integer a length byte (0x80: negative) and its bytes.
        let header = try XCTUnwrap(installed.range(of: Data("con_4".utf8))).upperBound
        XCTAssertEqual([UInt8](installed[header..<header + 11]), [1, 2, 2, 0x80, 0x12, 1, 1, 1, 1, 1, 1])
        var negative = installed
        negative[header + 5] = 0x81  // k = -1
        var changedWeight = installed
        changedWeight[header + 11] ^= 0x40  // the first weight's exponent
        let temp = try TemporaryDirectory()
        for (name, bytes) in [("negative-size.dat", negative), ("changed-weight.dat", changedWeight)] {
            let model = try temp.write(bytes, to: name)
            let result = try CLI.run(["score", try TestMedia.singleFaceMP4(), "--descriptor-model", model])
            Expect.errorLine(result, code: 3, naming: model, cause: ["corrupt", "SHA-256", "install_face_descriptor_model.sh"])
        }
    }

    /// Without a flag or variable the model is looked for in $XDG_DATA_HOME/liveness (where
    /// `make setup` puts it); a file there of the wrong size is corrupt.
    func testTheDefaultPathFollowsXDGDataHome() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.singleFaceMP4()
        let expected = temp.file("liveness/dlib_face_recognition_resnet_model_v1.dat").path
        let missing = try CLI.run(["score", clip], environment: ["XDG_DATA_HOME": temp.path])
        Expect.errorLine(missing, code: 3, naming: expected, cause: ["missing", "make setup"])
        try FileManager.default.createDirectory(at: temp.file("liveness"), withIntermediateDirectories: true)
        try temp.write(TestMedia.noise(count: 1000, seed: 4), to: "liveness/dlib_face_recognition_resnet_model_v1.dat")
        let truncated = try CLI.run(["score", clip], environment: ["XDG_DATA_HOME": temp.path])
        Expect.errorLine(truncated, code: 3, naming: expected, cause: ["corrupt", "1000 bytes, expected 22466066"])
    }
}
