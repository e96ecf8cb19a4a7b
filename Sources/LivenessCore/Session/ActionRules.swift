/// A scan frame judged for the two actions: SPEC §3 step 4's eligibility (the face in the circle,
/// the camera still), SPEC §2's blink (`BlinkEvent`) and head turn
/// (`TurnRule`), and SPEC §6 "continuous" (`ContinuityCheck`: a change that came in a cut earns
/// nothing, and is announced once). It says what the frame would credit and which frames fell
/// short with the rules that refused them; whether a credit counts (the same face, SPEC §5) and
/// which actions are already credited is the session's to say.
struct ActionRules: Sendable {
    /// What one frame made of the actions.
    struct Judgement {
        /// What the frame would credit, blink first.
        var credits: [ActionCredit] = []
        /// Frames that fell short, in the order they were judged.
        var misses: [ActionMiss] = []
        /// Cuts first refused on this frame (`pictureSuspected`, once per cut).
        var suspicions: [PictureSuspicion] = []
        /// The closed frame of a blink this frame completed, credited before or not.
        var blinkSeen: ChosenFrame?
    }

    let config: LivenessConfig
    private var blinkEvent: BlinkEvent
    private var turnRule: TurnRule
    private var continuity: ContinuityCheck
    /// The crossings already announced as a picture's.
    private var announcedCuts: [LivenessAction: Double] = [:]

    init(config: LivenessConfig) {
        self.config = config
        blinkEvent = BlinkEvent(config: config)
        turnRule = TurnRule(config: config)
        continuity = ContinuityCheck(config: config)
    }

    /// The actions whose current crossing is a cut.
    var cuts: Set<LivenessAction> { Set(LivenessAction.allCases.filter(continuity.isCut)) }

    /// Every frame, in every stage: the face's pixel change, watched for cuts across the actions'
    /// thresholds (only while `scanning`; `neutral` is the yaw a turn is judged from).
    mutating func watchContinuity(_ m: FrameMeasurement, closure: Double?, neutral: Double?, scanning: Bool) {
        var over: Set<LivenessAction> = []
        if scanning {
            if let closure, BlinkRule.isClosed(closure, config: config) { over.insert(.blink) }
            if let face = m.face, let neutral, turnRule.isTurned(face.yaw - neutral) { over.insert(.turnHead) }
        }
        continuity.observe(pixelChange: m.facePixelChange, eyePixelChange: m.eyePixelChange, over: over, at: m.timestampMs)
    }

    /// The open eye a closing in progress is judged against (`BlinkEvent.closingReference`).
    var closingReference: OpenEyeReference.Reading? { blinkEvent.closingReference }

    /// One scan frame, its turn judged from `neutral`.
    mutating func judge(_ m: FrameMeasurement, _ r: FrameReading, neutral: Double) -> Judgement {
        var judgement = Judgement()
        let frame = ChosenFrame(frame: m.frameIndex, ms: m.timestampMs)
        var unmet: [Refusal] = []
        if !r.inCircle { unmet.append(Refusal(.outOfCircle)) }
        if !r.cameraStill { unmet.append(Refusal(.cameraRotating, value: r.cameraRate, bound: config.cameraStillMaxDegPerSec)) }
        judgeBlink(m, r, frame: frame, unmet: unmet, into: &judgement)
        judgeTurn(m, frame: frame, unmet: unmet, neutral: neutral, into: &judgement)
        return judgement
    }

    /// The scan ended: a closing still open is a miss.
    mutating func endScan() -> ActionMiss? {
        blinkEvent.end()
    }

    private mutating func judgeBlink(_ m: FrameMeasurement, _ r: FrameReading, frame: ChosenFrame, unmet: [Refusal], into judgement: inout Judgement) {
        var unmet = unmet
        var readable = true
        if let face = m.face, !BlinkRule.eyesReadable(yaw: face.yaw, config: config) {
            unmet.append(Refusal(.eyesUnreadable, value: abs(face.yaw), bound: config.blinkMaxAbsYaw))
            readable = false
        }
        if let closure = r.closure {
            if !BlinkRule.isClosed(closure, config: config) {
                let notReached = Refusal(.notReached, value: closure, bound: config.blinkClosure)
                judgement.misses.append(ActionMiss(action: .blink, frame: frame, value: closure, bound: config.blinkClosure, refusals: [notReached] + unmet))
            } else if !readable {
                judgement.misses.append(ActionMiss(action: .blink, frame: frame, value: closure, bound: config.blinkClosure, refusals: unmet))
            } else if unmet.isEmpty, let cut = refusedAsCut(.blink, into: &judgement) {
                unmet.append(cut)
            }
        }
        // A face turned too far is no reading of the eyes: the closing's clock runs on.
        switch blinkEvent.observe(
            frame, closure: readable ? r.closure : nil, reference: r.reference, lidDescent: m.lidDescent,
            refusals: unmet, crossing: continuity.crossing(.blink)) {
        case .blink(let blink)?:
            judgement.blinkSeen = blink.frame
            judgement.credits.append(ActionCredit(
                action: .blink, frame: blink.frame.frame, ms: blink.frame.ms, value: blink.closure, crossing: blink.crossing, lidMotion: blink))
        case .missed(let miss)?: judgement.misses.append(miss)
        case nil: break
        }
    }

    private mutating func judgeTurn(_ m: FrameMeasurement, frame: ChosenFrame, unmet: [Refusal], neutral: Double, into judgement: inout Judgement) {
        guard let face = m.face else {
            _ = turnRule.observe(yawFromNeutral: nil)
            return
        }
        let fromNeutral = face.yaw - neutral
        let turned = turnRule.isTurned(fromNeutral)
        var refusals = unmet
        if !turned { refusals.append(Refusal(.notReached, value: abs(fromNeutral), bound: config.turnDegrees)) }
        if !unmet.isEmpty {
            _ = turnRule.observe(yawFromNeutral: nil)
        } else if !turnRule.observe(yawFromNeutral: fromNeutral) {
            if turned { refusals.append(Refusal(.notHeld, value: Double(turnRule.run), bound: Double(config.turnHoldFrames))) }
        } else if let cut = refusedAsCut(.turnHead, into: &judgement) {
            refusals.append(cut)
        } else {
            judgement.credits.append(ActionCredit(action: .turnHead, frame: m.frameIndex, ms: m.timestampMs, value: fromNeutral, crossing: continuity.crossing(.turnHead)))
        }
        if !refusals.isEmpty {
            judgement.misses.append(ActionMiss(action: .turnHead, frame: frame, value: fromNeutral, bound: config.turnDegrees, refusals: refusals))
        }
    }

    /// SPEC §6 "continuous": an action met on this frame counts unless its change came in a cut
    /// (the refusal returned); each cut is suspected once.
    private mutating func refusedAsCut(_ action: LivenessAction, into judgement: inout Judgement) -> Refusal? {
        guard continuity.isCut(action), let crossing = continuity.crossing(action) else { return nil }
        // A cut of the eyes alone is measured on the eyes' pixels, against their bound.
        let eyesAlone = !(crossing.isCut && !crossing.lifted)
        let value = eyesAlone ? crossing.eyeStep : crossing.step
        let bound = eyesAlone ? config.continuityEyeStepBound : continuity.stepBound(action)
        if announcedCuts[action] != crossing.ms {
            announcedCuts[action] = crossing.ms
            judgement.suspicions.append(PictureSuspicion(check: .continuous, action: action, value: value ?? 0, bound: bound))
        }
        return Refusal(.cut, value: value, bound: bound)
    }
}
