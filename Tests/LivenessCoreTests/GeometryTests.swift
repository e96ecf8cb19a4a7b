import LivenessCore
import TestSupport
import XCTest

final class GeometryTests: XCTestCase {
    func testEyeAspectRatioOnKnownPoints() {
        // A 30 px wide eye whose lids are 6 and 12 px apart: (6 + 12) / (2 * 30) = 0.3.
        let eye = [
            Point2(x: 0, y: 0), Point2(x: 10, y: -3), Point2(x: 20, y: -6),
            Point2(x: 30, y: 0), Point2(x: 20, y: 6), Point2(x: 10, y: 3),
        ]
        XCTAssertEqual(eyeAspectRatio(eye[...]), 0.3, accuracy: 1e-12)
        let shut = eye.map { Point2(x: $0.x, y: 0) }
        XCTAssertEqual(eyeAspectRatio(shut[...]), 0)
    }

    func testEyeOpennessUsesPoints36To41And42To47() {
        var points = SyntheticFace(ear: 0.3).landmarks(camera: camera)
        XCTAssertEqual(EyeOpenness(landmarks: points).mean, 0.3, accuracy: 1e-9)
        // Close only the subject's left eye (42..47): the mean halves.
        for i in [43, 44, 46, 47] { points[i].y = points[42].y + (points[45].y - points[42].y) * 0.5 }
        let eyes = EyeOpenness(landmarks: points)
        XCTAssertEqual(eyes.right, 0.3, accuracy: 1e-9)
        XCTAssertLessThan(eyes.left, 0.01)
        XCTAssertEqual(eyes.mean, 0.15, accuracy: 0.01)
    }

    func testLidHeightsAreMeasuredFromTheCornerLine() {
        // A 30 px eye whose upper-lid points stand 6 and 8 px above its corner line and lower-lid
        // points 4 and 2 px below: heights 7/30 and 3/30 of its width, however the eye is tilted.
        let level = [
            Point2(x: 0, y: 0), Point2(x: 10, y: -6), Point2(x: 20, y: -8),
            Point2(x: 30, y: 0), Point2(x: 20, y: 4), Point2(x: 10, y: 2),
        ]
        for tilt in [0.0, 20, -35] {
            let eye = level.map { $0.rotated(degrees: tilt) + Point2(x: 100, y: 50) }
            let lids = LidHeights(eye[...])
            XCTAssertEqual(lids.upper, 7.0 / 30, accuracy: 1e-12, "tilt \(tilt)")
            XCTAssertEqual(lids.lower, 3.0 / 30, accuracy: 1e-12, "tilt \(tilt)")
        }
        // Corners together: nothing to measure from.
        XCTAssertEqual(LidHeights(Array(repeating: Point2(x: 1, y: 1), count: 6)[...]), LidHeights(upper: 0, lower: 0))
    }

    func testEyeLidsUsePoints36To41And42To47() {
        // The synthetic face puts each lid half its EAR from the corner line.
        var points = SyntheticFace(ear: 0.3).landmarks(camera: camera)
        for i in [43, 44] { points[i] = points[42] + (points[45] - points[42]) * (Double(i - 42) / 3) }
        let lids = EyeLids(landmarks: points)
        XCTAssertEqual(lids.right.upper, 0.15, accuracy: 1e-9)
        XCTAssertEqual(lids.right.lower, 0.15, accuracy: 1e-9)
        XCTAssertEqual(lids.left.upper, 0, accuracy: 1e-9, "the left upper lid lowered onto its corner line")
        XCTAssertEqual(lids.left.lower, 0.15, accuracy: 1e-9)
    }

    func testClosureIsTheUpperLidsFallLessWhatASquintExplains() {
        let open = OpenEye(right: OpenLids(upper: 0.25, lower: 0.08), left: OpenLids(upper: 0.25, lower: 0.08))
        func both(_ upper: Double, _ lower: Double) -> EyeLids {
            EyeLids(right: LidHeights(upper: upper, lower: lower), left: LidHeights(upper: upper, lower: lower))
        }
        // A blink: the upper lid down to a fifth of its open height, the lower lid where it was.
        XCTAssertEqual(eyeClosure(both(0.05, 0.08), open: open, config: LivenessConfig()), 0.8, accuracy: 1e-12)
        // A squint: the lower lid up on the corner line explains 0.35 of the upper lid's fall (0.32).
        XCTAssertEqual(eyeClosure(both(0.17, 0), open: open, config: LivenessConfig()), 0)
        // Half raised, it explains half that: 0.6 - 0.175.
        XCTAssertEqual(eyeClosure(both(0.10, 0.04), open: open, config: LivenessConfig()), 0.425, accuracy: 1e-12)
        // A lower lid 0.12 further down than when open says the corner line sits 0.12 too high: the
        // upper lid is 0.17 above where the line belongs, a fall of 0.32, not 0.8.
        XCTAssertEqual(eyeClosure(both(0.05, 0.20), open: open, config: LivenessConfig()), 0.32, accuracy: 1e-12)
        // Clamped to 0...1.
        XCTAssertEqual(eyeClosure(both(0.30, 0.08), open: open, config: LivenessConfig()), 0)
        XCTAssertEqual(eyeClosure(both(-0.05, 0.08), open: open, config: LivenessConfig()), 1)
        // The mean of both eyes: one shut, one open.
        let oneShut = EyeLids(right: LidHeights(upper: 0, lower: 0.08), left: LidHeights(upper: 0.25, lower: 0.08))
        XCTAssertEqual(eyeClosure(oneShut, open: open, config: LivenessConfig()), 0.5, accuracy: 1e-12)
        // One lower lid up alone is no squint: a smile raises both. Each eye's fall (0.6) loses
        // 0.35 x the smaller rise (0.25): 0.6 - 0.0875.
        let oneRaised = EyeLids(right: LidHeights(upper: 0.10, lower: 0), left: LidHeights(upper: 0.10, lower: 0.06))
        XCTAssertEqual(eyeClosure(oneRaised, open: open, config: LivenessConfig()), 0.5125, accuracy: 1e-12)
        // Against the fallback (no lower-lid reference) nothing is taken off.
        let fallback = OpenEye(fallbackUpper: 0.22)
        XCTAssertTrue(fallback.isFallback)
        XCTAssertEqual(eyeClosure(both(0.11, 0), open: fallback, config: LivenessConfig()), 0.5, accuracy: 1e-12)
        XCTAssertEqual(stillEyeClosure(both(0.11, 0), config: LivenessConfig()), 0.5, accuracy: 1e-12)
        // A still: its corner line is judged against a typical open lower lid (0.095). HELEN
        // 2181559194 (open eyes; dlib's upper lids 0.11, lower 0.16): 0.065 goes back to the upper lid.
        XCTAssertEqual(stillEyeClosure(both(0.11, 0.16), config: LivenessConfig()), 1 - 0.175 / 0.22, accuracy: 1e-12)
        XCTAssertLessThan(stillEyeClosure(both(0.11, 0.16), config: LivenessConfig()), LivenessConfig().blinkClosure)
    }

    func testOpenEyeIsThe80thPercentileOfTheFrontalFramesJustBefore() {
        var reference = OpenEyeReference(config: LivenessConfig())
        func lids(_ right: Double, _ left: Double, lower: Double = 0.1) -> EyeLids {
            EyeLids(right: LidHeights(upper: right, lower: lower), left: LidHeights(upper: left, lower: lower / 2))
        }
        XCTAssertEqual(reference.reading(at: 0).open, OpenEye(fallbackUpper: 0.22), "fallback with no samples")
        XCTAssertEqual(reference.reading(at: 0).noise, 0, "no noise known without samples")
        reference.record(lids(0.15, 0.25), yaw: 0, at: 0)
        XCTAssertEqual(reference.reading(at: 100).open, OpenEye(fallbackUpper: 0.22), "fallback with fewer than 2")
        reference.record(lids(0.16, 0.26), yaw: -24.9, at: 100)
        reference.record(lids(0.90, 0.90), yaw: 25, at: 150)  // turned too far: left out
        for (i, upper) in [0.17, 0.18, 0.19].enumerated() { reference.record(lids(upper, upper + 0.1), yaw: 3, at: 200 + Double(i) * 100) }
        // Five samples per eye: rank 0.8 * 4 = 3.2, between the 4th and 5th.
        let open = reference.reading(at: 500).open
        XCTAssertEqual(open.right.upper, 0.182, accuracy: 1e-12)
        XCTAssertEqual(open.left.upper, 0.282, accuracy: 1e-12)
        XCTAssertEqual(open.right.lower ?? 0, 0.1, accuracy: 1e-12)
        XCTAssertEqual(open.left.lower ?? 0, 0.05, accuracy: 1e-12)
        // The current frame never counts: at 400 only four samples are before it.
        XCTAssertEqual(reference.reading(at: 400).open.right.upper, 0.174, accuracy: 1e-12)
        // At 750 ms the first two have left the 600 ms window: 0.17, 0.18, 0.19 remain.
        XCTAssertEqual(reference.reading(at: 750).open.right.upper, 0.186, accuracy: 1e-12)
        // At 1050 ms one remains: the fallback again.
        XCTAssertTrue(reference.reading(at: 1050).open.isFallback)
    }

    func testTheFitsNoiseIsTheMedianStepOfTheUpperLidsOverTheOpenEye() {
        // Mean upper lids 0.20, 0.21, 0.19, 0.20, 0.24: steps 0.01, 0.02, 0.01, 0.04, median 0.015;
        // the open eye (80th percentile of the five) 0.216.
        var reference = OpenEyeReference(config: LivenessConfig())
        for (k, upper) in [0.20, 0.21, 0.19, 0.20, 0.24].enumerated() {
            reference.record(EyeLids(right: LidHeights(upper: upper, lower: 0.1), left: LidHeights(upper: upper, lower: 0.1)), yaw: 0, at: Double(k) * 33)
        }
        let reading = reference.reading(at: 200)
        XCTAssertEqual(reading.open.right.upper, 0.216, accuracy: 1e-12)
        XCTAssertEqual(reading.noise, 0.015 / 0.216, accuracy: 1e-9)
    }

    func testEyesShutFromTheStartAreTheirOwnReferenceAndReadOpen() {
        // SPEC §2: eyes shut from the start have no open level. Against the frames just before,
        // they read as open as they were (closure 0): no closing begins until they have opened.
        var reference = OpenEyeReference(config: LivenessConfig())
        let shut = EyeLids(right: LidHeights(upper: 0.02, lower: 0.06), left: LidHeights(upper: 0.02, lower: 0.06))
        for k in 0..<10 { reference.record(shut, yaw: 0, at: Double(k) * 100) }
        XCTAssertEqual(eyeClosure(shut, open: reference.reading(at: 1000).open, config: LivenessConfig()), 0, accuracy: 1e-12)
    }

    let camera = PinholeCamera(focalLength: 640, principalPoint: Point2(x: 320, y: 240))

    func testYawIsRecoveredFromProjectionsOfTheReferenceFace() {
        for yaw in stride(from: -40.0, through: 40, by: 5) {
            for (pitch, roll) in [(0.0, 0.0), (10, 0), (-10, 8), (5, -15)] {
                let face = SyntheticFace(yaw: yaw, pitch: pitch, roll: roll, position: Point2(x: 300, y: 250))
                let pose = PoseFit.estimate(landmarks: face.landmarks(camera: camera), camera: camera)
                XCTAssertEqual(pose.yaw, yaw, accuracy: 1, "yaw \(yaw) pitch \(pitch) roll \(roll)")
                if pitch == 0 { XCTAssertEqual(pose.roll, roll, accuracy: 1, "roll at yaw \(yaw)") }
            }
        }
    }

    func testMovingSidewaysWhileFacingTheCameraIsNotATurn() {
        // The same head, looking into the lens, at the centre and near each side of the frame.
        for x in [60.0, 320, 580] {
            for y in [120.0, 240, 360] {
                let face = SyntheticFace(yaw: 0, position: Point2(x: x, y: y))
                let pose = PoseFit.estimate(landmarks: face.landmarks(camera: camera), camera: camera)
                XCTAssertEqual(pose.yaw, 0, accuracy: 1, "at (\(x), \(y))")
            }
        }
        // A turned head reads the same wherever it is.
        let left = PoseFit.estimate(landmarks: SyntheticFace(yaw: 12, position: Point2(x: 80, y: 240)).landmarks(camera: camera), camera: camera)
        XCTAssertEqual(left.yaw, 12, accuracy: 1)
    }

    func testPositiveYawMovesTheNoseToTheImageRight() {
        let frontal = SyntheticFace().landmarks(camera: camera)
        let turned = SyntheticFace(yaw: 20).landmarks(camera: camera)
        let noseOffset = { (p: [Point2]) in p[30].x - (p[36].x + p[45].x) / 2 }
        XCTAssertGreaterThan(noseOffset(turned), noseOffset(frontal) + 5)
        XCTAssertGreaterThan(PoseFit.estimate(landmarks: turned, camera: camera).yaw, 15)
    }

    func testASmileIsNotATurn() {
        var points = SyntheticFace(yaw: 3).landmarks(camera: camera)
        let before = PoseFit.estimate(landmarks: points, camera: camera).yaw
        // Widen and lift the mouth corners, open the jaw, raise the brows.
        points[48].x -= 12; points[54].x += 12; points[48].y -= 8; points[54].y -= 8
        for i in 5...11 { points[i].y += 10 }
        for i in 17...26 { points[i].y -= 6 }
        let after = PoseFit.estimate(landmarks: points, camera: camera).yaw
        XCTAssertEqual(after, before, accuracy: 0.5)
    }

    func testTheEllipseSpansBrowsToChinAndCheekToCheekWithRoll() {
        let points = SyntheticFace(roll: 20, position: Point2(x: 320, y: 240)).landmarks(camera: camera)
        let ellipse = FaceEllipse(landmarks: points, foreheadShare: LivenessConfig().measures.foreheadShareOfBrowToChin)
        XCTAssertEqual(ellipse.roll, 20, accuracy: 1.5)
        XCTAssertGreaterThan(ellipse.semiHeight, ellipse.semiWidth)
        // The chin lies on the outline's bottom and every jaw point inside it.
        let chinDistance = points[8].distance(to: ellipse.centre)
        XCTAssertEqual(chinDistance, ellipse.semiHeight, accuracy: ellipse.semiHeight * 0.05)
        // The forehead top is above every brow point, by half the brow-to-chin span.
        let top = ellipse.outlinePoint(-.pi / 2)
        for i in 17...26 { XCTAssertLessThan(top.distance(to: ellipse.centre), ellipse.semiHeight + 1e-9); _ = i }
        XCTAssertLessThan(top.y, points[19].y)
    }

    func testContainmentMeansTheWholeEllipseIsInside() {
        let circle = Circle(centre: Point2(x: 0, y: 0), radius: 100)
        XCTAssertTrue(FaceEllipse(centre: Point2(x: 0, y: 0), semiWidth: 60, semiHeight: 100, roll: 0).isInside(circle))
        XCTAssertFalse(FaceEllipse(centre: Point2(x: 0, y: 1), semiWidth: 60, semiHeight: 100, roll: 0).isInside(circle))
        // Shifted sideways by 35: the flank at 60 + 35 = 95 is inside, but the outline near the top is not.
        XCTAssertFalse(FaceEllipse(centre: Point2(x: 35, y: 0), semiWidth: 60, semiHeight: 90, roll: 0).isInside(circle))
        XCTAssertTrue(FaceEllipse(centre: Point2(x: 5, y: 0), semiWidth: 60, semiHeight: 90, roll: 0).isInside(circle))
        // Rolled 90 degrees, a tall ellipse becomes wide: the same test along x.
        XCTAssertFalse(FaceEllipse(centre: Point2(x: 15, y: 0), semiWidth: 50, semiHeight: 90, roll: 90).isInside(circle))
        XCTAssertTrue(FaceEllipse(centre: Point2(x: 0, y: 15), semiWidth: 50, semiHeight: 90, roll: 90).isInside(circle))
    }

    func testFramingNamesWhatIsWrong() {
        let circle = Circle(centre: Point2(x: 320, y: 240), radius: 192)
        func classify(_ p: Placement) -> Framing { Framing.classify(p.ellipse, in: circle, tooFarHeightFraction: 0.35) }
        XCTAssertEqual(classify(.centred), .inCircle)
        XCTAssertEqual(classify(.offCentre), .offCentre)
        XCTAssertEqual(classify(.tooClose), .tooClose)
        XCTAssertEqual(classify(.tooFar), .tooFar)
        XCTAssertEqual(classify(.absent), .noFace)
        // Too low is off-centre.
        let low = FaceEllipse(centre: Point2(x: 320, y: 380), semiWidth: 70, semiHeight: 100, roll: 0)
        XCTAssertEqual(Framing.classify(low, in: circle, tooFarHeightFraction: 0.35), .offCentre)
        // Exactly at 35 % of the diameter is not too far.
        let edge = FaceEllipse(centre: Point2(x: 320, y: 240), semiWidth: 40, semiHeight: 0.35 * 192, roll: 0)
        XCTAssertEqual(Framing.classify(edge, in: circle, tooFarHeightFraction: 0.35), .inCircle)
    }

    func testTheChosenFaceIsNearestTheCircleCentreTiesToTheLarger() {
        let circle = Circle(centre: Point2(x: 320, y: 240), radius: 192)
        let near = FaceBox(x: 270, y: 190, width: 100, height: 100)
        let far = FaceBox(x: 0, y: 0, width: 200, height: 200)
        XCTAssertEqual(chooseFace([far, near], circle: circle), 1)
        let bigSameCentre = FaceBox(x: 220, y: 140, width: 200, height: 200)
        XCTAssertEqual(chooseFace([near, bigSameCentre], circle: circle), 1)
        XCTAssertNil(chooseFace([], circle: circle))
    }

    func testTheGuideCircleIsInNormalisedCoordinates() {
        let circle = LivenessConfig().guideCircle(width: 1920, height: 1080)
        XCTAssertEqual(circle.centre, Point2(x: 960, y: 540))
        XCTAssertEqual(circle.radius, 432, accuracy: 1e-9)
    }
}

final class FaceBoxTests: XCTestCase {
    func testTheSameFaceBoxedTwiceCountsOnce() {
        let big = FaceBox(x: 100, y: 100, width: 200, height: 200)
        let inner = FaceBox(x: 140, y: 150, width: 120, height: 120)
        let other = FaceBox(x: 400, y: 100, width: 150, height: 150)
        XCTAssertEqual(FaceBox.distinct([inner, big, other]), [big, other])
        XCTAssertEqual(FaceBox.distinct([]), [])
    }

    /// Either centre inside the other box is the same face, whichever box is asked: a followed
    /// face and a search's box of it agree however their sizes differ.
    func testTheSameFaceIsEitherCentreInsideTheOther() {
        let followed = FaceBox(x: 100, y: 100, width: 100, height: 100)
        let largerOffCentre = FaceBox(x: 120, y: 60, width: 260, height: 260)  // centre (250, 190): outside `followed`
        XCTAssertTrue(followed.boxesSameFace(as: largerOffCentre))
        XCTAssertTrue(largerOffCentre.boxesSameFace(as: followed))
        let beside = FaceBox(x: 190, y: 100, width: 100, height: 100)  // overlapping, neither centre inside
        XCTAssertFalse(followed.boxesSameFace(as: beside))
        XCTAssertFalse(beside.boxesSameFace(as: followed))
    }
}
