/// Which of the scan's proposed credits count (SPEC §3 step 4 and §5): an action is credited
/// once, and only on a frame whose face is the autoshot's (`SameFaceRule`); a frame showing
/// another face credits nothing, refused as `otherFace`. Keeps each action's nearest miss for the
/// report of one not credited, and the current frame's creditable actions and refusals for its
/// verdict.
struct CreditLedger: Sendable {
    private(set) var credits: [ActionCredit] = []
    var identity: SameFaceRule
    /// The actions whose rules the current frame meets, credited before or not.
    private(set) var creditable: Set<LivenessAction> = []
    /// The actions seen and refused on the current frame (the trace's `refused`).
    private(set) var refusedNow: [ActionMiss] = []
    /// The current frame's credits waiting for SPEC §5's say (`judgeFace`).
    private(set) var proposed: [ActionCredit] = []
    private var misses = NearestMisses()
    private let config: LivenessConfig

    init(config: LivenessConfig) {
        self.config = config
        identity = SameFaceRule(differentFaceDistance: config.differentFaceDistance, sameFaceAgainDistance: config.sameFaceAgainDistance)
    }

    var isComplete: Bool { credits.count == LivenessAction.allCases.count }

    func isCredited(_ action: LivenessAction) -> Bool {
        credits.contains { $0.action == action }
    }

    /// The frame that came nearest to crediting `action`, nil once it is credited.
    func nearestMiss(_ action: LivenessAction) -> ActionMiss? {
        isCredited(action) ? nil : misses[action]
    }

    mutating func startFrame() {
        creditable = []
        refusedNow = []
    }

    /// A frame that fell short of an action: told in the frame's verdict when the action was seen,
    /// and, while the action is not credited, kept if it came nearer than any before.
    mutating func offer(_ miss: ActionMiss) {
        if miss.isSeen { refusedNow.append(miss) }
        if !isCredited(miss.action) { misses.offer(miss) }
    }

    /// An action whose rules this frame met: creditable, and proposed unless already credited.
    mutating func propose(_ credit: ActionCredit) {
        creditable.insert(credit.action)
        if !isCredited(credit.action) { proposed.append(credit) }
    }

    /// SPEC §5 on the proposing frame's face: the proposals are credited, or all refused when the
    /// face is another's. Returns the events: `faceChanged` once per change, `actionCredited`.
    mutating func judgeFace(_ descriptor: FaceDescriptor?, frame: ChosenFrame) -> [SessionEvent.Kind] {
        guard !proposed.isEmpty else { return [] }
        defer { proposed = [] }
        switch identity.judge(descriptor, frame: frame.frame, ms: frame.ms) {
        case .otherFace(let distance, let isNewChange):
            for credit in proposed {
                offer(ActionMiss(
                    action: credit.action, frame: ChosenFrame(frame: credit.frame, ms: credit.ms), value: credit.value,
                    bound: credit.action == .blink ? config.blinkClosure : config.turnDegrees,
                    refusals: [Refusal(.otherFace, value: distance, bound: config.differentFaceDistance)]))
            }
            return isNewChange ? [.faceChanged(distance: distance)] : []
        case .sameFace(let distance):
            for credit in proposed {
                credits.append(credit)
                identity.recordCredit(credit.action, frame: credit.frame, distance: distance)
            }
            return proposed.map { .actionCredited($0) }
        }
    }
}
