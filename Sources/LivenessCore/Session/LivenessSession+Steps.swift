/// The steps of SPEC §3, one method each, and the events and prompt they leave on the frame.
extension LivenessSession {
    /// Step 1: the first frame starts the settle; whether it is over at `ms`.
    mutating func settle(at ms: Double) -> Bool {
        if case .waiting = phase {
            phase = .settling(firstMs: ms)
            emit(.started)
        }
        guard case .settling(let firstMs) = phase else { return true }
        return ms - firstMs >= config.settleMs
    }

    /// The frame's measures (SPEC §2), each rule's memory fed with this frame.
    mutating func read(_ m: FrameMeasurement) -> FrameReading {
        let framing = guide.circle(width: m.frameWidth, height: m.frameHeight, face: m.face?.ellipse).map {
            Framing.classify(m.face?.ellipse, in: $0, tooFarHeightFraction: config.tooFarHeightFraction)
        } ?? .noFace
        let reference = rules.closingReference ?? openEyes.reading(at: m.timestampMs)
        let closure = m.face.map { eyeClosure($0.lids, open: reference.open, config: config) }
        let cameraRate = cameraSwing.observe(m.cameraRotation, at: m.timestampMs)
        rules.watchContinuity(m, closure: closure, neutral: currentNeutralYaw, scanning: stage == .scanning)
        counts.count(m, inCircle: framing == .inCircle)
        return FrameReading(
            framing: framing, reference: reference, closure: closure, cameraRate: cameraRate,
            cameraStill: (cameraRate ?? 0) <= config.cameraStillMaxDegPerSec)
    }

    /// Steps 2-3: the prompt until the autoshot's run of framed frames completes, then the scan.
    mutating func waitForFraming(_ m: FrameMeasurement, _ r: FrameReading, run: AutoshotRun) -> StepResult {
        var run = run
        setPrompt(r.framing.prompt)
        let neutralYaw = run.observe(framedYaw: r.inCircle ? m.face?.yaw : nil)
        phase = .framing(run)
        guard let neutralYaw, let face = m.face else { return StepResult() }
        autoshot = lastFrame
        neutral = NeutralYaw(atAutoshot: neutralYaw, faceYaw: face.yaw)
        emit(.autoshot)
        emit(.scanStarted(order: order))
        phase = .scanning(ScanCap(autoshotMs: m.timestampMs, config: config))
        return StepResult(isAutoshot: true, faceWanted: .autoshot)
    }

    /// Step 4: the cap, the grace, and the actions the frame would credit (their face is judged
    /// by `judgeFace`).
    mutating func scan(_ m: FrameMeasurement, _ r: FrameReading, cap: ScanCap) -> StepResult {
        if cap.isReached(at: m.timestampMs) {
            endScan(.timedOut)
            return StepResult()
        }
        switch grace.observe(inCircle: r.inCircle, at: m.timestampMs) {
        case .lost?: emit(.faceLost)
        case .back?: emit(.faceBack); setPrompt(nil)
        case nil: break
        }
        if grace.isLost { setPrompt(r.framing.prompt) }
        let judgement = judgeActions(m, r)
        for suspicion in judgement.suspicions {
            pictureSuspicions.append((lastFrame!, suspicion))
            emit(.pictureSuspected(suspicion))
        }
        var step = StepResult(blinkSeen: judgement.blinkSeen)
        if !ledger.proposed.isEmpty { (step.faceWanted, step.completing) = (.credits, snapshotCandidate(m, r)) }
        return step
    }

    /// Step 5: the first qualifying frame after completion, or the closest of the window. The
    /// action rules read on meanwhile and credit nothing (both actions are in): the verdict's
    /// `creditable` says what these frames could have credited too.
    mutating func lookForSnapshot(_ m: FrameMeasurement, _ r: FrameReading, chooser: SnapshotChooser) -> StepResult {
        _ = judgeActions(m, r)
        var chooser = chooser
        if chooser.isWindowOver(at: m.timestampMs) {
            chooseSnapshot(chooser.best.frame, rule: .closestInWindow)
            return StepResult()
        }
        let candidate = snapshotCandidate(m, r)
        switch chooser.offer(candidate) {
        case .qualifies: chooseSnapshot(candidate.frame, rule: .firstQualifying)
        case .closer: phase = .choosingSnapshot(chooser)
        case .notCloser: return StepResult()
        }
        return StepResult(isSnapshotCandidate: true)
    }

    /// The frame's actions judged against the neutral moved with the camera: each miss kept, each
    /// credit proposed (an action already credited only marks the frame creditable).
    mutating func judgeActions(_ m: FrameMeasurement, _ r: FrameReading) -> ActionRules.Judgement {
        neutral?.follow(faceYaw: m.face?.yaw, cameraStill: r.cameraStill, cameraPan: m.cameraRotation?.pan)
        let judgement = rules.judge(m, r, neutral: currentNeutralYaw!)
        judgement.misses.forEach { ledger.offer($0) }
        judgement.credits.forEach { ledger.propose($0) }
        return judgement
    }

    func snapshotCandidate(_ m: FrameMeasurement, _ r: FrameReading) -> SnapshotChooser.Candidate {
        let yawFromNeutral = m.face.flatMap { face in currentNeutralYaw.map { face.yaw - $0 } }
        let score = SnapshotChooser.score(yawFromNeutral: yawFromNeutral, closure: r.closure, inCircle: r.inCircle, config: config)
        return SnapshotChooser.Candidate(frame: lastFrame!, score: score)
    }

    mutating func chooseSnapshot(_ frame: ChosenFrame, rule: SnapshotRule) {
        snapshot = frame
        snapshotRule = rule
        emit(.snapshot(rule: rule), at: frame)
        end()
    }

    /// The scan (or the framing) ended without a pass: a blink's closing still open is a miss.
    mutating func endScan(_ ending: SessionOutcome) {
        if case .scanning = phase, let miss = rules.endScan() { ledger.offer(miss) }
        outcome = ending
        switch ending {
        case .timedOut: emit(.timedOut)
        case .incomplete(let stage): emit(.incomplete(stage: stage))
        case .passed: preconditionFailure("a pass ends by its snapshot")
        }
        end()
    }

    mutating func setPrompt(_ new: Prompt?) {
        guard new != prompt else { return }
        prompt = new
        emit(.prompt(new))
    }

    /// Queues an event at the current frame, or at `frame` (the snapshot names the frame it chose).
    mutating func emit(_ kind: SessionEvent.Kind, at frame: ChosenFrame? = nil) {
        let at = frame ?? lastFrame!
        pending.append(SessionEvent(frame: at.frame, ms: at.ms, kind: kind))
    }

    mutating func end() {
        phase = .ended
        emit(.ended)
    }
}

/// What a step of SPEC §3 made of a frame, for its verdict.
struct StepResult {
    var isAutoshot = false
    var isSnapshotCandidate = false
    var faceWanted: FaceWanted?
    /// The closed frame of a blink this frame completed (`BlinkEvent`).
    var blinkSeen: ChosenFrame?
    /// For credits: the snapshot candidate the frame would complete the session with.
    var completing: SnapshotChooser.Candidate?
}
