/// SPEC §6 "continuous": an action's change must be seen happening, not a cut between two
/// pictures. Each frame interval's `PixelChange` (the face's pixels, a shake forgiven) makes it
/// *still* (under `stillBound`), a *step* (at least the action's step bound, right after
/// `stillMs` of still intervals) or *moving* (anything else).
///
/// The interval in which an action's measure crosses its threshold (the closure reaching the
/// blink's, the yaw leaving neutral by the turn's) is a cut when it is a step; a turn's is one too
/// when it comes out of a still face and is still itself: a head that turns moves its pixels, so
/// the change is the fit's own (a still photo's points jump with the box they are fitted in: yaw
/// by 8-12°). Not so a blink's: a lid that starts to fall may not show in 32 x 32 samples
/// (fellway_me's blink at 3567 ms would have been refused).
/// The action is refused until the face has been moving for `liftMs` on end. A photo flipped in, then held
/// still, shaken (its jolts come between still frames, never on end) or flipped again, never
/// moves that way; a live head that steps fast (a 36° turn in one 100 ms interval at 10 fps)
/// keeps moving on its own, and its credit comes that much later. Stated in time, so a 60 fps
/// copy whose frames repeat (still for 50 ms between changes) has no step.
public struct ContinuityCheck: Sendable {
    /// Where an action's measure crossed its threshold, and how.
    public struct Crossing: Equatable, Sendable {
        public var ms: Double
        /// The face's pixel change in the crossing interval (nil: no face on the frame before).
        public var step: Double?
        /// The crossing interval came out of a still face as a step, or did not move at all.
        public var isStep: Bool
        /// Since when the face has been moving on end after the crossing (nil: not now).
        public var movingSinceMs: Double?
        /// The face moved on its own for `liftMs` after the crossing.
        public var lifted: Bool
    }

    let stillBound: Double
    let stepBounds: [LivenessAction: Double]
    let stillMs: Double
    let liftMs: Double
    /// The intervals since the one that starts `stillMs` before the latest frame: (start, pixel change).
    private var recent: [(startMs: Double, change: Double?)] = []
    private var lastMs: Double?
    private var crossings: [LivenessAction: Crossing] = [:]
    private var over: Set<LivenessAction> = []

    public init(config: LivenessConfig) {
        stillBound = config.continuityStillBound
        stepBounds = [.turnHead: config.continuityStepBound, .blink: config.continuityBlinkStepBound]
        stillMs = config.continuityStillMs
        liftMs = config.continuityLiftMs
    }

    /// `action`'s measure is past its threshold now: where it crossed; nil otherwise.
    public func crossing(_ action: LivenessAction) -> Crossing? { crossings[action] }

    /// `action`'s current crossing is a cut not yet lifted.
    public func isCut(_ action: LivenessAction) -> Bool {
        guard let c = crossings[action] else { return false }
        return c.isStep && !c.lifted
    }

    /// The step bound for `action`.
    public func stepBound(_ action: LivenessAction) -> Double { stepBounds[action] ?? .infinity }

    /// One frame: `pixelChange` is the face's since the previous frame (nil without a face on both);
    /// `over` the actions whose measure is past its threshold on this frame.
    public mutating func observe(pixelChange change: Double?, over nowOver: Set<LivenessAction>, at ms: Double) {
        let afterStill = stillBefore()
        let still = change.map { $0 < stillBound } ?? false
        for action in LivenessAction.allCases {
            let isStep = (change.map { $0 >= stepBound(action) || (action == .turnHead && $0 < stillBound) } ?? false) && afterStill
            if !nowOver.contains(action) {
                crossings[action] = nil
            } else if !over.contains(action) {
                crossings[action] = Crossing(ms: ms, step: change, isStep: isStep, movingSinceMs: nil, lifted: false)
            } else if var c = crossings[action] {
                if still || isStep || change == nil {
                    c.movingSinceMs = nil
                } else {
                    // Moving since the start of this interval, unless it already was.
                    let since = c.movingSinceMs ?? (lastMs ?? ms)
                    c.movingSinceMs = since
                    if ms - since >= liftMs { c.lifted = true }
                }
                crossings[action] = c
            }
        }
        over = nowOver
        if let lastMs { recent.append((lastMs, change)) }
        lastMs = ms
        // Keep the intervals that reach back `stillMs` from this frame, and the one before them.
        if let keepFrom = recent.lastIndex(where: { ms - $0.startMs >= stillMs }) { recent.removeFirst(keepFrom) }
    }

    /// Every interval of the `stillMs` before the latest frame had a face whose pixels kept still.
    private func stillBefore() -> Bool {
        guard let lastMs else { return false }
        for interval in recent.reversed() {
            guard let change = interval.change, change < stillBound else { return false }
            if lastMs - interval.startMs >= stillMs { return true }
        }
        return false
    }
}
