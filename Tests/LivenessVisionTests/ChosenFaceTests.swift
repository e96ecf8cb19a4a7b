import DataTestSupport
import LivenessCore
import LivenessVision
import XCTest

/// SPEC §2 "Chosen face": of several faces, the one nearest the guide circle's centre, the
/// circle the session judges against (with the fitted guide, where it was placed).
final class ChosenFaceTests: XCTestCase {
    func testTheFaceNearestTheGivenGuideIsChosen() throws {
        let image = try Image.load(TestData.require("pyfeat_face_videos/multi_face.jpg"))
        let analyzer = try SharedAnalyzer.fresh()
        let config = LivenessConfig()
        func chosenCentre(guide: Circle?) throws -> (centre: Point2, faces: Int) {
            analyzer.reset()
            let m = try analyzer.analyze(Frame(image: image, index: 0, timestampMs: 0), config: config, guide: guide).measurement
            let face = try XCTUnwrap(m.face, "no face chosen")
            return (Point2.centroid(face.landmarks), m.faceCount)
        }
        let width = Double(image.width), height = Double(image.height)
        let left = Circle(centre: Point2(x: 0, y: height / 2), radius: height / 3)
        let right = Circle(centre: Point2(x: width, y: height / 2), radius: height / 3)
        let (leftChoice, faces) = try chosenCentre(guide: left)
        let (rightChoice, _) = try chosenCentre(guide: right)
        XCTAssertGreaterThanOrEqual(faces, 2, "the group photo's frame search finds several faces")
        XCTAssertLessThan(leftChoice.x, rightChoice.x - width / 10, "a guide at the left edge chooses a face left of the one a guide at the right edge does")
        let (configured, _) = try chosenCentre(guide: nil)
        let centred = try chosenCentre(guide: config.guideCircle(width: width, height: height)).centre
        XCTAssertEqual(configured.distance(to: centred), 0, accuracy: 1e-9, "no guide: the configured circle")
    }
}
