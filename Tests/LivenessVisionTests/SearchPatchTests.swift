@testable import LivenessVision
import DataTestSupport
import LivenessCore
import XCTest

/// The detectors search a copy of the region they are given, resized and turned upright: the
/// caller's image must come out as it went in, since the landmark fit and the other searches of
/// the frame run on it next.
final class SearchPatchTests: XCTestCase {
    func testASearchTurnedUprightLeavesTheImageAsItWas() throws {
        let gray = Image()
        try Image.load(TestData.require("pyfeat_face_videos/single_face.jpg")).gray(into: gray)
        let whole = FaceBox(x: 0, y: 0, width: Double(gray.width), height: Double(gray.height))
        // A corner: the first thing an upright turn of the whole image would change.
        let corner = FaceBox(x: 0, y: 0, width: whole.width / 5, height: whole.height / 5)
        let before = try gray.regionStats(corner)

        // At the image's own size the region is the image itself, not a copy of it.
        _ = try HogDetector().detect(in: gray, region: whole, scale: 1, roll: 20)
        XCTAssertEqual(try gray.regionStats(corner), before, "after HOG")
        let cascade = try FaceDetector(cascade: ModelFiles.debianCascade.path)
        _ = try cascade.detect(in: gray, region: whole, scale: 1, minFace: 40, maxFace: 0, roll: -20)
        XCTAssertEqual(try gray.regionStats(corner), before, "after the cascade")
    }
}
