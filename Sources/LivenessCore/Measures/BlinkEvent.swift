/// SPEC §2: a blink is an event in time, seen in the lids' own motion. The lids come down (the
/// closure reaches `blinkClosure` from eyes seen open) and go back up (the closure falls under
/// it again) within `blinkMaxClosedMs`, and the eye region's optical flow shows the upper lids
/// moving down over the eyes and back up, each by at least `blinkMinLidTravel` eye widths
/// relative to the eyes' corners (`LidFlow`). Lids that come down and stay down (a look down at
/// the phone, eyes shut on purpose) are no blink; a closed reading the lids' motion does not
/// bear out (the fit's lid points slipping on a moving or blurred face, a bent photo) is none
/// either. A picture's eyes do not move against their corners, whatever the picture does.
///
/// The credit is the first closed frame that could count (no `refusals`: face in, camera still, a
/// readable yaw, no cut), given once the reopening and the lids' travel both ways are seen.
/// Frames without the lids' motion (no face on this frame or the one before) break the event:
/// its travel cannot be told across them. A closing that ends without a blink is given back as a
/// miss (`ActionMiss`): its nearest closed frame, with why neither it nor the event counted.
public struct BlinkEvent: Sendable {
    /// A blink credited: its closed frame and closure, the frame the closure fell back under the
    /// blink's, and the lids' travel down and back up (eye widths).
    public struct Blink: Equatable, Sendable {
        public var frame: ChosenFrame
        public var closure: Double
        public var reopened: ChosenFrame
        public var down: Double
        public var up: Double
        /// How the closing began (SPEC §6 "continuous") on the credited frame.
        public var crossing: ContinuityCheck.Crossing?
    }

    /// What a frame made of the blink: one completed, or a closing that ended without one.
    public enum Outcome: Equatable, Sendable {
        case blink(Blink)
        case missed(ActionMiss)
    }

    private struct Closing {
        var startMs: Double
        /// The lids' position before the closing: the least descended of the window before it.
        var before: Double
        /// The lowest the lids came since (the largest position).
        var lowest: Double
        var credit: (frame: ChosenFrame, closure: Double, crossing: ContinuityCheck.Crossing?)?
        var reopened: ChosenFrame?
        /// The closed frame nearest to counting (the most rules met, `Refusal.metMoreRules`, ties to
        /// the largest closure).
        var nearest: (frame: ChosenFrame, closure: Double, refusals: [Refusal])
        /// The most the lids travelled both ways (the smaller of down and up) since the reopening;
        /// nil before it.
        var travel: Double?
    }

    let closedAt: Double
    let maxClosedMs: Double
    let windowMs: Double
    let minTravel: Double
    /// The lids' position (summed descent, eye widths) on the frames of the last `windowMs`.
    private var positions: [(ms: Double, position: Double)] = []
    private var closing: Closing?

    public init(config: LivenessConfig) {
        closedAt = config.blinkClosure
        maxClosedMs = config.blinkMaxClosedMs
        windowMs = config.blinkLidWindowMs
        minTravel = config.blinkMinLidTravel
    }

    /// One scan frame: its closure (nil: no face), the lids' descent since the previous frame
    /// (nil: not measured), whether the eyes were seen open before it (`EyesSeenOpen`), why a
    /// closed reading on it could not be credited (none: it could, with its closure's
    /// `crossing`). Returns the blink this frame completes, or the closing it ended without one.
    public mutating func observe(
        _ frame: ChosenFrame, closure: Double?, lidDescent: Double?, eyesSeenOpen: Bool, refusals: [Refusal],
        crossing: ContinuityCheck.Crossing? = nil
    ) -> Outcome? {
        guard let closure, let lidDescent else {
            positions = []
            defer { closing = nil }
            return closing.map { .missed(miss($0, ending: Refusal(.eyesLost))) }
        }
        let position = (positions.last?.position ?? 0) + lidDescent
        let before = positions.map(\.position).min() ?? 0
        positions.append((frame.ms, position))
        positions.removeAll { frame.ms - $0.ms > windowMs }
        let isClosed = closure >= closedAt
        let counts = refusals.isEmpty
        var ended: ActionMiss?
        // Eyes seen open again after a reopening end that closing: what closes next is a new one.
        if let c = closing, c.reopened != nil, isClosed, eyesSeenOpen {
            ended = miss(c, ending: nil)
            closing = nil
        }

        guard var c = closing else {
            if isClosed && eyesSeenOpen {
                closing = Closing(
                    startMs: frame.ms, before: before, lowest: position,
                    credit: counts ? (frame, closure, crossing) : nil, nearest: (frame, closure, refusals))
            } else if isClosed {
                ended = ActionMiss(action: .blink, frame: frame, value: closure, bound: closedAt, refusals: refusals + [Refusal(.eyesNotSeenOpen)])
            }
            return ended.map(Outcome.missed)
        }
        c.lowest = max(c.lowest, position)
        if isClosed {
            c.reopened = nil
            c.travel = nil
            if c.credit == nil && counts { c.credit = (frame, closure, crossing) }
            if Refusal.metMoreRules(refusals, than: c.nearest.refusals) ?? (closure > c.nearest.closure) {
                c.nearest = (frame, closure, refusals)
            }
        } else if c.reopened == nil {
            c.reopened = frame
        }
        let down = c.lowest - c.before, up = c.lowest - position
        if c.reopened != nil { c.travel = max(c.travel ?? -.infinity, min(down, up)) }
        if let reopened = c.reopened, let credit = c.credit, down >= minTravel, up >= minTravel {
            closing = nil
            return .blink(Blink(frame: credit.frame, closure: credit.closure, reopened: reopened, down: down, up: up, crossing: credit.crossing))
        }
        // Shut too long to be a blink, or reopened without the lids' motion to show for it.
        let closedTooLong = c.reopened == nil && frame.ms - c.startMs > maxClosedMs
        let noMotion = c.reopened.map { frame.ms - $0.ms > windowMs } ?? false
        guard closedTooLong || noMotion else {
            closing = c
            return nil
        }
        closing = nil
        return .missed(miss(c, ending: closedTooLong ? Refusal(.closedTooLong, value: frame.ms - c.startMs, bound: maxClosedMs) : nil))
    }

    /// The input or the scan ended: a closing still open is a miss.
    public mutating func end() -> ActionMiss? {
        defer { closing = nil }
        return closing.map { miss($0, ending: $0.reopened == nil ? Refusal(.notReopened) : nil) }
    }

    /// A closing that ended without a blink: its nearest frame's refusals, the lids' travel if it
    /// reopened short of it, and what ended it. Never without a refusal: a reopened closing whose
    /// credit and travel both held was a blink on that frame.
    private func miss(_ c: Closing, ending: Refusal?) -> ActionMiss {
        var refusals = c.nearest.refusals
        if let travel = c.travel, travel < minTravel { refusals.append(Refusal(.lidsStill, value: travel, bound: minTravel)) }
        if let ending { refusals.append(ending) }
        return ActionMiss(action: .blink, frame: c.nearest.frame, value: c.nearest.closure, bound: closedAt, refusals: refusals)
    }
}
