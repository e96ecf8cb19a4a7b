import LivenessData

/// How one credited action compares with the clip's labels (Benchmarks/README.md).
public enum CreditCheck: String, Sendable {
    /// Inside a labelled interval of a counted confidence, widened by the tolerance (a turn's
    /// turned the labelled way).
    case hit
    /// Outside every labelled interval.
    case falseAlarm
    /// Inside an interval whose confidence does not count (e.g. `uncertain`): neither.
    case ignored
    /// Nothing was credited.
    case none

    /// `yawFromNeutral` is a turn credit's value (nil for a blink): a label with a direction is
    /// around it only if the credit turned that way.
    public static func classify(
        creditMs: Double?, yawFromNeutral: Double? = nil, labels: [LabelledInterval], positives: Set<String>, toleranceMs: Double
    ) -> CreditCheck {
        guard let ms = creditMs else { return .none }
        let around = labels.filter { $0.contains(ms, toleranceMs: toleranceMs) && $0.agrees(withYawFromNeutral: yawFromNeutral) }
        if around.contains(where: { positives.contains($0.confidence) }) { return .hit }
        return around.isEmpty ? .falseAlarm : .ignored
    }
}
