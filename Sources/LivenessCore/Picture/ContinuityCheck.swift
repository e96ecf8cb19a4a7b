/// SPEC §6 "continuous": an action's change must be seen happening, not a cut between two
/// pictures. A cut is the frame interval in which the action's measure crosses its threshold (the
/// closure reaching the blink's, the yaw leaving neutral by the turn's) when the face's pixels
/// change by a step in it (`PixelChange` of `stepBound` or more) while they were still (every
/// interval under `stillBound`) for `stillMs` before it; and it stays a cut while they stay still
/// after it. A live head that steps that fast (a 36° turn in one 100 ms interval at 10 fps) keeps
/// moving on its own afterwards, and the cut is lifted at its first frame that moves; a photo
/// flipped in, then held still or shaken as a whole, does not. Stated in time, so a 60 fps copy
/// whose frames repeat (still for 50 ms between changes) is no cut.
public struct ContinuityCheck: Sendable {
    /// Where an action's measure crossed its threshold, and how.
    public struct Crossing: Equatable, Sendable {
        public var ms: Double
        /// The face's pixel change in the crossing interval (nil: no face on the frame before).
        public var step: Double?
        /// The face was still for `stillMs` before the crossing.
        public var stillBefore: Bool
        /// ...and has stayed still since.
        public var stillSince: Bool
    }

    let stillBound: Double
    let stepBound: Double
    let stillMs: Double
    /// The intervals since the one that starts `stillMs` before the latest frame: (start, pixel change).
    private var recent: [(startMs: Double, change: Double?)] = []
    private var lastMs: Double?
    private var crossings: [LivenessAction: Crossing] = [:]
    private var over: Set<LivenessAction> = []

    public init(config: LivenessConfig) {
        stillBound = config.continuityStillBound
        stepBound = config.continuityStepBound
        stillMs = config.continuityStillMs
    }

    /// `action`'s measure is past its threshold now: where it crossed; nil otherwise.
    public func crossing(_ action: LivenessAction) -> Crossing? { crossings[action] }

    /// `action`'s current crossing is a cut: a step out of a still face, still since.
    public func isCut(_ action: LivenessAction) -> Bool {
        guard let c = crossings[action], let step = c.step else { return false }
        return step >= stepBound && c.stillBefore && c.stillSince
    }

    /// One frame: `pixelChange` is the face's since the previous frame (nil without a face on both);
    /// `over` the actions whose measure is past its threshold on this frame.
    public mutating func observe(pixelChange change: Double?, over nowOver: Set<LivenessAction>, at ms: Double) {
        let wasStill = stillBefore()
        for action in LivenessAction.allCases {
            if !nowOver.contains(action) {
                crossings[action] = nil
            } else if !over.contains(action) {
                crossings[action] = Crossing(ms: ms, step: change, stillBefore: wasStill, stillSince: true)
            } else if change.map({ $0 >= stillBound }) ?? true {
                // The face moved on its own after the crossing (or was lost): the change goes on.
                crossings[action]?.stillSince = false
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
