@testable import LivenessBench
import XCTest

/// APCER per attack kind and BPCER (SPEC §6, ISO/IEC 30107-3) from synthetic presentations, and
/// their place among the clip metrics.
final class AttackMetricsTests: XCTestCase {
    private func attack(_ kind: String, passed: Bool) -> AttackMetrics.Presentation {
        AttackMetrics.Presentation(attackKind: kind, genuineExpectedToPass: false, passed: passed)
    }

    private func genuine(expectedToPass: Bool, passed: Bool) -> AttackMetrics.Presentation {
        AttackMetrics.Presentation(attackKind: nil, genuineExpectedToPass: expectedToPass, passed: passed)
    }

    func testAPCERIsTheShareOfEachKindThatPassedAndBPCERTheGenuineThatDidNot() throws {
        let metrics = AttackMetrics.compute([
            attack("photo_still", passed: true), attack("photo_still", passed: false), attack("photo_still", passed: false),
            attack("three_photo_flip", passed: false), attack("three_photo_flip", passed: false),
            genuine(expectedToPass: true, passed: true), genuine(expectedToPass: true, passed: false),
            genuine(expectedToPass: true, passed: true), genuine(expectedToPass: true, passed: true),
            // Expected not to pass (no autoshot, an attack without a kind): in neither figure.
            genuine(expectedToPass: false, passed: false), genuine(expectedToPass: false, passed: true),
        ])
        XCTAssertEqual(metrics.map(\.name), ["attacks.bpcer", "attacks.apcer.photo_still", "attacks.apcer.three_photo_flip"])
        let bpcer = try metrics.named("attacks.bpcer"), still = try metrics.named("attacks.apcer.photo_still")
        let flip = try metrics.named("attacks.apcer.three_photo_flip")
        XCTAssertEqual(bpcer.value, 0.25)
        XCTAssertEqual(bpcer.count, 4)
        XCTAssertEqual(still.value, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(still.count, 3)
        XCTAssertEqual(flip.value, 0)
        XCTAssertEqual(flip.count, 2)
    }

    func testNothingToCountLeavesTheFiguresOut() {
        XCTAssertEqual(AttackMetrics.compute([genuine(expectedToPass: false, passed: false)]).map(\.name), [])
    }

    func testBothFiguresLowerIsBetter() {
        XCTAssertEqual(MetricDirection(metric: "attacks.bpcer"), .lowerIsBetter)
        XCTAssertEqual(MetricDirection(metric: "attacks.apcer.photo_bent"), .lowerIsBetter)
    }

    /// An attack of a kind is judged by its APCER alone: its outcome and its credits (a picture's)
    /// stay out of the outcome accuracy and the precision, which judge the other clips.
    func testAnAttackOfAKindStaysOutOfTheOtherClipMetrics() throws {
        let genuineClip = ClipVerdict(
            name: "genuine", outcome: "passed", expectedOutcome: "passed", blink: .hit, turn: .hit,
            presentation: genuine(expectedToPass: true, passed: true), outcomeOK: true)
        let oldAttack = ClipVerdict(
            name: "still_photo", outcome: "timedOut", expectedOutcome: "timedOut",
            presentation: AttackMetrics.Presentation(attackKind: nil, genuineExpectedToPass: false, passed: false), outcomeOK: true)
        let flip = ClipVerdict(
            name: "flip", outcome: "passed", expectedOutcome: "notPassed", blink: .falseAlarm, turn: .ignored,
            presentation: attack("three_photo_flip", passed: true), outcomeOK: false)
        let metrics = ClipMetrics.compute([genuineClip, oldAttack, flip])
        XCTAssertEqual(try metrics.named("clips.outcomeAccuracy").value, 1)
        XCTAssertEqual(try metrics.named("clips.outcomeAccuracy").count, 2)
        XCTAssertEqual(try metrics.named("clips.blinkPrecision").value, 1)
        XCTAssertEqual(try metrics.named("clips.blinkPrecision").count, 1)
        XCTAssertEqual(try metrics.named("attacks.apcer.three_photo_flip").value, 1)
        XCTAssertEqual(try metrics.named("attacks.bpcer").value, 0)
    }
}

/// The manifest's `kind`: an attack's, read with it, refused on a clip that is not one.
final class AttackKindManifestTests: XCTestCase {
    private func manifest(_ clip: String) throws -> BenchManifest {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kind-\(UUID().uuidString).json").path
        try Data(#"{"clips": [\#(clip)], "floors": []}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BenchManifest(path: path, environment: [:])
    }

    func testAnAttackCarriesItsKind() throws {
        let clips = try manifest(#"{"name": "flip", "video": "flip.mp4", "attack": true, "kind": "three_photo_flip"}"#).clips
        XCTAssertEqual(clips.first?.kind, "three_photo_flip")
        XCTAssertNil(try manifest(#"{"name": "still", "video": "still.mp4", "attack": true}"#).clips.first?.kind)
    }

    func testAKindWithoutAnAttackIsRefused() {
        XCTAssertThrowsError(try manifest(#"{"name": "flip", "video": "flip.mp4", "kind": "three_photo_flip"}"#)) { error in
            XCTAssertTrue("\(error)".contains("kind"), "\(error)")
        }
    }
}
