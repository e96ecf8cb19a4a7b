/// SPEC §2: a blink is an event in time. Both upper lids come down from the level these eyes held
/// open just before (the closure, judged against `OpenEyeReference`, reaches `blinkClosure`
/// further than `blinkNoiseMultiple` times this face's own fit noise) and go back up (the closure
/// falls to `blinkReopenShare` of the deepest it reached) within `blinkMaxClosedMs`; and the
/// eye region's optical flow shows the lids' own motion against the eyes' corners (`LidFlow`):
/// down and back up by `blinkMinLidTravel` eye widths each, the lowest point inside the closing,
/// the descent counted from `blinkLidLeadMs` before it, the rise awaited until `blinkLidWindowMs`
/// after the reopening. Lids that come down and stay down (a look down at the phone, eyes shut on
/// purpose) are no blink, and after such a closing the eyes must read open again before the next.
///
/// At 7-10 fps a lid closes and opens between two frames, and the flow cannot follow a lid across
/// one such interval (`blinkOneIntervalMs` or longer): a descent or a rise made inside one is
/// taken from the fit alone, the flow still showing the lids move the other way. What keeps
/// pictures out is SPEC §6 (`ContinuityCheck`), not this rule.
///
/// The credit is the closing's first closed frame that could count (no `refusals`: face in,
/// camera still, a readable yaw, no cut), given once the lids' event is seen. A closing that ends
/// without a blink is given back as a miss (`ActionMiss`): its nearest closed frame, with why
/// neither it nor the event counted.
public struct BlinkEvent: Sendable {
    /// A blink credited: its closed frame and closure, the frame the eyes reopened on, and the
    /// lids' travel down and back up (eye widths).
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
        /// The open eye and noise the closing is judged against: those of its first frame.
        var reference: OpenEyeReference.Reading
        /// The last frame read before the first closed one, however long before (nil: none yet):
        /// frames between them could not be read, so the flow followed no lid across that time.
        var beforeMs: Double?
        /// The last frame read closed.
        var lastClosedMs: Double
        var deepest: Double
        /// The first closed frame that could count: the credit.
        var credit: (frame: ChosenFrame, closure: Double, crossing: ContinuityCheck.Crossing?)?
        /// The closed frame nearest to counting (the most rules met, `Refusal.metMoreRules`, ties to
        /// the largest closure).
        var nearest: (frame: ChosenFrame, closure: Double, refusals: [Refusal])
        var reopened: ChosenFrame?
        /// The lids' largest down-and-up seen since the reopening (the smaller side largest).
        var travel = (down: 0.0, up: 0.0)
    }

    let closedAt: Double
    let reopenShare: Double
    let noiseMultiple: Double
    let maxClosedMs: Double
    let leadMs: Double
    let riseWaitMs: Double
    let minTravel: Double
    let oneIntervalMs: Double
    /// The lids' position (summed descent, eye widths) on the frames of the last
    /// `maxClosedMs + leadMs`, since the lids' motion was last lost.
    private var positions: [(ms: Double, position: Double)] = []
    private var closing: Closing?
    /// A closing ended as too long: no new one until the eyes read open again.
    private var shut = false
    private var lastReadMs: Double?
    private var lastFrameMs: Double?

    public init(config: LivenessConfig) {
        closedAt = config.blinkClosure
        reopenShare = config.blinkReopenShare
        noiseMultiple = config.blinkNoiseMultiple
        maxClosedMs = config.blinkMaxClosedMs
        leadMs = config.blinkLidLeadMs
        riseWaitMs = config.blinkLidWindowMs
        minTravel = config.blinkMinLidTravel
        oneIntervalMs = config.blinkOneIntervalMs
    }

    /// The reference a closing in progress is judged against: the session reads this frame's
    /// closure against it, and records no frame into the open eye meanwhile.
    public var closingReference: OpenEyeReference.Reading? { closing?.reference }

    /// One scan frame: its closure against `reference` (nil: the eyes cannot be read on it), the
    /// lids' descent since the previous frame (nil: not measured), why a closed reading on it could
    /// not be credited (none: it could, with its closure's `crossing`). Returns the blink this frame
    /// completes, or the closing it ended without one.
    public mutating func observe(
        _ frame: ChosenFrame, closure: Double?, reference: OpenEyeReference.Reading, lidDescent: Double?,
        refusals: [Refusal], crossing: ContinuityCheck.Crossing? = nil
    ) -> Outcome? {
        if let lidDescent {
            // The descent came in the interval before this frame: where the lids were at its
            // start is the first position after a loss.
            if positions.isEmpty { positions.append((lastFrameMs ?? frame.ms, 0)) }
            positions.append((frame.ms, (positions.last?.position ?? 0) + lidDescent))
            positions.removeAll { frame.ms - $0.ms > maxClosedMs + leadMs }
        } else {
            positions = []
        }
        lastFrameMs = frame.ms
        var ended: ActionMiss?
        if let c = closing, c.reopened == nil, frame.ms - c.startMs > maxClosedMs {
            ended = miss(c, adding: Refusal(.closedTooLong, value: frame.ms - c.startMs, bound: maxClosedMs))
            closing = nil
            shut = true
        }
        guard let closure else { return ended.map(Outcome.missed) }
        let beforeMs = lastReadMs
        lastReadMs = frame.ms
        guard var c = closing else {
            if shut {
                shut = closure > reopenShare * closedAt
            } else if closure >= closedAt {
                let bound = noiseMultiple * reference.noise
                if closure < bound {
                    ended = ActionMiss(action: .blink, frame: frame, value: closure, bound: closedAt,
                                       refusals: refusals + [Refusal(.withinNoise, value: closure, bound: bound)])
                } else {
                    closing = Closing(
                        startMs: frame.ms, reference: reference, beforeMs: beforeMs, lastClosedMs: frame.ms, deepest: closure,
                        credit: refusals.isEmpty ? (frame, closure, crossing) : nil, nearest: (frame, closure, refusals))
                }
            }
            return ended.map(Outcome.missed)
        }
        if c.reopened == nil, closure > reopenShare * c.deepest {
            c.deepest = max(c.deepest, closure)
            c.lastClosedMs = frame.ms
            if closure >= closedAt {
                if c.credit == nil, refusals.isEmpty { c.credit = (frame, closure, crossing) }
                if Refusal.metMoreRules(refusals, than: c.nearest.refusals) ?? (closure > c.nearest.closure) {
                    c.nearest = (frame, closure, refusals)
                }
            }
            closing = c
            return nil
        }
        let reopened = c.reopened ?? frame
        c.reopened = reopened
        let lids = lidTravel(lowestFrom: c.startMs, before: reopened.ms)
        if min(lids.down, lids.up) > min(c.travel.down, c.travel.up) { c.travel = lids }
        if lidsMoved(c) {
            closing = nil
            guard let credit = c.credit else { return .missed(miss(c, adding: nil)) }
            return .blink(Blink(
                frame: credit.frame, closure: credit.closure, reopened: reopened, down: c.travel.down, up: c.travel.up,
                crossing: credit.crossing))
        }
        // The rise is awaited a little after the reopening, not across a new closing.
        if frame.ms - reopened.ms >= riseWaitMs || closure >= closedAt {
            closing = nil
            return .missed(miss(c, adding: lidsStill(c)))
        }
        closing = c
        return nil
    }

    /// The input or the scan ended: a closing still open is a miss, not reopened, or reopened
    /// with the lids' rise still awaited.
    public mutating func end() -> ActionMiss? {
        defer { closing = nil }
        return closing.map { c in
            miss(c, adding: c.reopened == nil ? Refusal(.notReopened) : lidsStill(c))
        }
    }

    /// The lids came down and went back up by `minTravel` each, or by the fit alone across one long
    /// frame interval, the flow showing them move at least one way.
    private func lidsMoved(_ c: Closing) -> Bool {
        let descentInOne = c.beforeMs.map { c.startMs - $0 >= oneIntervalMs } ?? false
        let riseInOne = c.reopened.map { $0.ms - c.lastClosedMs >= oneIntervalMs } ?? false
        let (down, up) = c.travel
        return max(down, up) >= minTravel
            && (down >= minTravel || descentInOne)
            && (up >= minTravel || riseInOne)
    }

    /// The lids' largest down-and-up ending on this frame: a lowest point at or after `lowestFrom`
    /// and before `before` (inside the closing), the descent to it from the highest the lids were
    /// since `leadMs` before the closing, the rise from it to now; of all lowest points, the one
    /// whose smaller side is largest.
    private func lidTravel(lowestFrom startMs: Double, before endMs: Double) -> (down: Double, up: Double) {
        guard let now = positions.last?.position else { return (0, 0) }
        var highest = Double.infinity, best = (down: 0.0, up: 0.0)
        for p in positions where p.ms >= startMs - leadMs {
            highest = min(highest, p.position)
            guard p.ms >= startMs, p.ms < endMs else { continue }
            let down = p.position - highest, up = p.position - now
            if min(down, up) > min(best.down, best.up) { best = (down, up) }
        }
        return best
    }

    private func lidsStill(_ c: Closing) -> Refusal {
        Refusal(.lidsStill, value: min(c.travel.down, c.travel.up), bound: minTravel)
    }

    /// A closing that ended without a blink: its nearest frame's refusals and what ended it.
    private func miss(_ c: Closing, adding ending: Refusal?) -> ActionMiss {
        ActionMiss(action: .blink, frame: c.nearest.frame, value: c.nearest.closure, bound: closedAt,
                   refusals: c.nearest.refusals + (ending.map { [$0] } ?? []))
    }
}
