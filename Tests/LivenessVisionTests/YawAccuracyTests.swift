import LivenessBench
import LivenessCore
import LivenessVision
import XCTest

/// The engine's yaw on AFLW2000-3D portraits against the set's fitted head pose, on the rows the
/// usual protocol keeps (every angle within 99 degrees). The set's yaw sign is the opposite of
/// SPEC's, so our yaw is compared to the negated label.
final class YawAccuracyTests: XCTestCase {
    struct Scores {
        var labelled = 0
        var labelledNearFrontal = 0
        /// Per found face: label (SPEC's sign) and ours.
        var pairs: [(id: String, label: Double, ours: Double)] = []
        var missed: [String] = []

        var nearFrontal: [(id: String, label: Double, ours: Double)] { pairs.filter { abs($0.label) <= 30 } }
        var turned: [(id: String, label: Double, ours: Double)] { pairs.filter { abs($0.label) >= 10 } }

        var maeNearFrontal: Double { nearFrontal.map { abs($0.ours - $0.label) }.mean }
        var maeAll: Double { pairs.map { abs($0.ours - $0.label) }.mean }
        var signAgreement: Double {
            share(turned.filter { ($0.ours > 0) == ($0.label > 0) }.count, of: turned.count)
        }

        var summary: String {
            "found \(pairs.count)/\(labelled) faces (\(nearFrontal.count)/\(labelledNearFrontal) with |yaw| <= 30); "
                + "MAE |yaw| <= 30: \(fmt(maeNearFrontal, 2)) deg; MAE all found: \(fmt(maeAll, 2)) deg; "
                + "sign agreement |yaw| >= 10: \(fmt(signAgreement)) of \(turned.count); "
                + "turned faces (label/ours): \(turned.map { "\($0.id) \(fmt($0.label, 1))/\(fmt($0.ours, 1))" }.joined(separator: ", ")); "
                + "missed: \(missed.joined(separator: ", "))"
        }
    }

    private static var cached: Scores?

    static func scores() throws -> Scores {
        if let cached { return cached }
        var scores = Scores()
        for label in try PoseLabels.withinProtocol(root: TestData.require(PoseLabels.set, root: true)) {
            scores.labelled += 1
            if abs(label.specYaw) <= 30 { scores.labelledNearFrontal += 1 }
            let found = try StillMeasurements.faces(in: label.imagePath)
            if let match = matchDetection(to: label.points, among: found.map(\.box)) {
                scores.pairs.append((label.id, label.specYaw, found[match].face.yaw))
            } else {
                scores.missed.append("\(label.id) (\(fmt(label.specYaw, 1)))")
            }
        }
        print("YawAccuracy: \(scores.summary)")
        cached = scores
        return scores
    }

    /// Measured 40 of 44; the four missed are turned 11-25 degrees.
    func testNearFrontalFacesAreFound() throws {
        let scores = try Self.scores()
        XCTAssertGreaterThanOrEqual(share(scores.nearFrontal.count, of: scores.labelledNearFrontal), 0.85, scores.summary)
    }

    /// Measured 2.04 degrees (the later benchmark target is 4).
    func testYawErrorOnNearFrontalFaces() throws {
        let scores = try Self.scores()
        XCTAssertLessThanOrEqual(scores.maeNearFrontal, 3.0, scores.summary)
    }

    /// Measured 4.27 degrees, mostly one near-profile face (label -70.9) fitted as nearly frontal.
    func testYawErrorOnAllFoundFaces() throws {
        let scores = try Self.scores()
        XCTAssertLessThanOrEqual(scores.maeAll, 6.0, scores.summary)
    }

    /// Measured 11 of 11.
    func testTurnDirectionAgreesWithTheLabel() throws {
        let scores = try Self.scores()
        XCTAssertGreaterThanOrEqual(scores.signAgreement, 0.9, scores.summary)
    }

    /// The pose fit alone, fed the labels' own 68 points (the 3DDFA fit's landmarks, projected) on
    /// SPEC's camera for these 450-pixel crops: what the yaw would be with landmarks in the labels'
    /// convention. The reference face was derived from these same points (without the pose labels),
    /// so this is the best case. Measured MAE 0.75 degrees for |yaw| <= 30 and the 7.5-degree turn
    /// decision right on 49 of 52; the three misses are labelled 8.7-9.4 and read 7.3-7.5. dlib's
    /// points (300-W convention) read the same faces smaller (see Benchmarks/RESULTS.md).
    func testThePoseFitReadsTheLabelsOwnPoints() throws {
        let labels = try PoseLabels.withinProtocol(root: TestData.require(PoseLabels.set, root: true))
        let config = LivenessConfig()
        let camera = PinholeCamera(width: 450, height: 450, config: config)
        let pairs = labels.map { (label: $0.specYaw, ours: PoseFit.estimate(landmarks: $0.points, camera: camera).yaw) }
        let nearFrontal = pairs.filter { abs($0.label) <= 30 }
        let decisions = pairs.filter { (abs($0.ours) >= config.turnDegrees) == (abs($0.label) >= config.turnDegrees) }
        let summary = "MAE |yaw| <= 30: \(fmt(nearFrontal.map { abs($0.ours - $0.label) }.mean, 2)) of \(nearFrontal.count); "
            + "turn decisions right: \(decisions.count) of \(pairs.count); "
            + "label/ours: \(pairs.map { "\(fmt($0.label, 1))/\(fmt($0.ours, 1))" }.joined(separator: " "))"
        print("YawFromLabelPoints: \(summary)")
        XCTAssertGreaterThanOrEqual(pairs.count, 50, summary)
        XCTAssertLessThanOrEqual(nearFrontal.map { abs($0.ours - $0.label) }.mean, 1.0, summary)
        XCTAssertGreaterThanOrEqual(share(decisions.count, of: pairs.count), 0.9, summary)
    }

    /// On the human-labelled 300-W-style faces (HELEN, AFW, Menpo, 300-VW; no AFLW), the yaw from
    /// dlib's points agrees with the yaw from the people's own points: the two follow one mark-up
    /// convention, so the gap to the AFLW labels above is between conventions, not dlib's noise.
    /// Measured on 99 faces (|yaw| up to 25): mean difference 1.11 degrees, slope 0.96 on the 48
    /// with |yaw| >= 8.
    func testDlibAndHumanPointsGiveTheSameYaw() throws {
        let config = LivenessConfig()
        var pairs: [(human: Double, dlib: Double)] = []
        for label in try LabelledFaces.all(root: TestData.require(LabelledFaces.eyeStateSet, root: true)) {
            guard let fit = try StillMeasurements.fit(of: label) else { continue }
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
        XCTAssertLessThanOrEqual(pairs.map { abs($0.dlib - $0.human) }.mean, 2.0, summary)
        XCTAssertEqual(slope, 1.0, accuracy: 0.1, summary)
    }
}
