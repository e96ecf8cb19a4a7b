import LivenessCore
import XCTest

/// SPEC §2: the head's own speed, by which the eyes are judged readable (`HeadMotion`).
final class HeadMotionTests: XCTestCase {
    let camera = PinholeCamera(focalLength: 640, principalPoint: Point2(x: 320, y: 240))

    func face(x: Double, yaw: Double = 0) -> FaceMeasurement {
        FaceMeasurement(
            eyes: EyeOpenness(right: 0.3, left: 0.3), lids: EyeLids(right: LidHeights(upper: 0.25, lower: 0.08), left: LidHeights(upper: 0.25, lower: 0.08)),
            pose: HeadPose(yaw: yaw, pitch: 0, roll: 0, fitError: 0), place: HeadPlace(centre: Point2(x: x, y: 240), eyeDistance: 90),
            ellipse: FaceEllipse(centre: Point2(x: x, y: 240), semiWidth: 70, semiHeight: 100, roll: 0), landmarks: [])
    }

    func testHeadSpeedIsMeasuredOverTheWindowWhateverTheFrameRate() {
        // A head sliding 45 px a second with an eye distance of 90 px: 0.5 eye distances a second,
        // at 10, 30 and 60 frames a second alike; unknown on the first face and after it was lost.
        for fps in [10.0, 30, 60] {
            var motion = HeadMotion(windowMs: 100)
            var speeds: [HeadSpeed?] = []
            for k in 0..<Int(fps) {
                let ms = Double(k) * 1000 / fps
                let seen = face(x: 320 + 45 * ms / 1000, yaw: 20 * ms / 1000)
                speeds.append(motion.observe(k == Int(fps / 2) ? nil : seen, cameraRotation: nil, camera: camera, at: ms))
            }
            XCTAssertNil(speeds[0], "first face at \(fps) fps")
            XCTAssertNil(speeds[Int(fps / 2)], "no face at 500 ms at \(fps) fps")
            XCTAssertNil(speeds[Int(fps / 2) + 1], "first face after the loss at \(fps) fps")
            XCTAssertEqual(speeds.last??.eyeDistancesPerSecond ?? 0, 0.5, accuracy: 1e-9, "\(fps) fps")
            XCTAssertEqual(speeds.last??.yawDegreesPerSecond ?? 0, 20, accuracy: 1e-9, "\(fps) fps")
        }
    }

    func testAGapBetweenFramesDoesNotHideAFastMoveBeforeIt() {
        // 30 fps, a head still at x = 320, then swinging 90 px (one eye distance) in 100 ms; the
        // next frame comes 200 ms later with the head where the swing left it (real_vfr at 5472 ms).
        // Against that frame alone the head has not moved; it was moving fast just before the gap.
        var motion = HeadMotion(windowMs: 100)
        for k in 0..<10 { _ = motion.observe(face(x: 320), cameraRotation: nil, camera: camera, at: Double(k) * 100 / 3) }
        let swung = motion.observe(face(x: 410), cameraRotation: nil, camera: camera, at: 400)
        XCTAssertEqual(swung?.eyeDistancesPerSecond ?? 0, 10, accuracy: 1e-9, "one eye distance in 100 ms")
        let afterTheGap = motion.observe(face(x: 410), cameraRotation: nil, camera: camera, at: 600)
        XCTAssertEqual(afterTheGap?.eyeDistancesPerSecond ?? 0, 10, accuracy: 1e-9, "the move before the gap still counts")
        // Held still after it: slow once the swing is more than a span back.
        _ = motion.observe(face(x: 410), cameraRotation: nil, camera: camera, at: 700)
        XCTAssertEqual(motion.observe(face(x: 410), cameraRotation: nil, camera: camera, at: 800)?.eyeDistancesPerSecond ?? 1, 0, accuracy: 1e-9)
    }

    func testTheImageCarriedByTheCameraIsNotTheHeadMoving() {
        // A hand-held phone pans 0.2 degrees a frame at 30 fps: the background and the head slide
        // 2.2 px a frame together (faceswap_data1's sway), 0.75 eye distances a second in the image.
        let pan = CameraRotation(pan: 0.2, tilt: 0, roll: 0)
        let step = 640 * tan(0.2 * Double.pi / 180)
        var carried = HeadMotion(windowMs: 100)
        var unknown = HeadMotion(windowMs: 100)
        var last: (carried: HeadSpeed?, unknown: HeadSpeed?)
        for k in 0..<10 {
            let ms = Double(k) * 100 / 3, seen = face(x: 320 + step * Double(k))
            last = (carried.observe(seen, cameraRotation: k == 0 ? nil : pan, camera: camera, at: ms),
                    unknown.observe(seen, cameraRotation: nil, camera: camera, at: ms))
        }
        XCTAssertEqual(last.carried?.eyeDistancesPerSecond ?? 1, 0, accuracy: 1e-9, "the head holds still in the room")
        XCTAssertEqual(last.unknown?.eyeDistancesPerSecond ?? 0, step * 30 / 90, accuracy: 1e-9, "an unknown rotation counts as still")

        // The head moving against the pan: its own motion is what is left.
        var against = HeadMotion(windowMs: 100)
        var speed: HeadSpeed?
        for k in 0..<10 {
            let ms = Double(k) * 100 / 3
            speed = against.observe(face(x: 320 + (step - 3) * Double(k)), cameraRotation: k == 0 ? nil : pan, camera: camera, at: ms)
        }
        XCTAssertEqual(speed?.eyeDistancesPerSecond ?? 0, 3 * 30 / 90, accuracy: 1e-9, "3 px a frame of its own")
    }

    func testARollMovesTheEarlierPlaceAboutThePrincipalPoint() {
        // The camera rolls 1 degree: a head 100 px right of the centre, carried by it, moves
        // 1.7 px down in the image and is still.
        let roll = CameraRotation(pan: 0, tilt: 0, roll: 1)
        let moved = roll.moving(Point2(x: 420, y: 240), camera: camera)
        XCTAssertEqual(moved.x, 320 + 100 * cos(Double.pi / 180), accuracy: 1e-9)
        XCTAssertEqual(moved.y, 240 + 100 * sin(Double.pi / 180), accuracy: 1e-9)
    }
}
