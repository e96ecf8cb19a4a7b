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
    /// answer (measured 0.951 at 141a53b, 97 of 102 right, against a floor of 0.97: broken until issue 10's
    /// eye-state work lands).
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

    /// Measured 0.980 on the 99 faces found: two open HELEN faces look down under a low upper lid
    /// (closure 0.31 and 0.50 against the fallback; a stream would judge them by their own eyes).
    func testBlinkRuleClassifiesTheFoundStills() throws {
        let m = try Self.metrics()
        XCTAssertGreaterThanOrEqual(try m.named("eyeState.foundAccuracy").value, 0.95, m.summary)
    }
}
