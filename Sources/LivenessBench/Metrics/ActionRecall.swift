import LivenessCore
import LivenessVision
import LivenessData

/// Every labelled action the session could have credited, not only the first it did: a labelled
/// interval of a counted confidence that overlaps the scan is found when a scan frame inside it
/// (widened by the tolerance) met the action's rule (`FrameSample.creditable`; a blink at its closed frame), for a turn
/// in the labelled direction (`LabelledInterval.agrees`: a frame turned the other way is another
/// turn, not this one).
public struct ActionRecall: Sendable, Equatable {
    public var found: Int
    public var labelled: Int

    public init(found: Int = 0, labelled: Int = 0) {
        self.found = found
        self.labelled = labelled
    }

    /// `scan` is the span the scan judged (nil: there was none, so nothing is counted).
    public static func count(
        _ action: LivenessAction, labels: [LabelledInterval], samples: [FrameSample], scan: ClosedRange<Double>?,
        positives: Set<String>, toleranceMs: Double
    ) -> ActionRecall {
        guard let scan else { return ActionRecall() }
        let counted = labels.filter { positives.contains($0.confidence) && $0.endMs >= scan.lowerBound && $0.startMs <= scan.upperBound }
        let creditable = samples.filter { scan.contains($0.actionMs(action)) && $0.creditable.contains(action) }
        let found = counted.filter { interval in
            creditable.contains {
                interval.contains($0.actionMs(action), toleranceMs: toleranceMs) && interval.agrees(withYawFromNeutral: $0.yawFromNeutral)
            }
        }
        return ActionRecall(found: found.count, labelled: counted.count)
    }

    public static func + (a: ActionRecall, b: ActionRecall) -> ActionRecall {
        ActionRecall(found: a.found + b.found, labelled: a.labelled + b.labelled)
    }
}
