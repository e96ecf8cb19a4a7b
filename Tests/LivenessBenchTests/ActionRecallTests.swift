@testable import LivenessBench
import LivenessCore
import LivenessVision
@testable import LivenessData
import XCTest

/// Per-action recall: every labelled action of a counted confidence in the scan that some scan
/// frame could have credited (`FrameSample.creditable`), credited before or not.
final class ActionRecallTests: XCTestCase {
    private func interval(_ start: Double, _ end: Double, _ confidence: String = "eye-checked") -> LabelledInterval {
        LabelledInterval(startMs: start, endMs: end, confidence: confidence)
    }

    /// A frame every 100 ms to 6 s; a blink's rule met at 700, 2000 and 5000 ms, a turn's at 3000.
    private let samples: [FrameSample] = stride(from: 0.0, through: 6000, by: 100).map { ms in
        let creditable: Set<LivenessAction> = [700, 2000, 5000].contains(ms) ? [.blink] : ms == 3000 ? [.turnHead] : []
        return FrameSample(ms: ms, closure: nil, yaw: nil, yawFromNeutral: nil, inCircle: true, cameraDegPerSec: nil, prompt: nil, creditable: creditable)
    }

    func testEachLabelledActionInTheScanIsFoundWhenAFrameInsideItCouldCreditIt() {
        let labels = [
            interval(1900, 2100),  // a creditable frame inside: found
            interval(4800, 4900),  // one 100 ms after its end, within the 150 ms tolerance: found
            interval(2900, 3100),  // only a turn was creditable there: not found
            interval(3900, 4100),  // nothing creditable: not found
            interval(4950, 5050, "uncertain"),  // not a counted confidence: not counted
            interval(100, 200),  // before the scan (from 500 ms): not counted
        ]
        let recall = ActionRecall.count(.blink, labels: labels, samples: samples, scan: 500...6000,
                                        positives: ["eye-checked", "model-agree"], toleranceMs: 150)
        XCTAssertEqual(recall, ActionRecall(found: 2, labelled: 4))
    }

    func testATurnIsFoundOnlyByAFrameTurnedTheLabelledWay() {
        // Turn frames at 1000-1100 ms turned to the image's left (yaw from neutral -10), at
        // 3000-3100 ms to its right (+10).
        let turns: [FrameSample] = stride(from: 0.0, through: 4000, by: 100).map { ms in
            let turned = (1000...1100).contains(ms) ? -10.0 : (3000...3100).contains(ms) ? 10 : nil
            return FrameSample(ms: ms, closure: nil, yaw: nil, yawFromNeutral: turned ?? 0, inCircle: true, cameraDegPerSec: nil,
                                  prompt: nil, creditable: turned == nil ? [] : [.turnHead])
        }
        func turn(_ start: Double, _ end: Double, _ direction: String?) -> LabelledInterval {
            LabelledInterval(startMs: start, endMs: end, confidence: "eye-checked", direction: direction)
        }
        let labels = [
            turn(900, 1200, "image-left"),  // the left frames: found
            turn(1150, 1400, "image-right"),  // only left frames within its tolerance: not found
            turn(2900, 3200, "image-right"),  // the right frames: found
            turn(2950, 3050, nil),  // no direction: any turn finds it
        ]
        let recall = ActionRecall.count(.turnHead, labels: labels, samples: turns, scan: 500...4000,
                                        positives: ["eye-checked"], toleranceMs: 150)
        XCTAssertEqual(recall, ActionRecall(found: 3, labelled: 4))
    }

    func testAFrameOutsideTheScanFindsNothing() {
        // The frame at 700 ms could credit a blink, but the scan runs from 1000 ms.
        let recall = ActionRecall.count(.blink, labels: [interval(600, 1100)], samples: samples, scan: 1000...6000,
                                        positives: ["eye-checked"], toleranceMs: 0)
        XCTAssertEqual(recall, ActionRecall(found: 0, labelled: 1))
    }

    func testNoScanCountsNothing() {
        let recall = ActionRecall.count(.blink, labels: [interval(1900, 2100)], samples: samples, scan: nil,
                                        positives: ["eye-checked"], toleranceMs: 150)
        XCTAssertEqual(recall, ActionRecall())
    }

    func testTheClipMetricsAddEveryClipsActions() throws {
        func verdict(_ name: String, blinks: ActionRecall, turns: ActionRecall) -> ClipVerdict {
            ClipVerdict(name: name, outcome: "incomplete", expectedOutcome: nil, blinkActions: blinks, turnActions: turns,
                        presentation: AttackMetrics.Presentation(attackKind: nil, genuineExpectedToPass: false, passed: false))
        }
        let metrics = ClipMetrics.compute([
            verdict("a", blinks: ActionRecall(found: 3, labelled: 3), turns: ActionRecall(found: 1, labelled: 2)),
            verdict("b", blinks: ActionRecall(found: 0, labelled: 1), turns: ActionRecall()),
        ])
        let blinks = try metrics.named("clips.blinkActionRecall"), turns = try metrics.named("clips.turnActionRecall")
        XCTAssertEqual(blinks.value, 0.75)
        XCTAssertEqual(blinks.count, 4)
        XCTAssertEqual(turns.value, 0.5)
        XCTAssertEqual(turns.count, 2)
    }

    /// Issue 17 judges recall on the eye-checked labels: counted apart, beside the counted
    /// confidences' figure, not instead of it.
    func testTheEyeCheckedActionsAreCountedApart() throws {
        var verdict = ClipVerdict(
            name: "a", outcome: "incomplete", expectedOutcome: nil,
            blinkActions: ActionRecall(found: 3, labelled: 4), turnActions: ActionRecall(found: 2, labelled: 4),
            presentation: AttackMetrics.Presentation(attackKind: nil, genuineExpectedToPass: false, passed: false))
        verdict.eyeCheckedBlinkActions = ActionRecall(found: 1, labelled: 2)
        verdict.eyeCheckedTurnActions = ActionRecall(found: 1, labelled: 4)
        let metrics = ClipMetrics.compute([verdict])
        XCTAssertEqual(try metrics.named("clips.blinkActionRecall").value, 0.75)
        XCTAssertEqual(try metrics.named("clips.eyeCheckedBlinkActionRecall").value, 0.5)
        XCTAssertEqual(try metrics.named("clips.eyeCheckedTurnActionRecall").value, 0.25)
        XCTAssertEqual(try metrics.named("clips.eyeCheckedTurnActionRecall").count, 4)
        XCTAssertEqual(MetricDirection(metric: "clips.eyeCheckedTurnActionRecall"), .higherIsBetter)

        // From the labels: a model-agree turn that could be credited counts in the one figure only.
        let labels = [interval(2900, 3100, "model-agree"), interval(3900, 4100)]
        let counted = ActionRecall.count(.turnHead, labels: labels, samples: samples, scan: 500...6000,
                                         positives: ["eye-checked", "model-agree"], toleranceMs: 150)
        let eyeChecked = ActionRecall.count(.turnHead, labels: labels, samples: samples, scan: 500...6000,
                                            positives: [LabelledInterval.eyeChecked], toleranceMs: 150)
        XCTAssertEqual(counted, ActionRecall(found: 1, labelled: 2))
        XCTAssertEqual(eyeChecked, ActionRecall(found: 0, labelled: 1))
    }

    func testTheScanEndsWhereTheSessionStoppedLooking() {
        // Autoshot at 500 ms; both actions done on the frame at 3000 ms, the snapshot chosen on
        // the frame at 4000: the rules read until then.
        let samples = stride(from: 0.0, through: 5000, by: 100).map { ms in
            FrameSample(ms: ms, stage: ms < 500 ? .framing : ms < 3000 ? .scanning : ms < 4000 ? .choosingSnapshot : .ended)
        }
        XCTAssertEqual(ClipRun.scanSpan(autoshotMs: 500, samples: samples), 500...4000)
        // The input ended during the scan: to the last frame.
        XCTAssertEqual(ClipRun.scanSpan(autoshotMs: 500, samples: Array(samples.prefix(20))), 500...1900)
        XCTAssertNil(ClipRun.scanSpan(autoshotMs: nil, samples: samples))
    }
}
