import LivenessData

/// What got better or worse since a previous run (`liveness bench --compare`): every metric of
/// either run, and the clips whose outcome, blink or turn check changed.
public struct BenchComparison {
    public enum Verdict: String, Sendable {
        case better, worse, same
        /// Moved beyond the tolerance, but the metric has no known direction (`MetricDirection`).
        case changed
        /// Measured in only one of the runs.
        case new, gone
    }

    public struct MetricChange {
        public var name: String
        /// nil when that run did not measure it.
        public var old: Double?
        public var new: Double?
        public var verdict: Verdict

        public var delta: Double? {
            guard let old, let new else { return nil }
            return new - old
        }
    }

    public struct ClipChange {
        public var name: String
        /// nil when that run did not score the clip.
        public var old: ClipChecks?
        public var new: ClipChecks?
    }

    public var previousPath: String
    public var previousDate: String?
    /// The previous run's machine and this one, when the previous result says and they differ
    /// (`BenchMachine`).
    public var machines: (previous: BenchMachine, now: BenchMachine)?
    public var metrics: [MetricChange]
    /// Only the clips that changed, or that only one run scored.
    public var clips: [ClipChange]

    /// A change within this share of the old value counts as the same: run-to-run noise, and a
    /// finer step than most counts allow (one clip of 20 is 5 %).
    static let relativeTolerance = 0.01
    /// Half the last decimal the result JSON keeps, so an old value's rounding is never a change.
    static let roundingTolerance = 0.00005

    public init(_ run: BenchRun, previous: PreviousBenchResult, machine: BenchMachine = .current) {
        previousPath = previous.path
        previousDate = previous.date
        machines = previous.machine.flatMap { $0 == machine ? nil : ($0, machine) }

        // A value that is not finite was not measured; the result JSON writes it as null.
        let measured = run.metrics.filter { $0.value.isFinite }
        let oldValues = Dictionary(previous.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let newValues = measured.valuesByName
        metrics = Self.inOrder(measured.map(\.name) + previous.metrics.map(\.name)).map { name in
            let old = oldValues[name], new = newValues[name]
            let verdict: Verdict
            if let old, let new {
                verdict = Self.verdict(old: old, new: new, direction: MetricDirection(metric: name))
            } else {
                verdict = old == nil ? .new : .gone
            }
            return MetricChange(name: name, old: old, new: new, verdict: verdict)
        }

        let oldClips = Dictionary(previous.clips.map { ($0.name, $0.checks) }, uniquingKeysWith: { first, _ in first })
        let newClips = Dictionary(run.verdicts.map { ($0.name, ClipChecks($0)) }, uniquingKeysWith: { first, _ in first })
        clips = Self.inOrder(run.verdicts.map(\.name) + previous.clips.map(\.name)).compactMap { name in
            let old = oldClips[name], new = newClips[name]
            return old == new ? nil : ClipChange(name: name, old: old, new: new)
        }
    }

    /// The metrics that got worse since the previous run, or that it measured and this run did
    /// not, one line each: what `--fail-on-worse` fails on. Speed (`speed.*`) is left out: on a
    /// shared machine it moves with the load (Benchmarks/speed.sh measures it).
    public var regressions: [String] {
        metrics.filter { [.worse, .gone].contains($0.verdict) && !$0.name.hasPrefix("speed.") }.map { m in
            let old = m.old.map { fmt($0, 4) } ?? "-"
            guard let new = m.new else { return "\(m.name) was \(old) in \(previousPath) and is not measured now" }
            return "\(m.name) got worse since \(previousPath): \(old) -> \(fmt(new, 4))"
        }
    }

    static func verdict(old: Double, new: Double, direction: MetricDirection) -> Verdict {
        let delta = new - old
        if abs(delta) <= max(relativeTolerance * abs(old), roundingTolerance) { return .same }
        switch direction {
        case .higherIsBetter: return delta > 0 ? .better : .worse
        case .lowerIsBetter: return delta < 0 ? .better : .worse
        case .unknown: return .changed
        }
    }

    /// Each name once, where it first appears: this run's order, then what only the old one had.
    static func inOrder(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

/// The parts of a clip's verdict a comparison looks at.
public struct ClipChecks: Equatable, Sendable {
    public var outcome: String
    public var blink: String
    public var turn: String

    public init(outcome: String, blink: String, turn: String) {
        self.outcome = outcome
        self.blink = blink
        self.turn = turn
    }

    public init(_ verdict: ClipVerdict) {
        self.init(outcome: verdict.outcome, blink: verdict.blink.rawValue, turn: verdict.turn.rawValue)
    }

    /// Named, in the order they are reported.
    public var fields: [(name: String, value: String)] {
        [("outcome", outcome), ("blink", blink), ("turn", turn)]
    }
}
