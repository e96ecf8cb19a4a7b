/// The session of SPEC §3, step by step: the settle, framing to the autoshot (`AutoshotRun`), the
/// scan (`ActionRules` under `ScanCap` and `GraceWatch`, credits kept by `CreditLedger`), the
/// snapshot (`SnapshotChooser`). Feed it one `FrameMeasurement` per frame, in order, and call
/// `finish()` when the input ends; it knows no clock but the frames' timestamps. For SPEC §5 it
/// wants the frame's face only at the autoshot and on frames that would credit an action: the
/// verdict of `judgeFrame` says so in `faceWanted`, and the caller's descriptor, given to
/// `judgeFace`, completes the frame. The caller describes the chosen snapshot (`takeSnapshotFace`).
public struct LivenessSession: Sendable {
    public let config: LivenessConfig
    public let order: [LivenessAction]
    public internal(set) var outcome: SessionOutcome?
    public internal(set) var autoshot: ChosenFrame?
    public internal(set) var snapshot: ChosenFrame?
    public internal(set) var snapshotRule: SnapshotRule?
    public internal(set) var counts = FrameCounts()
    public internal(set) var prompt: Prompt?
    /// The circle framing is judged against: fixed, or fitted once after the settle (SPEC §2).
    public internal(set) var guide: GuideCircle
    /// Every credit refused as a picture's (SPEC §6), with its frame: the report lists them.
    public internal(set) var pictureSuspicions: [(frame: ChosenFrame, suspicion: PictureSuspicion)] = []

    var phase = SessionPhase.waiting
    var neutral: NeutralYaw?
    var openEyes: OpenEyeReference
    var cameraSwing: CameraSwing
    var grace: GraceWatch
    var rules: ActionRules
    var ledger: CreditLedger
    var lastFrame: ChosenFrame?
    var pending: [SessionEvent] = []
    /// A frame that waits for its face (`judgeFace`): what for, its verdict so far, and the
    /// snapshot candidate it would complete the session with.
    private var awaitingFace: (wanted: FaceWanted, verdict: FrameVerdict, completing: SnapshotChooser.Candidate?)?

    public init(config: LivenessConfig = LivenessConfig(), seed: UInt64) {
        self.config = config
        order = LivenessAction.drawOrder(seed: seed)
        openEyes = OpenEyeReference(config: config)
        cameraSwing = CameraSwing(windowMs: config.cameraWindowMs)
        grace = GraceWatch(config: config)
        rules = ActionRules(config: config)
        ledger = CreditLedger(config: config)
        guide = GuideCircle(config: config)
    }

    public var stage: SessionStage { phase.stage }
    public var isEnded: Bool { stage == .ended }
    public var credits: [ActionCredit] { ledger.credits }
    public var identity: SameFaceRule { ledger.identity }
    /// The autoshot's neutral yaw (SPEC §2), and the one the head is judged against now (moved
    /// with the camera).
    public var neutralYaw: Double? { neutral?.atAutoshot }
    public var currentNeutralYaw: Double? { neutral?.current }
    public func isCredited(_ action: LivenessAction) -> Bool { ledger.isCredited(action) }
    /// The frame that came nearest to crediting `action`, nil once it is credited or when no
    /// frame of the scan had a face to judge.
    public func nearestMiss(_ action: LivenessAction) -> ActionMiss? { ledger.nearestMiss(action) }

    /// The frame judged by every rule but SPEC §5's. When its `faceWanted` is set, the verdict is
    /// not complete: give the frame's face descriptor to `judgeFace` before the next frame.
    public mutating func judgeFrame(_ m: FrameMeasurement) -> FrameVerdict {
        precondition(stage != .ended, "the session has ended")
        precondition(awaitingFace == nil, "the previous frame waits for its face (judgeFace)")
        pending = []
        ledger.startFrame()
        lastFrame = ChosenFrame(frame: m.frameIndex, ms: m.timestampMs)
        let settled = settle(at: m.timestampMs)
        let placedGuide = guide.observe(m.face?.ellipse, settled: settled, at: m.timestampMs)
        let r = read(m)
        if case .settling = phase, settled {
            phase = .framing(AutoshotRun(config: config))
            emit(.settled)
        }
        if let placedGuide { emit(.guidePlaced(placedGuide)) }

        var step = StepResult()
        switch phase {
        case .waiting, .settling, .ended: break
        case .framing(let run): step = waitForFraming(m, r, run: run)
        case .scanning(let cap): step = scan(m, r, cap: cap)
        case .choosingSnapshot(let chooser): step = lookForSnapshot(m, r, chooser: chooser)
        }
        let verdict = FrameVerdict(
            framing: r.framing, openEye: r.reference.open, closure: r.closure, cameraDegPerSec: r.cameraRate, cameraStill: r.cameraStill,
            neutralYaw: currentNeutralYaw, creditable: ledger.creditable, refused: ledger.refusedNow, blinkSeen: step.blinkSeen,
            cuts: rules.cuts, stage: stage, prompt: prompt, events: pending, isAutoshot: step.isAutoshot,
            isSnapshotCandidate: step.isSnapshotCandidate, faceWanted: step.faceWanted)
        // The open eye is read on the frames before a closing, never on its own.
        if rules.closingReference == nil, let face = m.face { openEyes.record(face.lids, yaw: face.yaw, at: m.timestampMs) }
        if let faceWanted = step.faceWanted { awaitingFace = (faceWanted, verdict, step.completing) }
        return verdict
    }

    /// SPEC §5 on the frame `judgeFrame` left waiting: its face's descriptor (nil: none, nothing
    /// checked) is kept as the autoshot's, or decides whether the proposed credits count; a
    /// session that has both credits has passed. Returns the frame's complete verdict.
    public mutating func judgeFace(_ descriptor: FaceDescriptor?) -> FrameVerdict {
        guard let (wanted, waiting, completing) = awaitingFace, let frame = lastFrame else { preconditionFailure("no frame waits for its face") }
        var verdict = waiting
        awaitingFace = nil
        pending = verdict.events
        switch wanted {
        case .autoshot:
            ledger.identity.takeAutoshot(descriptor)
        case .credits:
            ledger.judgeFace(descriptor, frame: frame).forEach { emit($0) }
            if ledger.isComplete, let completing {
                outcome = .passed
                emit(.passed)
                // The completing frame is the fallback snapshot; later frames must beat it.
                verdict.isSnapshotCandidate = true
                phase = .choosingSnapshot(SnapshotChooser(completing: completing, config: config))
            }
        }
        (verdict.events, verdict.refused, verdict.stage, verdict.faceWanted) = (pending, ledger.refusedNow, stage, nil)
        return verdict
    }

    /// The input ended: settles the outcome if the session had not ended yet.
    public mutating func finish() -> [SessionEvent] {
        guard stage != .ended, lastFrame != nil else { return [] }
        pending = []
        switch phase {
        case .choosingSnapshot(let chooser): chooseSnapshot(chooser.best.frame, rule: .closestBeforeEnd)
        case .scanning: endScan(.incomplete(.duringScan))
        default: endScan(.incomplete(.beforeAutoshot))
        }
        return pending
    }

    /// The snapshot's face, described by the caller once the snapshot is chosen (it may be an
    /// earlier frame than the one that chose it): the report gives its distance.
    public mutating func takeSnapshotFace(_ descriptor: FaceDescriptor) {
        precondition(snapshot != nil, "no snapshot was chosen")
        ledger.identity.takeSnapshot(descriptor)
    }
}
