import LivenessData

/// How one credited action compares with the clip's labels (Benchmarks/README.md).
public enum CreditCheck: String, Sendable {
    /// Inside a labelled interval of a counted confidence, widened by the tolerance.
    case hit
    /// Outside every labelled interval.
    case falseAlarm
    /// Inside an interval whose confidence does not count (e.g. `uncertain`): neither.
    case ignored
    /// Nothing was credited.
    case none

    public static func classify(
        creditMs: Double?, labels: [LabelledInterval], positives: Set<String>, toleranceMs: Double
    ) -> CreditCheck {
        guard let ms = creditMs else { return .none }
        let around = labels.filter { $0.contains(ms, toleranceMs: toleranceMs) }
        if around.contains(where: { positives.contains($0.confidence) }) { return .hit }
        return around.isEmpty ? .falseAlarm : .ignored
    }
}
