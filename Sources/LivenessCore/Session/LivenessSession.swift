/// The session state machine of SPEC §3. Feed it one `FrameMeasurement` per frame, in order, and
/// call `finish()` when the input ends. It knows no clock but the frames' timestamps. For SPEC §5
/// (the same person throughout) it asks for the frame's face only at the autoshot and on frames
/// that would credit an action: `judgeFrame` says so in the verdict's `faceWanted`, and the
/// caller's descriptor, given to `judgeFace`, completes the frame (`process(_:describeFace:)` does
/// both). The caller describes the snapshot once it is chosen (`takeSnapshotFace`).
public struct LivenessSession: Sendable {
    public let config: LivenessConfig
    public let order: [LivenessAction]

    /// Where the session is (SPEC §3).
    public var stage: SessionStage { phase.stage }
    public private(set) var outcome: SessionOutcome?
    public private(set) var autoshot: ChosenFrame?
    public private(set) var neutralYaw: Double?
    /// The yaw built up while the camera rotated since the autoshot: the neutral moves with it.
    public var cameraYawShift: Double { handsetSwing.shift }
    public private(set) var credits: [ActionCredit] = []
    public private(set) var snapshot: ChosenFrame?
    public private(set) var snapshotRule: SnapshotRule?
    public private(set) var counts = FrameCounts()
    public private(set) var prompt: Prompt?
    public private(set) var identity: SameFaceRule
    /// The circle framing is judged against: fixed, or fitted once after the settle (SPEC §2).
    public private(set) var guide: GuideCircle

    private var phase = Phase.waiting
    private var lastFrame: ChosenFrame?
    private var pending: [SessionEvent] = []
    private var baseline: OpenEyeBaseline
    private var outOfCircleSinceMs: Double?
    private var faceLost = false
    private var turnRule: TurnRule
    private var handsetSwing = HandsetSwing()
    private var eyesSeenOpen: EyesSeenOpen
    private var blinkEvent: BlinkEvent
    private var continuity: ContinuityCheck
    private var cameraSwing: CameraSwing
    /// The crossings already announced as a picture (`pictureSuspected` once per cut, not per frame).
    private var announcedCuts: [LivenessAction: Double] = [:]
    /// Every credit refused as a picture's (SPEC §6), with its frame: the report lists them.
    public private(set) var pictureSuspicions: [(frame: ChosenFrame, suspicion: PictureSuspicion)] = []
    /// What the action rules would credit on this frame, before the same-face rule has its say.
    private var proposed: [ActionCredit] = []
    /// A frame judged by `judgeFrame` that waits for its face (`judgeFace`): what the face is
    /// wanted for, the verdict so far and, for credits, the frame and snapshot score it would
    /// complete the session with.
    private var awaitingFace: (wanted: FaceWanted, verdict: FrameVerdict, completing: (frame: ChosenFrame, score: Double)?)?
    /// The actions whose rule the current frame meets, whether or not already credited.
    private var creditable: Set<LivenessAction> = []
    /// Each action's frame that came nearest to a credit, for the report of one not credited.
    private var misses = NearestMisses()
    /// The actions seen and refused on the current frame (the trace's `refused`).
    private var refusedNow: [ActionMiss] = []

    public init(config: LivenessConfig = LivenessConfig(), seed: UInt64) {
        self.config = config
        self.order = LivenessAction.drawOrder(seed: seed)
        self.baseline = OpenEyeBaseline(config: config)
        self.eyesSeenOpen = EyesSeenOpen(config: config)
        self.blinkEvent = BlinkEvent(config: config)
        self.turnRule = TurnRule(config: config)
        self.guide = GuideCircle(config: config)
        self.continuity = ContinuityCheck(config: config)
        self.cameraSwing = CameraSwing(windowMs: config.cameraWindowMs)
        self.identity = SameFaceRule(
            differentFaceDistance: config.differentFaceDistance, sameFaceAgainDistance: config.sameFaceAgainDistance)
    }

    public var isEnded: Bool { stage == .ended }

    /// Milliseconds left of the cap while scanning, nil otherwise.
    public func msLeft(at ms: Double) -> Double? {
        guard case .scanning(let autoshotMs) = phase else { return nil }
        return max(0, config.capMs - (ms - autoshotMs))
    }

    /// A frame with no way to describe its face: SPEC §5 is not checked.
    public mutating func process(_ m: FrameMeasurement) -> FrameVerdict {
        process(m, describeFace: { nil })
    }

    /// Both steps of a frame: `describeFace` gives the descriptor of its face when the session
    /// wants it (nil: no describer, nothing checked).
    public mutating func process(_ m: FrameMeasurement, describeFace: () throws -> FaceDescriptor?) rethrows -> FrameVerdict {
        let verdict = judgeFrame(m)
        guard verdict.faceWanted != nil else { return verdict }
        return judgeFace(try describeFace())
    }

    /// The frame judged by every rule but SPEC §5's. When its `faceWanted` is set, the verdict is
    /// not complete: give the frame's face descriptor to `judgeFace` before the next frame.
    public mutating func judgeFrame(_ m: FrameMeasurement) -> FrameVerdict {
        precondition(stage != .ended, "the session has ended")
        precondition(awaitingFace == nil, "the previous frame waits for its face (judgeFace)")
        pending = []
        creditable = []
        refusedNow = []
        lastFrame = ChosenFrame(frame: m.frameIndex, ms: m.timestampMs)
        let settled = settle(at: m.timestampMs)
        let placedGuide = guide.observe(m.face?.ellipse, settled: settled, at: m.timestampMs)
        let reading = read(m)
        if case .settling = phase, settled {
            phase = .framing(run: [])
            emit(.settled)
        }
        if let placedGuide { emit(.guidePlaced(placedGuide)) }

        var step = StepResult()
        switch phase {
        case .waiting, .settling, .ended: break
        case .framing(let run): step = waitForFraming(m, reading, run: run)
        case .scanning(let autoshotMs): step = scan(m, reading, autoshotMs: autoshotMs)
        case .choosingSnapshot(let completedMs, let best): step = lookForSnapshot(m, reading, completedMs: completedMs, best: best)
        }

        let verdict = FrameVerdict(
            framing: reading.framing, openEye: reading.openEye, closure: reading.closure,
            cameraDegPerSec: reading.cameraRate, cameraStill: reading.cameraStill,
            neutralYaw: currentNeutralYaw,
            creditable: creditable, refused: refusedNow, blinkSeen: step.blinkSeen, cuts: Set(LivenessAction.allCases.filter(continuity.isCut)), stage: stage, prompt: prompt, events: pending,
            isAutoshot: step.isAutoshot, isSnapshotCandidate: step.isSnapshotCandidate, faceWanted: step.faceWanted)
        if let faceWanted = step.faceWanted { awaitingFace = (faceWanted, verdict, step.completing) }
        return verdict
    }

    /// SPEC §3 step 1: the first frame starts the settle; whether it is over at `ms`.
    private mutating func settle(at ms: Double) -> Bool {
        if case .waiting = phase {
            phase = .settling(firstMs: ms)
            emit(.started)
        }
        guard case .settling(let firstMs) = phase else { return true }
        return ms - firstMs >= config.settleMs
    }

    /// The frame's measures for the rules (SPEC §2), each rule's memory fed with this frame.
    private mutating func read(_ m: FrameMeasurement) -> FrameReading {
        let framing = guide.circle(width: m.frameWidth, height: m.frameHeight, face: m.face?.ellipse).map {
            Framing.classify(m.face?.ellipse, in: $0, tooFarHeightFraction: config.tooFarHeightFraction)
        } ?? .noFace
        let openEye = baseline.openEye(at: m.timestampMs)
        let closure = m.face.map { eyeClosure($0.lids, open: openEye, config: config) }
        if framing == .inCircle, let face = m.face { baseline.record(face.lids, yaw: face.yaw, at: m.timestampMs) }
        let cameraRate = cameraSwing.observe(m.cameraRotation, at: m.timestampMs)
        continuity.observe(pixelChange: m.facePixelChange, over: stage == .scanning ? pastThresholds(m.face, closure: closure) : [], at: m.timestampMs)
        counts.count(m, inCircle: framing == .inCircle)
        return FrameReading(
            framing: framing, openEye: openEye, closure: closure, cameraRate: cameraRate,
            cameraStill: (cameraRate ?? 0) <= config.cameraStillMaxDegPerSec)
    }

    /// SPEC §3 steps 2-3: the prompt until three consecutive frames are framed, then the autoshot.
    private mutating func waitForFraming(_ m: FrameMeasurement, _ r: FrameReading, run: [Double]) -> StepResult {
        var run = run
        setPrompt(r.framing.prompt)
        if r.inCircle, let face = m.face { run.append(face.yaw) } else { run = [] }
        phase = .framing(run: run)
        guard run.count >= config.framesToAutoshot, let face = m.face else { return StepResult() }
        autoshot = ChosenFrame(frame: m.frameIndex, ms: m.timestampMs)
        neutralYaw = median(run)
        handsetSwing.start(faceYaw: face.yaw)
        eyesSeenOpen.observe(closure: r.closure, yaw: face.yaw, openEye: r.openEye, at: m.timestampMs)
        emit(.autoshot)
        emit(.scanStarted(order: order))
        phase = .scanning(autoshotMs: m.timestampMs)
        return StepResult(isAutoshot: true, faceWanted: .autoshot)
    }

    /// SPEC §3 step 4: the cap, the grace, and the actions the frame would credit (their face is
    /// judged by `judgeFace`).
    private mutating func scan(_ m: FrameMeasurement, _ r: FrameReading, autoshotMs: Double) -> StepResult {
        if m.timestampMs - autoshotMs >= config.capMs {
            if let miss = blinkEvent.end() { offer(miss) }
            outcome = .timedOut
            emit(.timedOut)
            end()
            return StepResult()
        }
        watchGrace(framing: r.framing, at: m.timestampMs)
        handsetSwing.follow(faceYaw: m.face?.yaw, cameraStill: r.cameraStill, cameraPan: m.cameraRotation?.pan)
        var step = StepResult()
        step.blinkSeen = creditActions(m, r)
        if !proposed.isEmpty {
            step.faceWanted = .credits
            step.completing = (ChosenFrame(frame: m.frameIndex, ms: m.timestampMs), snapshotScore(m, inCircle: r.inCircle, closure: r.closure))
        }
        eyesSeenOpen.observe(closure: r.closure, yaw: m.face?.yaw, openEye: r.openEye, at: m.timestampMs)
        return step
    }

    /// SPEC §3 step 5: the first qualifying frame after completion, or the closest of the window.
    private mutating func lookForSnapshot(
        _ m: FrameMeasurement, _ r: FrameReading, completedMs: Double, best: (frame: ChosenFrame, score: Double)
    ) -> StepResult {
        if m.timestampMs - completedMs > config.snapshotWindowMs {
            chooseSnapshot(best.frame, rule: .closestInWindow)
            end()
            return StepResult()
        }
        handsetSwing.follow(faceYaw: m.face?.yaw, cameraStill: r.cameraStill, cameraPan: m.cameraRotation?.pan)
        let score = snapshotScore(m, inCircle: r.inCircle, closure: r.closure)
        let frame = ChosenFrame(frame: m.frameIndex, ms: m.timestampMs)
        if score < 1 {
            chooseSnapshot(frame, rule: .firstQualifying)
            end()
            return StepResult(isSnapshotCandidate: true)
        }
        guard score < best.score else { return StepResult() }
        phase = .choosingSnapshot(completedMs: completedMs, best: (frame, score))
        return StepResult(isSnapshotCandidate: true)
    }

    /// SPEC §5 on the frame `judgeFrame` left waiting: its face's descriptor (nil: none, nothing
    /// checked) is kept as the autoshot's, or decides whether the proposed credits count; a
    /// session that has both credits has passed. Returns the frame's complete verdict.
    public mutating func judgeFace(_ descriptor: FaceDescriptor?) -> FrameVerdict {
        guard let (wanted, waiting, completing) = awaitingFace else { preconditionFailure("no frame waits for its face") }
        var verdict = waiting
        awaitingFace = nil
        pending = verdict.events
        switch wanted {
        case .autoshot:
            identity.takeAutoshot(descriptor)
        case .credits:
            creditUnlessFaceChanged(descriptor)
            if credits.count == LivenessAction.allCases.count, let completing {
                outcome = .passed
                emit(.passed)
                // The completing frame is the fallback candidate; later frames must beat it.
                verdict.isSnapshotCandidate = true
                phase = .choosingSnapshot(completedMs: completing.frame.ms, best: completing)
            }
        }
        verdict.events = pending
        verdict.refused = refusedNow
        verdict.stage = stage
        verdict.faceWanted = nil
        return verdict
    }

    /// The input ended: settles the outcome if the session had not ended yet.
    public mutating func finish() -> [SessionEvent] {
        guard stage != .ended, lastFrame != nil else { return [] }
        pending = []
        switch phase {
        case .choosingSnapshot(_, let best):
            chooseSnapshot(best.frame, rule: .closestBeforeEnd)
        case .scanning:
            if let miss = blinkEvent.end() { offer(miss) }
            outcome = .incomplete(.duringScan)
            emit(.incomplete(stage: .duringScan))
        default:
            outcome = .incomplete(.beforeAutoshot)
            emit(.incomplete(stage: .beforeAutoshot))
        }
        end()
        return pending
    }

    // MARK: - Rules

    private mutating func setPrompt(_ new: Prompt?) {
        guard new != prompt else { return }
        prompt = new
        emit(.prompt(new))
    }

    /// SPEC §3 step 4: out of the circle for more than the grace brings the prompt back; a shorter
    /// excursion shows nothing. The excursion is timed from its first out-of-circle frame.
    private mutating func watchGrace(framing: Framing, at ms: Double) {
        if framing == .inCircle {
            outOfCircleSinceMs = nil
            if faceLost {
                faceLost = false
                emit(.faceBack)
                setPrompt(nil)
            }
            return
        }
        let since = outOfCircleSinceMs ?? ms
        outOfCircleSinceMs = since
        if !faceLost, ms - since > config.graceMs {
            faceLost = true
            emit(.faceLost)
        }
        if faceLost { setPrompt(framing.prompt) }
    }

    /// SPEC §2 blink and turn rules, counted only on eligible frames (face in, camera still). A
    /// blink is an event (`BlinkEvent`) whose closed frame must count: eyes readable, no cut. A
    /// frame that falls short of an action is offered as its nearest miss, with the rules that
    /// refused it. Returns the closed frame of a blink this frame completed, credited before or not.
    private mutating func creditActions(_ m: FrameMeasurement, _ r: FrameReading) -> ChosenFrame? {
        let frame = ChosenFrame(frame: m.frameIndex, ms: m.timestampMs)
        var unmet: [Refusal] = []
        if !r.inCircle { unmet.append(Refusal(.outOfCircle)) }
        if !r.cameraStill { unmet.append(Refusal(.cameraRotating, value: r.cameraRate, bound: config.cameraStillMaxDegPerSec)) }
        let eligible = unmet.isEmpty

        var blinkUnmet = unmet
        if let face = m.face, !BlinkRule.eyesReadable(yaw: face.yaw, config: config) {
            blinkUnmet.append(Refusal(.eyesUnreadable, value: abs(face.yaw), bound: config.blinkMaxAbsYaw))
        }
        if let closure = r.closure {
            if !BlinkRule.isClosed(closure, config: config) {
                offer(ActionMiss(action: .blink, frame: frame, value: closure, bound: config.blinkClosure, refusals: [Refusal(.notReached, value: closure, bound: config.blinkClosure)] + blinkUnmet))
            } else if blinkUnmet.isEmpty, let cut = refusedAsCut(.blink, on: m) {
                blinkUnmet.append(cut)
            }
        }
        var blinkSeen: ChosenFrame?
        switch blinkEvent.observe(
            frame, closure: r.closure, lidDescent: m.lidDescent, eyesSeenOpen: eyesSeenOpen.isSeen,
            eyesSeenOpenAgain: eyesSeenOpen.isSeenAgain, refusals: blinkUnmet, crossing: continuity.crossing(.blink)) {
        case .blink(let blink)?:
            blinkSeen = blink.frame
            propose(ActionCredit(
                action: .blink, frame: blink.frame.frame, ms: blink.frame.ms, value: blink.closure, crossing: blink.crossing, lidMotion: blink))
        case .missed(let miss)?: offer(miss)
        case nil: break
        }

        guard let face = m.face, let neutral = currentNeutralYaw else {
            _ = turnRule.observe(yawFromNeutral: nil)
            return blinkSeen
        }
        let fromNeutral = face.yaw - neutral
        let turned = turnRule.isTurned(fromNeutral)
        var turnUnmet = unmet
        if !turned { turnUnmet.append(Refusal(.notReached, value: abs(fromNeutral), bound: config.turnDegrees)) }
        if !eligible {
            _ = turnRule.observe(yawFromNeutral: nil)
        } else if !turnRule.observe(yawFromNeutral: fromNeutral) {
            if turned { turnUnmet.append(Refusal(.notHeld, value: Double(turnRule.run), bound: Double(config.turnHoldFrames))) }
        } else if let cut = refusedAsCut(.turnHead, on: m) {
            turnUnmet.append(cut)
        } else {
            propose(ActionCredit(action: .turnHead, frame: m.frameIndex, ms: m.timestampMs, value: fromNeutral, crossing: continuity.crossing(.turnHead)))
        }
        if !turnUnmet.isEmpty {
            offer(ActionMiss(action: .turnHead, frame: frame, value: fromNeutral, bound: config.turnDegrees, refusals: turnUnmet))
        }
        return blinkSeen
    }

    /// The actions whose measure is past its threshold on this frame (closure for a blink, yaw from
    /// neutral for a turn), whatever the other rules say: where `ContinuityCheck` looks for a crossing.
    private func pastThresholds(_ face: FaceMeasurement?, closure: Double?) -> Set<LivenessAction> {
        var over: Set<LivenessAction> = []
        if let closure, BlinkRule.isClosed(closure, config: config) { over.insert(.blink) }
        if let face, let neutral = currentNeutralYaw, turnRule.isTurned(face.yaw - neutral) { over.insert(.turnHead) }
        return over
    }

    /// SPEC §6 "continuous": an action whose rule is met on this frame counts unless its change
    /// was a cut (the refusal returned); a cut is announced once (`pictureSuspected`).
    private mutating func refusedAsCut(_ action: LivenessAction, on m: FrameMeasurement) -> Refusal? {
        guard continuity.isCut(action) else { return nil }
        let crossing = continuity.crossing(action)
        if let crossing, announcedCuts[action] != crossing.ms {
            announcedCuts[action] = crossing.ms
            let suspicion = PictureSuspicion(check: .continuous, action: action, value: crossing.step ?? 0, bound: continuity.stepBound(action))
            pictureSuspicions.append((ChosenFrame(frame: m.frameIndex, ms: m.timestampMs), suspicion))
            emit(.pictureSuspected(suspicion))
        }
        return Refusal(.cut, value: crossing?.step, bound: continuity.stepBound(action))
    }

    /// A frame that fell short of an action: told in the frame's verdict when the action was seen,
    /// and, while the action is not credited, kept if it came nearer than any before.
    private mutating func offer(_ miss: ActionMiss) {
        if miss.isSeen { refusedNow.append(miss) }
        if !isCredited(miss.action) { misses.offer(miss) }
    }

    /// The frame that came nearest to crediting `action`, nil once it is credited or when no
    /// frame of the scan had a face to judge.
    public func nearestMiss(_ action: LivenessAction) -> ActionMiss? {
        isCredited(action) ? nil : misses[action]
    }

    /// An action whose rule this frame met: creditable, and proposed for SPEC §5's check unless
    /// already credited.
    private mutating func propose(_ credit: ActionCredit) {
        creditable.insert(credit.action)
        if !isCredited(credit.action) { proposed.append(credit) }
    }

    /// The neutral yaw the head is judged against now: the autoshot's, moved with the camera.
    public var currentNeutralYaw: Double? { neutralYaw.map { $0 + cameraYawShift } }

    /// SPEC §5: a frame that would credit an action credits nothing when its face is not the
    /// autoshot's, and the change is announced once (`faceChanged`), not on every such frame.
    private mutating func creditUnlessFaceChanged(_ descriptor: FaceDescriptor?) {
        guard let frame = lastFrame, !proposed.isEmpty else { return }
        defer { proposed = [] }
        switch identity.judge(descriptor, frame: frame.frame, ms: frame.ms) {
        case .otherFace(let distance, let isNewChange):
            if isNewChange { emit(.faceChanged(distance: distance)) }
            for credit in proposed {
                offer(ActionMiss(
                    action: credit.action, frame: ChosenFrame(frame: credit.frame, ms: credit.ms), value: credit.value,
                    bound: credit.action == .blink ? config.blinkClosure : config.turnDegrees,
                    refusals: [Refusal(.otherFace, value: distance, bound: config.differentFaceDistance)]))
            }
        case .sameFace(let distance):
            for credit in proposed {
                credits.append(credit)
                identity.recordCredit(credit.action, frame: credit.frame, distance: distance)
                emit(.actionCredited(credit))
            }
        }
    }

    /// The snapshot's face, described by the caller once the snapshot is chosen (it may be an
    /// earlier frame than the one that chose it): the report gives its distance.
    public mutating func takeSnapshotFace(_ descriptor: FaceDescriptor) {
        precondition(snapshot != nil, "no snapshot was chosen")
        identity.takeSnapshot(descriptor)
    }

    public func isCredited(_ action: LivenessAction) -> Bool {
        credits.contains { $0.action == action }
    }

    /// Below 1 means the frame qualifies as the snapshot (face in, eyes open, head near neutral);
    /// otherwise, the lower the closer. A frame without the face in the circle always scores worse.
    private func snapshotScore(_ m: FrameMeasurement, inCircle: Bool, closure: Double?) -> Double {
        guard let face = m.face, let closure, let neutral = currentNeutralYaw else { return .infinity }
        let eyes = share(of: closure, within: config.snapshotMaxClosure)
        let head = share(of: abs(face.yaw - neutral), within: config.snapshotMaxYawFromNeutral)
        return max(eyes, head) + (inCircle ? 0 : 1000)
    }

    /// How much of `limit` a non-negative `value` uses; a limit of 0 admits only 0.
    private func share(of value: Double, within limit: Double) -> Double {
        limit > 0 ? value / limit : (value > 0 ? .infinity : 0)
    }

    private mutating func chooseSnapshot(_ frame: ChosenFrame, rule: SnapshotRule) {
        snapshot = frame
        snapshotRule = rule
        emit(.snapshot(rule: rule), at: frame)
    }

    /// Queues an event at the current frame, or at `frame` (the snapshot names the frame it chose).
    private mutating func emit(_ kind: SessionEvent.Kind, at frame: ChosenFrame? = nil) {
        let at = frame ?? lastFrame!
        pending.append(SessionEvent(frame: at.frame, ms: at.ms, kind: kind))
    }

    private mutating func end() {
        phase = .ended
        emit(.ended)
    }
}

/// A frame's measures for the session's rules (`LivenessSession.read`).
private struct FrameReading {
    let framing: Framing
    let openEye: OpenEye
    let closure: Double?
    /// The camera's rotation rate over its window; nil while unknown (then it counts as still).
    let cameraRate: Double?
    let cameraStill: Bool

    var inCircle: Bool { framing == .inCircle }
}

/// What a step of SPEC §3 made of a frame, for its verdict.
private struct StepResult {
    var isAutoshot = false
    var isSnapshotCandidate = false
    var faceWanted: FaceWanted?
    /// The closed frame of a blink this frame completed (`BlinkEvent`).
    var blinkSeen: ChosenFrame?
    /// For credits: the frame and snapshot score it would complete the session with.
    var completing: (frame: ChosenFrame, score: Double)?
}

/// Where the session is (SPEC §3), with what only that step needs.
private enum Phase {
    /// No frame yet.
    case waiting
    case settling(firstMs: Double)
    /// The yaws of the consecutive in-circle frames toward the autoshot.
    case framing(run: [Double])
    case scanning(autoshotMs: Double)
    /// Both actions done at `completedMs`; the best snapshot candidate so far.
    case choosingSnapshot(completedMs: Double, best: (frame: ChosenFrame, score: Double))
    case ended

    var stage: SessionStage {
        switch self {
        case .waiting, .settling: return .settling
        case .framing: return .framing
        case .scanning: return .scanning
        case .choosingSnapshot: return .choosingSnapshot
        case .ended: return .ended
        }
    }
}

/// Frame tallies for the report.
public struct FrameCounts: Equatable, Sendable {
    public var frames = 0
    public var withFace = 0
    public var withSeveralFaces = 0
    public var inCircle = 0

    mutating func count(_ m: FrameMeasurement, inCircle isIn: Bool) {
        frames += 1
        if m.face != nil { withFace += 1 }
        if m.faceCount > 1 { withSeveralFaces += 1 }
        if isIn { inCircle += 1 }
    }
}
