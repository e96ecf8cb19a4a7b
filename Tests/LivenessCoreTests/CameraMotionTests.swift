import Foundation
import LivenessCore
import XCTest

final class CameraMotionTests: XCTestCase {
    let grid = (0..<10).flatMap { i in (0..<6).map { j in Point2(x: 20 + Double(i) * 60, y: 20 + Double(j) * 80) } }
    let centre = Point2(x: 320, y: 240)

    /// The estimated rotation's size over `elapsedMs`, in degrees per second.
    func cameraRotationRate(from: [Point2], to: [Point2], focalLength: Double, imageCentre: Point2, elapsedMs: Double) -> Double? {
        cameraRotation(from: from, to: to, camera: PinholeCamera(focalLength: focalLength, principalPoint: imageCentre)).map { $0.degrees / (elapsedMs / 1000) }
    }

    func testAStillBackgroundIsNoRotation() {
        let rate = cameraRotationRate(from: grid, to: grid, focalLength: 640, imageCentre: centre, elapsedMs: 33)
        XCTAssertEqual(rate ?? -1, 0, accuracy: 1e-9)
    }

    func testAPanShiftsTheBackground() {
        // A 1 degree pan over 100 ms is 10 degrees per second.
        let shift = 640 * tan(1.0 * .pi / 180)
        let moved = grid.map { Point2(x: $0.x + shift, y: $0.y) }
        let rate = cameraRotationRate(from: grid, to: moved, focalLength: 640, imageCentre: centre, elapsedMs: 100)
        XCTAssertEqual(rate ?? 0, 10, accuracy: 0.01)
    }

    func testARollTurnsTheBackground() {
        let angle = 2.0 * .pi / 180
        let turned = grid.map { p -> Point2 in
            let r = p - centre
            return centre + Point2(x: r.x * cos(angle) - r.y * sin(angle), y: r.x * sin(angle) + r.y * cos(angle))
        }
        let rate = cameraRotationRate(from: grid, to: turned, focalLength: 640, imageCentre: centre, elapsedMs: 200)
        XCTAssertEqual(rate ?? 0, 10, accuracy: 0.3)
    }

    func testAFewPointsOnAMovingPersonDoNotDecide() {
        var moved = grid
        for i in 0..<10 { moved[i].x += 40 }
        let rate = cameraRotationRate(from: grid, to: moved, focalLength: 640, imageCentre: centre, elapsedMs: 33)
        XCTAssertEqual(rate ?? -1, 0, accuracy: 1e-9)
    }

    func testTooFewPointsTellNothing() {
        XCTAssertNil(cameraRotationRate(from: Array(grid.prefix(5)), to: Array(grid.prefix(5)), focalLength: 640, imageCentre: centre, elapsedMs: 33))
    }

    /// A pan of 0.5 degrees with every point off by up to 0.6 px either way (the tracking's noise):
    /// one rotation moves the whole background, and it is read at the default tolerance.
    func testAPanSeenThroughTheTrackersNoiseIsRead() throws {
        let camera = PinholeCamera(focalLength: 640, principalPoint: centre)
        let shift = 640 * tan(0.5 * .pi / 180)
        let moved = grid.enumerated().map { k, p in Point2(x: p.x + shift + 0.6 * sin(Double(k) * 1.7), y: p.y + 0.6 * cos(Double(k) * 2.3)) }
        let rotation = try XCTUnwrap(cameraRotation(from: grid, to: moved, camera: camera, tolerance: LivenessConfig().measures.cameraPointTolerance))
        XCTAssertEqual(rotation.pan, 0.5, accuracy: 0.05)
    }

    /// 24 of 60 points on a hand waved beside the face (12 px right and 8 up in one interval, a
    /// little apart from each other), the rest on the still wall: the medians of all the points
    /// read a rotation, the points that move together say the camera is still.
    func testAHandWavedBesideTheFaceIsNotTheCamera() throws {
        let camera = PinholeCamera(focalLength: 640, principalPoint: centre)
        let moved = grid.enumerated().map { k, p in
            p.x < 260 ? Point2(x: p.x + 12 + Double(k % 3), y: p.y - 8 + Double(k % 2)) : p
        }
        XCTAssertGreaterThan(try XCTUnwrap(cameraRotation(from: grid, to: moved, camera: camera)).degrees, 0.1)
        let rotation = try XCTUnwrap(cameraRotation(from: grid, to: moved, camera: camera, tolerance: LivenessConfig().measures.cameraPointTolerance))
        XCTAssertEqual(rotation.degrees, 0, accuracy: 1e-9)
    }

    /// The room turns (a pan of 1 degree) under text burnt into the picture (21 of 60 points that
    /// stay put): the camera's rotation is the room's.
    func testTextBurntIntoThePictureDoesNotHoldTheCameraStill() throws {
        let camera = PinholeCamera(focalLength: 640, principalPoint: centre)
        let shift = 640 * tan(1.0 * .pi / 180)
        let moved = grid.map { p in p.y <= 180 && p.x < 400 ? p : Point2(x: p.x + shift, y: p.y) }
        XCTAssertEqual(moved.filter { m in grid.contains(m) }.count, 21)
        let rotation = try XCTUnwrap(cameraRotation(from: grid, to: moved, camera: camera, tolerance: LivenessConfig().measures.cameraPointTolerance))
        XCTAssertEqual(rotation.pan, 1, accuracy: 0.01)
    }
}
