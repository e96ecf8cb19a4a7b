import DataTestSupport
import LivenessBench
import LivenessCore
import LivenessData
import XCTest

/// The engine's eye closure on still photos (SPEC §2, against the fallback open eye a still has)
/// against helen_afw_300w_68pt_eyestate's open/closed labels, through the bench's own metrics
/// (`StillMetrics.eyeState`). Those labels come from the human points (closed: both eyes' EAR <
/// 0.15; open: both > 0.25): several "closed" faces are eyes squeezed shut by a laugh, and some
/// "open" ones look down under a low upper lid.
final class EyeClosureTests: XCTestCase {
    static func metrics() throws -> [Metric] {
        try MetricsOnce.metrics("EyeClosure") {
            let root = try TestData.require(LabelledFaces.eyeStateSet, root: true)
            return try StillMetrics.eyeState(root: root, faces: SharedAnalyzer.stillFaces(), config: LivenessConfig())
        }
    }

    /// The manifest's floor on eye-state accuracy, where a labelled face not found is a wrong
    /// answer (measured 0.961 at 48eb67c, 98 of 102 right, against a floor of 0.97: a known gap of
    /// issue 10 in the manifest, held to no worse).
    func testEyeStateHoldsTheManifestsFloors() throws {
        ManifestFloors.assertHeld(by: try Self.metrics())
    }

    /// Enough faces are found for the figures below to mean something (measured: 99 of 102).
    func testMostLabelledEyeStatesAreFound() throws {
        let m = try Self.metrics()
        XCTAssertGreaterThanOrEqual(try m.named("eyeState.found").value, 0.8, m.summary)
    }

    /// Measured AUC 0.999 (1.000 with EAR, which the labels are drawn from).
    func testClosureSeparatesClosedFromOpenEyes() throws {
        let m = try Self.metrics()
        XCTAssertGreaterThanOrEqual(try m.named("eyeState.auc").value, 0.97, m.summary)
    }

    /// Measured 0.990 on the 99 faces found: one open HELEN face looks down under a low upper lid
    /// (closure 0.24 against the fallback; a stream would judge it by its own eyes).
    func testBlinkRuleClassifiesTheFoundStills() throws {
        let m = try Self.metrics()
        XCTAssertGreaterThanOrEqual(try m.named("eyeState.foundAccuracy").value, 0.98, m.summary)
    }

    /// HELEN 2181559194 (eyes open): dlib places the eye corners high, so the upper lids stand 0.11
    /// above the corner line and the lower lids 0.16 below it. Judged from the line alone that read
    /// as closure 0.50; the lower lid's excess over a typical open one (0.095) goes back to the
    /// upper lid, and it reads open.
    func testAnOpenEyeWhoseCornersSitHighReadsOpen() throws {
        let label = try XCTUnwrap(
            LabelledFaces.eyeState(root: TestData.require(LabelledFaces.eyeStateSet, root: true)).first { $0.name.hasSuffix("2181559194_1.pts") })
        let face = try XCTUnwrap(SharedAnalyzer.stillFaces().measurement(of: label.points, in: label.imagePath), "the face is found")
        XCTAssertGreaterThan(face.lids.right.lower, 0.14)
        XCTAssertLessThan(stillEyeClosure(face.lids, config: LivenessConfig()), LivenessConfig().blinkClosure)
    }
}
