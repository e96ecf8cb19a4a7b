import Foundation

/// The frame that came nearest to earning an action the session did not credit, and the rules
/// that refused it. Nearest: of the frames whose measure reached the action's bound (the action
/// was seen), the one that met the most of its other rules; when no frame reached it, the frame
/// with the largest measure (`isNearer`; README, "Why an action was not credited").
public struct ActionMiss: Equatable, Sendable {
    public var action: LivenessAction
    public var frame: ChosenFrame
    /// The action's measure on `frame`: closure for a blink, yaw from neutral (signed) for a turn.
    public var value: Double
    /// The bound the measure is judged against (`blinkClosure`, `turnDegrees`).
    public var bound: Double
    /// Every rule the frame failed, in `Refusal.Rule` order; never empty.
    public private(set) var refusals: [Refusal]

    public init(action: LivenessAction, frame: ChosenFrame, value: Double, bound: Double, refusals: [Refusal]) {
        precondition(!refusals.isEmpty, "a miss is refused by some rule")
        self.action = action
        self.frame = frame
        self.value = value
        self.bound = bound
        self.refusals = refusals.sorted { $0.rule.rank < $1.rule.rank }
    }

    /// The measure reached its bound: the action was seen, and refused by a rule.
    public var isSeen: Bool { refusedBy.rule != .notReached }

    /// The first rule that refused it.
    public var refusedBy: Refusal { refusals[0] }

    /// Whether this miss came nearer to a credit than `other`: seen first, then the fewer
    /// refusals, then the one whose first refusal comes later in the rules' order (it got further),
    /// then the larger measure.
    public func isNearer(than other: ActionMiss) -> Bool {
        if isSeen != other.isSeen { return isSeen }
        if isSeen, let more = Refusal.metMoreRules(refusals, than: other.refusals) { return more }
        return abs(value) > abs(other.value)
    }

    /// An action's measure, named, e.g. "closure 0.58" or "yaw +9.1° from neutral".
    static func measure(_ action: LivenessAction, _ value: Double) -> String {
        action == .blink ? String(format: "closure %.2f", value) : String(format: "yaw %+.1f° from neutral", value)
    }

    /// For people: "seen at 0.90 s (frame 27, closure 0.58), not counted: camera rotating ..." or
    /// "not seen: closure at most 0.08 (needs 0.22)".
    public var sentence: String {
        guard isSeen else {
            let most = action == .blink ? String(format: "closure at most %.2f (needs %.2f)", value, bound)
                : String(format: "yaw at most %.1f° from neutral (needs %.1f)", abs(value), bound)
            return "not seen: \(most)"
        }
        let at = String(format: "%.2f s", frame.ms / 1000)
        return "seen at \(at) (frame \(frame.frame), \(Self.measure(action, value))), not counted: " + refusals.map(\.phrase).joined(separator: "; ")
    }

    public var json: JSON {
        .object([
            ("frame", .number(Double(frame.frame))), ("ms", .number(frame.ms)),
            ("value", .number(value)), ("bound", .number(bound)), ("seen", .bool(isSeen)),
            ("rule", .string(refusedBy.rule.rawValue)), ("refusals", .array(refusals.map(\.json))),
        ])
    }
}

/// Each action's nearest miss so far (`ActionMiss.isNearer`).
public struct NearestMisses: Sendable {
    private var misses: [LivenessAction: ActionMiss] = [:]

    public init() {}

    public subscript(action: LivenessAction) -> ActionMiss? { misses[action] }

    public mutating func offer(_ miss: ActionMiss) {
        if let kept = misses[miss.action], !miss.isNearer(than: kept) { return }
        misses[miss.action] = miss
    }
}
