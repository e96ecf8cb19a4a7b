import LivenessData

/// Both sides of the decision as ISO/IEC 30107-3 counts them (SPEC §6): APCER, the share of attack
/// presentations of each kind that pass, and BPCER, the share of genuine sessions expected to pass
/// that do not.
public enum AttackMetrics {
    /// One clip as those two figures see it.
    public struct Presentation: Sendable {
        /// An attack's kind; nil for a genuine clip, or an attack the manifest gives no kind.
        public var attackKind: String?
        /// A genuine clip that the manifest expects to pass: what BPCER counts.
        public var genuineExpectedToPass: Bool
        public var passed: Bool

        public init(attackKind: String?, genuineExpectedToPass: Bool, passed: Bool) {
            self.attackKind = attackKind
            self.genuineExpectedToPass = genuineExpectedToPass
            self.passed = passed
        }
    }

    /// `attacks.bpcer`, then `attacks.apcer.<kind>` per kind in name order; a figure with nothing
    /// to count is left out.
    public static func compute(_ presentations: [Presentation]) -> [Metric] {
        var metrics: [Metric] = []
        let genuine = presentations.filter(\.genuineExpectedToPass)
        if !genuine.isEmpty {
            metrics.append(Metric("attacks.bpcer", share(genuine.filter { !$0.passed }.count, of: genuine.count), count: genuine.count,
                                  note: "genuine clips expected to pass that did not"))
        }
        var passedByKind: [String: [Bool]] = [:]
        for p in presentations {
            if let kind = p.attackKind { passedByKind[kind, default: []].append(p.passed) }
        }
        for (kind, passed) in passedByKind.sorted(by: { $0.key < $1.key }) {
            metrics.append(Metric("attacks.apcer.\(kind)", share(passed.filter { $0 }.count, of: passed.count), count: passed.count,
                                  note: "\(kind) attacks that passed"))
        }
        return metrics
    }
}
