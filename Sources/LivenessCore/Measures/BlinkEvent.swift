/// SPEC §2: a blink is an event in time, seen in the lids' own motion. The lids come down (the
/// closure reaches `blinkClosure` from eyes seen open since the autoshot) and go back up (the
/// closure falls under it again), and the eye region's optical flow shows the upper lids moving
/// down over the eyes and back up, each by at least `blinkMinLidTravel` eye widths relative to
/// the eyes' corners (`LidFlow`), **within `blinkMaxClosedMs` counted from where that descent
/// began**: the event is timed by the lids' motion, not by where a closing happened to start.
/// Lids that come down and stay down (a look down at the phone, eyes shut on purpose) are no
/// blink, and neither are lids that come down slowly and go back up slowly (a slow look down and
/// back): no stretch of the longest blink holds both their descent and their rise. A closed
/// reading the lids' motion does not bear out (the fit's lid points slipping on a moving or
/// blurred face, a bent photo) is none either. A picture's eyes do not move against their
/// corners, whatever the picture does.
///
/// A closing is the closure's run from its first closed frame: it reopens within
/// `blinkMaxClosedMs` or ends as too long, and then, the eyes having been seen open since the
/// autoshot, the next one starts on that same frame: a blink inside a look down (the eye
/// narrowed, its closure never back under `blinkClosure` between) is the lids' own event
/// within it. The lids' lowest point must lie inside the closing, or, for a closing that
/// continues one shut too long, inside the unbroken run of closed readings that goes on into it,
/// so the closure and the lids tell of one event: at 8 fps a blink inside narrowed eyes can
/// bottom out on the last frame of a closing shut too long and rise on the first of the next
/// (proctor_liveness at 11250 ms), and is credited on its own frame, carried over; a low point
/// before a frame read open is another event's (tranvanluyt_fake at 4.87 s). Such a blink has
/// reopened once the eyes read as open as where its lids' descent began: looking down, they
/// need not read under `blinkClosure` again (reddy_capture at 4.40 s, whose closure came back to
/// 0.21 in the 25 fps clip but only to 0.23-0.30 in its 60 fps and variable-rate copies).
///
/// The lids' event may complete before the closure reopens (at 8 fps the fit's lids lag the
/// pixels': proctor_liveness at 8375 ms), and is then given at the reopening. The credit is the
/// first closed frame of the closing that could count (no `refusals`: face in, camera still, a
/// readable yaw, no cut); for a closing that continues one shut too long, which has no frame
/// that reached the closure from open eyes, the first after the lids' descent began (the blink's
/// frame, not the look down's). Frames without the lids' motion (no face on this frame or the
/// one before) break the event: its travel cannot be told across them. A closing that ends
/// without a blink is given back as a miss (`ActionMiss`): its nearest closed frame, with why
/// neither it nor the event counted.
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
        /// Since when the eyes have read closed without a reopening: `startMs`, or earlier when
        /// this closing continues one shut too long.
        var shutSinceMs: Double
        /// Where the lids' lowest point may lie from: `startMs`; for a closing that continues one
        /// shut too long, the first frame of the eyes' unbroken run of closed readings that goes
        /// on into it (no frame read under `blinkClosure` between).
        var lowestFromMs: Double
        /// The closed frames that could count, in order: the credit is the first (the first after
        /// the lids' descent began, for a closing that continues one shut too long).
        var counted: [(frame: ChosenFrame, closure: Double, crossing: ContinuityCheck.Crossing?)]
        var reopened: ChosenFrame?
        /// The closed frame nearest to counting (the most rules met, `Refusal.metMoreRules`, ties to
        /// the largest closure).
        var nearest: (frame: ChosenFrame, closure: Double, refusals: [Refusal])
        /// The most the lids travelled both ways (the smaller of down and up) within
        /// `maxClosedMs`, on the frames of the closing so far; nil before the first.
        var travel: Double?
        /// The lids' event once seen: down and back up by `minTravel` each within `maxClosedMs`.
        /// The closure may reopen after it (the fit's lids lag the pixels' on a slow frame rate).
        var event: (down: Double, up: Double, fromMs: Double)?
    }

    let closedAt: Double
    let maxClosedMs: Double
    let windowMs: Double
    let minTravel: Double
    /// The lids' position (summed descent, eye widths) on the frames of the last `maxClosedMs`:
    /// the longest a blink's descent and rise together may take.
    private var positions: [(ms: Double, position: Double, closure: Double)] = []
    private var closing: Closing?
    /// The first frame of the current unbroken run of closed readings (nil: this frame's eyes
    /// read open, or none read yet).
    private var closedRunSinceMs: Double?

    public init(config: LivenessConfig) {
        closedAt = config.blinkClosure
        maxClosedMs = config.blinkMaxClosedMs
        windowMs = config.blinkLidWindowMs
        minTravel = config.blinkMinLidTravel
    }

    /// One scan frame: its closure (nil: no face), the lids' descent since the previous frame
    /// (nil: not measured), whether the eyes were seen open since the autoshot
    /// (`EyesSeenOpen.isSeen`) and since the last closed reading (`EyesSeenOpen.isSeenAgain`), why
    /// a closed reading on it could not be credited (none: it could, with its closure's
    /// `crossing`). Returns the blink this frame completes, or the closing it ended without one.
    public mutating func observe(
        _ frame: ChosenFrame, closure: Double?, lidDescent: Double?, eyesSeenOpen: Bool, eyesSeenOpenAgain: Bool,
        refusals: [Refusal], crossing: ContinuityCheck.Crossing? = nil
    ) -> Outcome? {
        guard let closure, let lidDescent else {
            positions = []
            closedRunSinceMs = nil
            defer { closing = nil }
            return closing.map { .missed(miss($0, ending: Refusal(.eyesLost))) }
        }
        positions.append((frame.ms, (positions.last?.position ?? 0) + lidDescent, closure))
        positions.removeAll { frame.ms - $0.ms > maxClosedMs }
        let isClosed = closure >= closedAt
        closedRunSinceMs = isClosed ? (closedRunSinceMs ?? frame.ms) : nil
        let counts = refusals.isEmpty
        var ended: ActionMiss?
        // Eyes seen open again after a reopening end that closing: what closes next is a new one.
        if let c = closing, c.reopened != nil, isClosed, eyesSeenOpenAgain {
            ended = miss(c, ending: nil)
            closing = nil
        }
        // Shut too long to be a blink: that closing ends, and the eyes, seen open since the
        // autoshot, may close anew on this frame; its lids' event is judged on its own.
        var shutSinceMs = frame.ms
        // The closed frames of the last `maxClosedMs` go on with it: a blink whose lids came down
        // on the very frames before the shut closing ended is credited on its own frame.
        var carried: [(frame: ChosenFrame, closure: Double, crossing: ContinuityCheck.Crossing?)] = []
        if let c = closing, c.reopened == nil, isClosed, frame.ms - c.startMs > maxClosedMs {
            ended = miss(c, ending: Refusal(.closedTooLong, value: frame.ms - c.shutSinceMs, bound: maxClosedMs))
            shutSinceMs = c.shutSinceMs
            carried = c.counted.filter { frame.ms - $0.frame.ms <= maxClosedMs }
            closing = nil
        }

        guard var c = closing else {
            if isClosed && eyesSeenOpen {
                closing = Closing(
                    startMs: frame.ms, shutSinceMs: shutSinceMs,
                    lowestFromMs: shutSinceMs < frame.ms ? max(shutSinceMs, closedRunSinceMs ?? frame.ms) : frame.ms,
                    counted: carried + (counts ? [(frame, closure, crossing)] : []),
                    nearest: (frame, closure, refusals))
            } else if isClosed && ended == nil {
                ended = ActionMiss(action: .blink, frame: frame, value: closure, bound: closedAt, refusals: refusals + [Refusal(.eyesNotSeenOpen)])
            }
            return ended.map(Outcome.missed)
        }
        if isClosed {
            c.reopened = nil
            if counts { c.counted.append((frame, closure, crossing)) }
            if Refusal.metMoreRules(refusals, than: c.nearest.refusals) ?? (closure > c.nearest.closure) {
                c.nearest = (frame, closure, refusals)
            }
        } else if c.reopened == nil {
            c.reopened = frame
        }
        let lids = lidEvent(lowestFrom: c.lowestFromMs)
        c.travel = max(c.travel ?? -.infinity, min(lids.down, lids.up))
        if c.event == nil, lids.down >= minTravel, lids.up >= minTravel { c.event = lids }
        // Inside a look down the closure never falls back under `blinkClosure`: a blink there has
        // reopened once the eyes read as open as where its lids' descent began.
        if c.reopened == nil, c.shutSinceMs < c.startMs, let event = c.event,
           let before = positions.last(where: { $0.ms <= event.fromMs })?.closure, closure <= before {
            c.reopened = frame
        }
        if let reopened = c.reopened, let event = c.event, let credit = credit(of: c, descentFromMs: event.fromMs) {
            closing = nil
            positions = []
            return .blink(Blink(
                frame: credit.frame, closure: credit.closure, reopened: reopened, down: event.down, up: event.up,
                crossing: credit.crossing))
        }
        // Reopened without the lids' motion to show for it.
        if let reopened = c.reopened, frame.ms - reopened.ms > windowMs {
            closing = nil
            return .missed(miss(c, ending: nil))
        }
        closing = c
        return nil
    }

    /// The lids' largest down-and-up that ends on this frame within `maxClosedMs`: a lowest point
    /// at or after `lowestFrom` (inside the closing), the descent to it from the highest the lids
    /// were before it in the window (where that descent began), the rise from it to now. Of all
    /// lowest points, the one whose smaller side is largest; `fromMs`, the last frame before it
    /// that was `minTravel` or more above it (where the lids' own event began).
    private func lidEvent(lowestFrom startMs: Double) -> (down: Double, up: Double, fromMs: Double) {
        // `positions` holds the frames of the last `maxClosedMs`, this one last.
        guard let now = positions.last?.position else { return (0, 0, 0) }
        var highest = Double.infinity, best = (down: 0.0, up: 0.0, at: 0)
        for (k, p) in positions.enumerated() {
            highest = min(highest, p.position)
            guard p.ms >= startMs else { continue }
            let down = p.position - highest, up = p.position - now
            if min(down, up) > min(best.down, best.up) { best = (down, up, k) }
        }
        let lowest = positions[best.at].position
        let from = positions[...best.at].last { lowest - $0.position >= minTravel }
        return (best.down, best.up, from?.ms ?? positions[best.at].ms)
    }

    /// The closing's credit: its first closed frame that could count; for a closing that continues
    /// one shut too long, which has no frame that reached the closure from open eyes, the first
    /// after the lids' descent began (`descentFromMs`): the blink's own, not the look down's.
    private func credit(of c: Closing, descentFromMs: Double) -> (frame: ChosenFrame, closure: Double, crossing: ContinuityCheck.Crossing?)? {
        c.shutSinceMs < c.startMs ? c.counted.first { $0.frame.ms > descentFromMs } : c.counted.first
    }

    /// The input or the scan ended: a closing still open is a miss.
    public mutating func end() -> ActionMiss? {
        defer { closing = nil }
        return closing.map { miss($0, ending: $0.reopened == nil ? Refusal(.notReopened) : nil) }
    }

    /// A closing that ended without a blink: its nearest frame's refusals, the lids' travel if it
    /// reopened without their event (or, continuing a closing shut too long, how long the eyes
    /// were shut), and what ended it. Never without a refusal: a reopened closing whose credit and
    /// lids' event both held was a blink on that frame.
    private func miss(_ c: Closing, ending: Refusal?) -> ActionMiss {
        var refusals = c.nearest.refusals
        if let reopened = c.reopened, c.event == nil, let travel = c.travel {
            refusals.append(c.shutSinceMs < c.startMs
                ? Refusal(.closedTooLong, value: reopened.ms - c.shutSinceMs, bound: maxClosedMs)
                : Refusal(.lidsStill, value: travel, bound: minTravel))
        }
        if let ending { refusals.append(ending) }
        return ActionMiss(action: .blink, frame: c.nearest.frame, value: c.nearest.closure, bound: closedAt, refusals: refusals)
    }
}
