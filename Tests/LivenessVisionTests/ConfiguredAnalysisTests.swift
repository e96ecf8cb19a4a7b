import DataTestSupport
import LivenessCore
import LivenessVision
import XCTest

/// The analyzer takes the engine's own tunables from the configuration it is given
/// (`LivenessConfig.tracking`, `.search`, `.measures`), not from constants of its own: each group
/// set otherwise changes what it finds on a still. HELEN 2212956363 holds a small upright face and
/// a large yawning head tilted about 20°, which HOG finds only on the still turned ±20°
/// (`SearchConfig.stillRolls`).
final class ConfiguredAnalysisTests: XCTestCase {
    private func faces(_ config: LivenessConfig) throws -> [(box: FaceBox, face: FaceMeasurement)] {
        let image = try Image.load(TestData.require("helen_afw_300w_68pt_eyestate/helen/trainset/2212956363_1.jpg"))
        return try SharedAnalyzer.forStills().measureStill(image, config: config).sorted { $0.box.width < $1.box.width }
    }

    func testTheStillRollsAreTheConfigurations() throws {
        XCTAssertEqual(try faces(LivenessConfig()).count, 2, "the tilted head is found turned")
        var config = LivenessConfig()
        config.search.stillRolls = []
        XCTAssertEqual(try faces(config).count, 1, "not turned, the tilted head is not found")
    }

    func testTheForeheadShareIsTheConfigurations() throws {
        let usual = try faces(LivenessConfig())
        var config = LivenessConfig()
        config.measures.foreheadShareOfBrowToChin = 1
        let taller = try faces(config)
        XCTAssertEqual(taller.count, usual.count)
        for (a, b) in zip(usual, taller) {
            // The ellipse spans the brow-to-chin distance plus the forehead's share of it: 1.5 times
            // that distance by default, twice it here. The points themselves do not change.
            XCTAssertEqual(a.face.landmarks, b.face.landmarks)
            XCTAssertEqual(b.face.ellipse.semiHeight / a.face.ellipse.semiHeight, 2 / 1.5, accuracy: 1e-9)
        }
    }

    func testTheUprightTiltIsTheConfigurations() throws {
        let usual = try faces(LivenessConfig())
        var config = LivenessConfig()
        config.tracking.uprightBeyondDegrees = 180
        let upright = try faces(config)
        XCTAssertEqual(upright.count, usual.count)
        XCTAssertEqual(upright.first?.face.landmarks, usual.first?.face.landmarks, "the upright face is fitted as it was")
        // The tilted head, never turned to fit, is fitted otherwise.
        let tilted = try XCTUnwrap(usual.last), asFound = try XCTUnwrap(upright.last)
        XCTAssertGreaterThan(abs(tilted.face.pose.roll - asFound.face.pose.roll), 1, "rolls \(tilted.face.pose.roll) and \(asFound.face.pose.roll)")
    }
}
