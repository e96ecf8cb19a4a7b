import LivenessCore
import LivenessData

/// What the benchmark makes of one clip's run.
public struct ClipVerdict {
    public var name: String
    public var outcome: String
    public var expectedOutcome: String?
    public var blink = CreditCheck.none
    public var turn = CreditCheck.none
    /// Whether the scan span held a labelled blink / turn of a counted confidence.
    public var blinkExpected = false
    public var turnExpected = false
    /// The labelled blinks / turns of the scan that some scan frame could have credited.
    public var blinkActions = ActionRecall()
    public var turnActions = ActionRecall()
    /// The same of the eye-checked intervals alone (issue 17 judges recall on those).
    public var eyeCheckedBlinkActions = ActionRecall()
    public var eyeCheckedTurnActions = ActionRecall()
    /// The clip as APCER and BPCER count it (an attack of a kind: judged by those alone).
    public var presentation: AttackMetrics.Presentation
    /// nil when the clip sets no such expectation.
    public var outcomeOK: Bool?
    public var promptsOK: Bool?
    public var sameDecisionsOK: Bool?
    /// `faceChanged` was emitted exactly when the clip expects another person (SPEC §5).
    public var faceChangedOK = true
    public var autoshotMs: Double?
    public var frames = 0
    public var framesWithFace = 0
    /// When the frames the engine found no face on and dlib's HOG found one were (nil: not searched).
    public var hogOnlyMs: [Double]?
}

extension ClipVerdict {
    /// Judges `run` against its labels; `reference` is the run it must agree with, if any.
    public init(_ run: ClipRun, reference: ClipRun?, positives: Set<String>, toleranceMs: Double) {
        let clip = run.clip, session = run.session
        let expectedOutcome = clip.expectedOutcome ?? (clip.attack ? "notPassed" : nil)
        self.init(
            name: clip.name, outcome: session.outcome?.name ?? "none", expectedOutcome: expectedOutcome,
            presentation: AttackMetrics.Presentation(
                attackKind: clip.kind, genuineExpectedToPass: !clip.attack && expectedOutcome == "passed",
                passed: session.outcome == .passed))
        if let expected = expectedOutcome {
            outcomeOK = expected == "notPassed" ? session.outcome != .passed : expected == outcome
        }
        func credit(_ action: LivenessAction) -> ActionCredit? { session.credits.first { $0.action == action } }
        blink = CreditCheck.classify(creditMs: credit(.blink)?.ms, labels: clip.labels.blinks, positives: positives, toleranceMs: toleranceMs)
        turn = CreditCheck.classify(
            creditMs: credit(.turnHead)?.ms, yawFromNeutral: credit(.turnHead)?.value, labels: clip.labels.turns, positives: positives,
            toleranceMs: toleranceMs)
        func actions(_ action: LivenessAction, _ labels: [LabelledInterval], counting: Set<String> = positives) -> ActionRecall {
            ActionRecall.count(action, labels: labels, samples: run.samples, scan: run.scanSpan, positives: counting, toleranceMs: toleranceMs)
        }
        blinkActions = actions(.blink, clip.labels.blinks)
        turnActions = actions(.turnHead, clip.labels.turns)
        eyeCheckedBlinkActions = actions(.blink, clip.labels.blinks, counting: [LabelledInterval.eyeChecked])
        eyeCheckedTurnActions = actions(.turnHead, clip.labels.turns, counting: [LabelledInterval.eyeChecked])
        blinkExpected = blinkActions.labelled > 0
        turnExpected = turnActions.labelled > 0
        if !clip.labels.expectedPrompts.isEmpty || clip.labels.faceInFromMs != nil {
            promptsOK = Self.promptsShown(run)
        }
        if let reference {
            sameDecisionsOK = reference.session.outcome == session.outcome
                && Set(reference.session.credits.map(\.action)) == Set(session.credits.map(\.action))
        }
        faceChangedOK = run.events.contains { $0.kind.name == "faceChanged" } == clip.faceChanged
        autoshotMs = session.autoshot?.ms
        frames = session.counts.frames
        framesWithFace = session.counts.withFace
        hogOnlyMs = run.hogOnlyMs
    }

    /// The expected prompts were shown in order before the autoshot, which came only once the
    /// face was in.
    static func promptsShown(_ run: ClipRun) -> Bool {
        let autoshotMs = run.session.autoshot?.ms ?? .infinity
        let shown = run.events.compactMap { event -> String? in
            guard event.ms < autoshotMs, case .prompt(let prompt?) = event.kind else { return nil }
            return prompt.rawValue
        }
        var remaining = run.clip.labels.expectedPrompts[...]
        for prompt in shown where prompt == remaining.first { remaining.removeFirst() }
        var framedInTime = true
        if let faceIn = run.clip.labels.faceInFromMs {
            framedInTime = (run.session.autoshot?.ms).map { $0 >= faceIn } ?? false
        }
        return remaining.isEmpty && framedInTime
    }
}
