import DataTestSupport
import LivenessBench
import LivenessCore
import LivenessData
import LivenessVision
import XCTest

/// The engine's yaw on AFLW2000-3D portraits against the set's fitted head pose, on the rows the
/// usual protocol keeps (every angle within 99 degrees), through the benchmark's own metrics. The
/// reference face was derived from other sets' points (Models/derive_reference_face.py), so every
/// one of these faces is held out. The crops are measured with the labels' camera
/// (`StillFaces.labelCameraFocalPerSide`).
final class YawAccuracyTests: XCTestCase {
    static func metrics() throws -> [Metric] {
        try MetricsOnce.metrics("YawAccuracy") {
            let root = try TestData.require(PoseLabels.set, root: true)
            let faces = StillFaces(analyzer: try SharedAnalyzer.forStills(), config: LivenessConfig(), focalLengthPerSide: StillFaces.labelCameraFocalPerSide)
            return try StillMetrics.yaw(root: root, faces: faces, config: LivenessConfig())
        }
    }

    /// Measured: 47 of 52 found, 43 of them with |yaw| <= 30.
    func testNearFrontalFacesAreFound() throws {
        XCTAssertEqual(try Self.metrics().named("yaw.maeWithin30").count, 43, accuracy: 3)
    }

    /// The manifest's floors: MAE and slope for |yaw| <= 30 (measured 2.36 degrees and 0.96; the
    /// jaw-line fit of before: 1.7 and 0.74, on a reference derived from these very faces), and
    /// the turn decisions where a face not found is a wrong decision (measured 0.750 and 0.818 at
    /// 48eb67c against floors of 0.97: known gaps of issue 10 in the manifest, held to no worse).
    func testYawHoldsTheManifestsFloors() throws {
        ManifestFloors.assertHeld(by: try Self.metrics())
    }

    /// Measured 0.923: 36 of 39 found faces labelled outside 5.5-9.5 degrees.
    func testTurnDecisionsOnClearlyTurnedOrFrontalFaces() throws {
        let m = try Self.metrics()
        XCTAssertGreaterThanOrEqual(try m.named("yaw.clearTurnDecisionFoundAccuracy").value, 0.9, m.summary)
    }

    /// The pose fit alone, fed the labels' own 68 points (the 3DDFA fit's landmarks, projected) with
    /// the labels' camera: the reference face reads that mark-up too. Measured MAE 1.66 degrees and
    /// slope 0.99 for |yaw| <= 30, 48 of 52 turn decisions right (three of the four wrong ones
    /// labelled within 5.5-9.5 degrees, the fourth 9.7).
    func testThePoseFitReadsTheLabelsOwnPoints() throws {
        let labels = try PoseLabels.withinProtocol(root: TestData.require(PoseLabels.set, root: true))
        let config = LivenessConfig()
        let camera = PinholeCamera(focalLength: 450 * StillFaces.labelCameraFocalPerSide, principalPoint: Point2(x: 225, y: 225))
        let pairs = labels.map { (label: $0.specYaw, ours: PoseFit.estimate(landmarks: $0.points, camera: camera).yaw) }
        let nearFrontal = pairs.filter { abs($0.label) <= 30 }
        let slope = leastSquaresSlope(x: nearFrontal.map(\.label), y: nearFrontal.map(\.ours))
        let decisions = pairs.filter { (abs($0.ours) >= config.turnDegrees) == (abs($0.label) >= config.turnDegrees) }
        let summary = "MAE |yaw| <= 30: \(fmt(nearFrontal.map { abs($0.ours - $0.label) }.mean, 2)) of \(nearFrontal.count); "
            + "slope \(fmt(slope, 2)); turn decisions right: \(decisions.count) of \(pairs.count); "
            + "label/ours: \(pairs.map { "\(fmt($0.label, 1))/\(fmt($0.ours, 1))" }.joined(separator: " "))"
        print("YawFromLabelPoints: \(summary)")
        XCTAssertEqual(pairs.count, 52, summary)
        XCTAssertLessThanOrEqual(nearFrontal.map { abs($0.ours - $0.label) }.mean, 2.0, summary)
        XCTAssertEqual(slope, 1, accuracy: 0.05, summary)
        XCTAssertGreaterThanOrEqual(share(decisions.count, of: pairs.count), 0.85, summary)
    }

    /// Why the crops get the labels' camera: with SPEC's default for video (focal length = the
    /// 450-pixel side, a 53-degree view) the same dlib points read compressed. Measured slope 0.81
    /// (0.96 with the labels' camera).
    func testTheCropsOwnSideAsFocalLengthCompressesYaw() throws {
        let root = try TestData.require(PoseLabels.set, root: true)
        let atFrameSide = try StillMetrics.yaw(root: root, faces: StillFaces(analyzer: try SharedAnalyzer.forStills(), config: LivenessConfig()), config: LivenessConfig())
        let slope = try atFrameSide.named("yaw.slopeWithin30").value
        print("YawAtTheCropsSide: slope \(fmt(slope))")
        XCTAssertLessThan(slope, try Self.metrics().named("yaw.slopeWithin30").value - 0.1)
    }

    /// On the human-labelled 300-W-style faces (HELEN, AFW, Menpo, 300-VW; no AFLW), the yaw from
    /// dlib's points agrees with the yaw from the people's own points: the two follow one mark-up
    /// convention. Measured on 99 faces (|yaw| up to 35): mean difference 1.84 degrees, slope 0.92 on
    /// the 49 with |yaw| >= 8 (these faces shaped the reference face: a consistency check only).
    func testDlibAndHumanPointsGiveTheSameYaw() throws {
        let config = LivenessConfig()
        var pairs: [(human: Double, dlib: Double)] = []
        for label in try LabelledFaces.all(root: TestData.require(LabelledFaces.eyeStateSet, root: true)) {
            guard let fit = try SharedAnalyzer.stillFaces().measurement(of: label.points, in: label.imagePath) else { continue }
            let image = try Image.load(label.imagePath)
            let camera = PinholeCamera(width: Double(image.width), height: Double(image.height), config: config)
            pairs.append((PoseFit.estimate(landmarks: label.points, camera: camera).yaw, fit.yaw))
        }
        let turned = pairs.filter { abs($0.human) >= 8 }
        // Least-squares slope through the origin of dlib's yaw against the human points' yaw.
        let slope = turned.map { $0.human * $0.dlib }.reduce(0, +) / turned.map { $0.human * $0.human }.reduce(0, +)
        let summary = "\(pairs.count) faces, mean |difference| \(fmt(pairs.map { abs($0.dlib - $0.human) }.mean, 2)) deg; "
            + "slope \(fmt(slope, 2)) on \(turned.count) with |yaw| >= 8; human/dlib: "
            + turned.map { "\(fmt($0.human, 1))/\(fmt($0.dlib, 1))" }.joined(separator: " ")
        print("YawDlibVsHumanPoints: \(summary)")
        XCTAssertGreaterThanOrEqual(pairs.count, 90, summary)
        XCTAssertGreaterThanOrEqual(turned.count, 20, summary)
        XCTAssertLessThanOrEqual(pairs.map { abs($0.dlib - $0.human) }.mean, 2.5, summary)
        XCTAssertEqual(slope, 1.0, accuracy: 0.1, summary)
    }
}
