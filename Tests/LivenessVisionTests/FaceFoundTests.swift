import DataTestSupport
import LivenessCore
import LivenessData
import LivenessVision
import XCTest

/// Faces found in pyfeat's stills and clips (SPEC §2: faces found with OpenCV, 68 points fitted).
final class FaceFoundTests: XCTestCase {
    private func pyfeat(_ name: String) throws -> String {
        try TestData.require("pyfeat_face_videos/\(name)")
    }

    /// Pairs of found faces whose landmark centroids lie within one inter-ocular distance of each
    /// other: the same face reported twice.
    private func duplicatePairs(_ faces: [(box: FaceBox, face: FaceMeasurement)]) -> [String] {
        var pairs: [String] = []
        for i in faces.indices {
            for j in faces.indices where j > i {
                let a = faces[i].face.landmarks, b = faces[j].face.landmarks
                let eyes = max(Landmarks68.eyeDistance(a), Landmarks68.eyeDistance(b))
                if Point2.centroid(a).distance(to: Point2.centroid(b)) < eyes {
                    pairs.append("\(faces[i].box) and \(faces[j].box)")
                }
            }
        }
        return pairs
    }

    private func isInside(_ points: [Point2], width: Double, height: Double) -> Bool {
        points.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x < width && $0.y < height }
    }

    func testPortraitPhotoHasExactlyOneFace() throws {
        let found = try SharedAnalyzer.forStills().measureStill(Image.load(pyfeat("single_face.jpg")), config: LivenessConfig())
        XCTAssertEqual(found.count, 1, "single_face.jpg: faces found at \(found.map(\.box))")
    }

    /// Five people; the one in sunglasses is not found (measured: 4 distinct faces).
    func testGroupPhotoHasAtLeastThreeDistinctFaces() throws {
        let found = try SharedAnalyzer.forStills().measureStill(Image.load(pyfeat("multi_face.jpg")), config: LivenessConfig())
        let duplicates = duplicatePairs(found)
        XCTAssertGreaterThanOrEqual(found.count - duplicates.count, 3, "multi_face.jpg: \(found.count) faces at \(found.map(\.box))")
        XCTAssertEqual(duplicates, [], "multi_face.jpg: the same face reported twice")
    }

    func testFacelessClipShowsNoFace() throws {
        let path = try pyfeat("no_face.mp4")
        let stills = try ClipMeasurements.stillFaces(ofFirst: 10, in: path)
        XCTAssertEqual(stills.count, 10)
        for (index, faces) in stills.enumerated() {
            XCTAssertEqual(faces.count, 0, "no_face.mp4 frame \(index), still search: faces at \(faces.map(\.box))")
        }
        // The stream searches the frame by HOG too while no face is followed: on every frame.
        for frame in try ClipMeasurements.frames(of: path) {
            XCTAssertNil(frame.face, "no_face.mp4 frame \(frame.frameIndex), stream: a face")
            XCTAssertEqual(frame.faceCount, 0, "no_face.mp4 frame \(frame.frameIndex), stream")
        }
    }

    /// SPEC §2: a face is found at least as reliably as dlib's HOG finds it. arnochan_rppg turns
    /// toward profile at 3.2-3.85 s and 4.0-4.6 s: the Haar cascade alone lost the face on every
    /// frame of both. HOG, run as dlib's examples run it (the frame upsampled once), finds a face
    /// on 9 of their frames; the stream misses one of them (was 4 of 9 before HOG searched the
    /// frame, issue 45): frame 78 (3.9 s), where the followed face is lost and HOG finds it only
    /// upsampled.
    func testATurnedFaceHOGFindsIsFound() throws {
        let path = try TestData.require("github_selfie_clips/videos/arnochan_rppg.avi")
        let frames = try ClipMeasurements.frames(of: path)
        let hog = try HogDetector()
        let video = try VideoSource(file: path)
        var hogFound: [Int] = []
        while let frame = try video.next(), frame.timestampMs < 4600 {
            guard frame.timestampMs >= 3200, try !hog.faces(in: frame.image, scale: 2).isEmpty else { continue }
            hogFound.append(frame.index)
        }
        XCTAssertGreaterThanOrEqual(hogFound.count, 9, "frames of the turns HOG finds a face on")
        XCTAssertLessThanOrEqual(hogFound.filter { frames[$0].face == nil }.count, 1, "frames HOG finds a face on and the stream does not: \(hogFound)")
    }

    /// arnochan_rppg's first two seconds: a frontal face, backlit, behind glasses, which neither
    /// cascade finds (0 of 40 frames); HOG, searching the whole frame while no face is followed
    /// (`hogSweepIntervalMs`), finds it from 1.0 s, and the tracker follows it from there
    /// (issue 45).
    func testAFaceBothCascadesMissIsFoundByHOGSearchingTheFrame() throws {
        let frames = try ClipMeasurements.frames(of: TestData.require("github_selfie_clips/videos/arnochan_rppg.avi"))
        let found = frames.filter { $0.timestampMs >= 1000 && $0.timestampMs < 2000 && $0.face != nil }.count
        XCTAssertGreaterThanOrEqual(found, 18, "frames with a face of the 20 from 1.0 to 2.0 s")
    }

    /// alaa_headpose_test turns to image-left and back (labelled 1.27-5.03 s, 57 degrees at its
    /// peak; the fit reads up to 41 there): the face is followed on every frame from frontal at
    /// 1.0 s, through the 3/4 view, and back to frontal at 5.4 s.
    func testATurnedFaceIsFollowedToA34ViewAndBack() throws {
        let frames = try ClipMeasurements.frames(of: TestData.require("github_selfie_clips/videos/alaa_headpose_test.mp4"))
        let turn = frames.filter { $0.timestampMs >= 1000 && $0.timestampMs <= 5400 }
        XCTAssertEqual(turn.filter { $0.face == nil }.map(\.frameIndex), [], "frames of the turn without a face")
        let yaws = turn.compactMap { $0.face?.yaw }
        let start = try XCTUnwrap(yaws.first), end = try XCTUnwrap(yaws.last)
        XCTAssertGreaterThanOrEqual(start - (yaws.min() ?? 0), 35, "the yaw read at the turn's peak")
        XCTAssertLessThan(abs(end - start), 5, "back to frontal")
    }

    /// The stream's view of the first frame: one face, its 68 points and ellipse inside the frame.
    func testSelfieClipFirstFrameShowsOneFaceInsideTheFrame() throws {
        let first = try XCTUnwrap(try ClipMeasurements.frames(of: try pyfeat("single_face.mp4")).first)
        XCTAssertEqual(first.faceCount, 1, "single_face.mp4 frame 0: faces counted")
        let face = try XCTUnwrap(first.face, "single_face.mp4 frame 0: no face")
        XCTAssertTrue(isInside(face.landmarks, width: first.frameWidth, height: first.frameHeight),
                      "single_face.mp4 frame 0: landmarks outside the \(first.frameWidth)x\(first.frameHeight) frame")
        let outline = (0..<72).map { face.ellipse.outlinePoint(Double($0) * .pi / 36) }
        XCTAssertTrue(isInside(outline, width: first.frameWidth, height: first.frameHeight),
                      "single_face.mp4 frame 0: face ellipse \(face.ellipse) leaves the frame")
    }

    /// single_face.mp4 shows one upright face on all 72 frames: the stream keeps it on every one.
    func testSelfieClipKeepsItsFaceOnEveryFrame() throws {
        let frames = try ClipMeasurements.frames(of: try pyfeat("single_face.mp4"))
        XCTAssertEqual(frames.count, 72, "single_face.mp4 frames decoded")
        XCTAssertEqual(frames.filter { $0.face == nil }.map(\.frameIndex), [], "single_face.mp4 frames without a face")
    }

    /// The still search on the same frame should agree with the stream: one face, and no false
    /// one on the blank door panel left of the man.
    func testStillSearchFindsOnlyTheSelfieOnTheClipsFirstFrame() throws {
        let faces = try XCTUnwrap(try ClipMeasurements.stillFaces(ofFirst: 1, in: try pyfeat("single_face.mp4")).first)
        XCTAssertEqual(faces.count, 1, "single_face.mp4 frame 0, still search: faces at \(faces.map(\.box))")
    }
}
