@testable import LivenessBench
@testable import LivenessData
import XCTest

/// How one credit compares with the labels (`CreditCheck`): inside a counted label, outside every
/// label, inside only uncounted ones, or nothing credited; a turn inside a label turned its way.
final class CreditCheckTests: XCTestCase {
    private let positives: Set<String> = ["eye-checked", "model-agree"]

    private func label(_ start: Double, _ end: Double, _ confidence: String = "eye-checked", _ direction: String? = nil) -> LabelledInterval {
        LabelledInterval(startMs: start, endMs: end, confidence: confidence, direction: direction)
    }

    private func classify(_ ms: Double?, yaw: Double? = nil, _ labels: [LabelledInterval]) -> CreditCheck {
        CreditCheck.classify(creditMs: ms, yawFromNeutral: yaw, labels: labels, positives: positives, toleranceMs: 150)
    }

    func testACreditIsJudgedByTheLabelsAroundIt() {
        let labels = [label(1000, 1200), label(3000, 3200, "uncertain")]
        XCTAssertEqual(classify(1300, labels), .hit, "within the tolerance after the end")
        XCTAssertEqual(classify(2000, labels), .falseAlarm)
        XCTAssertEqual(classify(3100, labels), .ignored, "only an uncounted label around it")
        XCTAssertEqual(classify(nil, labels), .none)
    }

    func testATurnCreditInsideALabelTurnedTheOtherWayIsNotThatTurn() {
        let labels = [label(1000, 1200, "eye-checked", "image-right"), label(1100, 1500, "uncertain", "image-left")]
        XCTAssertEqual(classify(1100, yaw: 9, labels), .hit)
        XCTAssertEqual(classify(1100, yaw: -9, labels), .ignored, "turned left: only the uncertain left turn is around it")
        XCTAssertEqual(classify(1000, yaw: -9, [labels[0]]), .falseAlarm)
        XCTAssertEqual(classify(1000, yaw: -9, [label(1000, 1200)]), .hit, "a label without a direction takes either way")
    }
}
