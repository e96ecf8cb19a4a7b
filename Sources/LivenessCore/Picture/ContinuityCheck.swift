/// SPEC §6 "continuous": an action's change must be seen happening, not a cut between two
/// pictures. Each frame interval has a `PixelChange` (the face's pixels, a shift forgiven).
///
/// The interval in which an action's measure crosses its threshold (the closure reaching the
/// blink's, the yaw leaving neutral by the turn's) is a cut when it is a *step*: at least the
/// action's step bound, and `stepRatio` times every interval of the `stillMs` before it (a photo
/// flipped in: 0.34-0.64, after a still or hand-shaken photo's 0-0.12; a live head that turns
/// 36° in one 100 ms interval at 10 fps changes half as much again as the intervals before it,
/// at most). A turn's crossing is a cut too when it and the `stillMs` before it are all still
/// (under `stillBound`): a head that turns moves its pixels, so that change is the fit's own (a
/// still photo's points jump with the box they are fitted in: yaw by 8-12°). Not so a blink's: a
/// lid that starts to fall may not show in 32 x 32 samples (fellway_me's blink at 3567 ms).
///
/// A blink's crossing is judged on the eyes too (`RegionPixels`): two photos registered to the pixel
/// that differ only in the eyes change the whole face by little (two_photo_flip_pyfeat_24fps:
/// 0.036, under the blink's step), but their eyes by 0.39-0.45 in that one interval, after eyes
/// frozen to the noise (small downcast eyes flipped: 0.09, two_photo_flip_tran). The eyes' step is
/// the larger of the crossing interval's change and the one before it (a picture's fit may read
/// its shut eyes one frame after the flip: two_photo_flip_tran_30fps); it is an eyes' cut when it
/// is at least `eyeStepBound` and `eyeStepRatio` times every interval of the eyes' in the
/// `stillMs` before it. The frames after it tell the rest: a shut photo's eyes are frozen until it
/// is flipped back, a live lid moves on while the eyes are shut. So a blink's cut, of the face or
/// of the eyes, is lifted only by an interval after it, while the eyes are still shut, whose eyes
/// change by `eyeStillBound` or more and by less than the step over `stepRatio`: a photo flipped
/// back while its fit still reads shut steps again, and a card shaking after the flip moves the
/// face on, not a lid (three_photo_flip_shaking_alaa_10fps). A turn's cut is lifted by the face
/// moving on for `liftMs`.
public struct ContinuityCheck: Sendable {
    /// Where an action's measure crossed its threshold, and how.
    public struct Crossing: Equatable, Sendable {
        public var ms: Double
        /// The face's pixel change in the crossing interval (nil: no face on the frame before).
        public var step: Double?
        /// The eyes' step: their pixel change in the crossing interval, or in the one before it
        /// when larger (nil: not known).
        public var eyeStep: Double?
        /// The crossing interval was a cut (a step, or a turn on pixels that did not change).
        public var isCut: Bool
        /// A blink's crossing was a cut of the eyes alone (`eyeStepBound`).
        public var eyesCut: Bool = false
        /// When the eyes were seen moving on their own after a blink's cut while still shut.
        public var eyesMovedMs: Double? = nil
        /// Since when the face has been moving on end after the crossing (nil: not now).
        public var movingSinceMs: Double?
        /// A turn's face moved on its own for `liftMs` after the crossing.
        public var lifted: Bool
    }

    let stillBound: Double
    let turnStepBound: Double
    let blinkStepBound: Double
    let eyeStepBound: Double
    let eyeStillBound: Double
    let eyeStepRatio: Double
    let stepRatio: Double
    let stillMs: Double
    let liftMs: Double
    /// The intervals since the one that starts `stillMs` before the latest frame: (start, pixel change).
    private var recent: [(startMs: Double, change: Double?, eyeChange: Double?)] = []
    private var lastMs: Double?
    private var crossings: [LivenessAction: Crossing] = [:]
    private var over: Set<LivenessAction> = []

    public init(config: LivenessConfig) {
        stillBound = config.continuityStillBound
        turnStepBound = config.continuityStepBound
        blinkStepBound = config.continuityBlinkStepBound
        eyeStepBound = config.continuityEyeStepBound
        eyeStillBound = config.continuityEyeStillBound
        eyeStepRatio = config.continuityEyeStepRatio
        stepRatio = config.continuityStepRatio
        stillMs = config.continuityStillMs
        liftMs = config.continuityLiftMs
    }

    /// `action`'s measure is past its threshold now: where it crossed; nil otherwise.
    public func crossing(_ action: LivenessAction) -> Crossing? { crossings[action] }

    /// `action`'s current crossing is a cut not yet lifted.
    public func isCut(_ action: LivenessAction) -> Bool {
        guard let c = crossings[action] else { return false }
        switch action {
        case .turnHead: return c.isCut && !c.lifted
        case .blink: return (c.isCut || c.eyesCut) && c.eyesMovedMs == nil
        }
    }

    /// The step bound for `action`.
    public func stepBound(_ action: LivenessAction) -> Double {
        switch action {
        case .turnHead: return turnStepBound
        case .blink: return blinkStepBound
        }
    }

    /// One frame: `pixelChange` is the face's since the previous frame and `eyePixelChange` the
    /// eyes' (nil without a face on both); `over` the actions whose measure is past its threshold
    /// on this frame.
    public mutating func observe(pixelChange change: Double?, eyePixelChange eyeChange: Double? = nil, over nowOver: Set<LivenessAction>, at ms: Double) {
        let largestBefore = largestChangeBefore(\.change)
        let eyes = eyesStep(eyeChange)
        for action in LivenessAction.allCases {
            if !nowOver.contains(action) {
                crossings[action] = nil
            } else if !over.contains(action) {
                crossings[action] = Crossing(
                    ms: ms, step: change, eyeStep: eyes.step, isCut: makesCut(change, before: largestBefore, for: action),
                    eyesCut: action == .blink && eyesMakeCut(eyes.step, before: eyes.before), movingSinceMs: nil, lifted: false)
            } else if var c = crossings[action] {
                // A blink's cut is lifted by the eyes alone (below): a card that shakes after a
                // flip moves the face on, not a lid.
                if action == .turnHead, c.isCut, !c.lifted {
                    let moving = max(stillBound, (c.step ?? 0) / stepRatio)
                    if let change, change >= moving {
                        // Moving since the start of this interval, unless it already was.
                        let since = c.movingSinceMs ?? (lastMs ?? ms)
                        c.movingSinceMs = since
                        if ms - since >= liftMs { c.lifted = true }
                    } else {
                        c.movingSinceMs = nil
                    }
                }
                // The eyes moved on their own while shut: no shut picture's. A change as large as a
                // step of the crossing's is no lid moving on but the picture flipped back.
                if action == .blink, c.isCut || c.eyesCut, c.eyesMovedMs == nil, let eyeChange, eyeChange >= eyeStillBound,
                   eyeChange * stepRatio < (c.eyeStep ?? .infinity) {
                    c.eyesMovedMs = ms
                }
                crossings[action] = c
            }
        }
        over = nowOver
        if let lastMs { recent.append((lastMs, change, eyeChange)) }
        lastMs = ms
        // Keep the intervals that reach back `stillMs` from the latest one's start (a blink's step
        // may be that interval: `eyesStep`), and the one before them.
        let latestStart = recent.last?.startMs ?? ms
        if let keepFrom = recent.lastIndex(where: { latestStart - $0.startMs >= stillMs }) { recent.removeFirst(keepFrom) }
    }

    /// Whether a crossing interval of `change`, after intervals whose largest change was `before`
    /// (nil: not known for `stillMs`), is a cut for `action`.
    private func makesCut(_ change: Double?, before: Double?, for action: LivenessAction) -> Bool {
        guard let change, let before else { return false }
        if change >= stepBound(action) && before * stepRatio <= change { return true }
        return action == .turnHead && change < stillBound && before < stillBound
    }

    /// The eyes' step of a blink crossing this frame: the larger of the eyes' change in the
    /// crossing interval and in the interval before it (a picture's fit can read its shut eyes
    /// one frame after the flip), and the largest eyes' change of the `stillMs` before that step
    /// (nil: not known that far back).
    private func eyesStep(_ eyeChange: Double?) -> (step: Double?, before: Double?) {
        guard let leading = recent.last?.eyeChange, leading > (eyeChange ?? 0) else {
            return (eyeChange, largestChangeBefore(\.eyeChange))
        }
        return (leading, largestChangeBefore(\.eyeChange, skippingLast: true))
    }

    /// Whether a blink's crossing interval whose eyes changed by `change`, after intervals whose
    /// largest eye change was `before` (nil: not known for `stillMs`), is a cut of the eyes alone.
    private func eyesMakeCut(_ change: Double?, before: Double?) -> Bool {
        guard let change, let before else { return false }
        return change >= eyeStepBound && before * eyeStepRatio <= change
    }

    /// The largest change (the face's or the eyes') of the intervals of the `stillMs` before the
    /// latest frame; nil when it was not measured in them or they do not reach that far back.
    private func largestChangeBefore(
        _ measure: KeyPath<(startMs: Double, change: Double?, eyeChange: Double?), Double?>, skippingLast: Bool = false
    ) -> Double? {
        let intervals = skippingLast ? recent.dropLast() : recent[...]
        guard let end = skippingLast ? recent.last?.startMs : lastMs else { return nil }
        var largest = 0.0
        for interval in intervals.reversed() {
            guard let change = interval[keyPath: measure] else { return nil }
            largest = max(largest, change)
            if end - interval.startMs >= stillMs { return largest }
        }
        return nil
    }
}
