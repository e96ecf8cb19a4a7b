import LivenessCore
import TestSupport
import XCTest

/// SPEC §2 "the lid's own motion": the lids' descent from the eye region's flow (`LidFlow`).
final class LidFlowTests: XCTestCase {
    let camera = PinholeCamera(width: 640, height: 480, config: LivenessConfig())

    /// The flows that move every flow point by `shift`, and the upper-lid points (the first four
    /// of each eye's eight) by `lid` more.
    func flows(_ points: [Point2], shift: Point2, lid: Point2 = Point2(x: 0, y: 0)) -> [Point2] {
        points.indices.map { k in k % LidFlow.pointsPerEye < 4 ? shift + lid : shift }
    }

    func testTheFaceMovingAsAWholeIsNoLidMotion() throws {
        for roll in [0.0, 25] {
            let landmarks = SyntheticFace(roll: roll).landmarks(camera: camera)
            let points = LidFlow.points(of: landmarks)
            let descent = try XCTUnwrap(LidFlow.descent(landmarks: landmarks, flows: flows(points, shift: Point2(x: 7, y: -4))))
            XCTAssertEqual(descent, 0, accuracy: 1e-9, "roll \(roll)")
        }
    }

    func testTheUpperLidsComingDownReadInEyeWidthsAlongTheEyesOwnDown() throws {
        for roll in [0.0, 25] {
            let landmarks = SyntheticFace(roll: roll).landmarks(camera: camera)
            let width = landmarks[36].distance(to: landmarks[39])
            // Down for this eye: square to its corner line, toward the lower lid.
            let r = roll * .pi / 180
            let down = Point2(x: -sin(r), y: cos(r)) * (0.1 * width)
            let descent = try XCTUnwrap(LidFlow.descent(landmarks: landmarks, flows: flows(LidFlow.points(of: landmarks), shift: Point2(x: 3, y: 2), lid: down)))
            XCTAssertEqual(descent, 0.1, accuracy: 0.01, "roll \(roll)")
        }
    }

    func testTheRegionHoldsEveryFlowPoint() throws {
        let landmarks = SyntheticFace().landmarks(camera: camera)
        let region = try XCTUnwrap(LidFlow.region(of: landmarks, eyeWidthPx: LivenessConfig().measures.lidFlowEyeWidthPx))
        for p in LidFlow.points(of: landmarks) { XCTAssertTrue(region.box.contains(p)) }
        XCTAssertNil(LidFlow.descent(landmarks: landmarks, flows: []), "flows that do not match the points")
    }
}
