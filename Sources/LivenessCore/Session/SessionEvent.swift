/// One entry of the ordered event stream (SPEC §4). Every event carries its frame and timestamp.
public struct SessionEvent: Equatable, Sendable {
    public var frame: Int
    public var ms: Double
    public var kind: Kind

    public init(frame: Int, ms: Double, kind: Kind) {
        self.frame = frame
        self.ms = ms
        self.kind = kind
    }

    public enum Kind: Equatable, Sendable {
        case started
        case settled
        /// The fitted guide placed (SPEC §2), in pixels: the circle the face is judged against from
        /// here on. Not emitted with the fixed guide, which the configuration gives.
        case guidePlaced(Circle)
        /// nil when the prompt goes away.
        case prompt(Prompt?)
        case autoshot
        case scanStarted(order: [LivenessAction])
        case actionCredited(ActionCredit)
        case faceLost
        case faceBack
        /// A frame that would credit an action shows another face than the autoshot's (SPEC §5).
        case faceChanged(distance: Double)
        /// A credit refused because the face behaved as a picture (SPEC §6).
        case pictureSuspected(PictureSuspicion)
        case passed
        case timedOut
        case incomplete(stage: IncompleteStage)
        case snapshot(rule: SnapshotRule)
        case ended

        public var name: String {
            switch self {
            case .started: return "started"
            case .settled: return "settled"
            case .guidePlaced: return "guidePlaced"
            case .prompt: return "prompt"
            case .autoshot: return "autoshot"
            case .scanStarted: return "scanStarted"
            case .actionCredited: return "actionCredited"
            case .faceLost: return "faceLost"
            case .faceBack: return "faceBack"
            case .faceChanged: return "faceChanged"
            case .pictureSuspected: return "pictureSuspected"
            case .passed: return "passed"
            case .timedOut: return "timedOut"
            case .incomplete: return "incomplete"
            case .snapshot: return "snapshot"
            case .ended: return "ended"
            }
        }
    }
}

/// When and by what value an action was credited.
public struct ActionCredit: Equatable, Sendable {
    public var action: LivenessAction
    public var frame: Int
    public var ms: Double
    /// Eye closure for a blink; yaw from neutral in degrees (signed) for a turn.
    public var value: Double
    /// How the change that earned it began (SPEC §6 "continuous"); nil where not judged.
    public var crossing: ContinuityCheck.Crossing?
    /// For a blink, the event that earned it (`BlinkEvent`): the reopening and the lids' travel;
    /// nil for a turn.
    public var lidMotion: BlinkEvent.Blink?

    public init(
        action: LivenessAction, frame: Int, ms: Double, value: Double, crossing: ContinuityCheck.Crossing? = nil,
        lidMotion: BlinkEvent.Blink? = nil
    ) {
        self.action = action
        self.frame = frame
        self.ms = ms
        self.value = value
        self.crossing = crossing
        self.lidMotion = lidMotion
    }

    /// For a turn, where the nose went in image terms.
    public var direction: String? {
        guard action == .turnHead else { return nil }
        return value > 0 ? "right" : "left"
    }
}

/// Where an `incomplete` session was when the input ended.
public enum IncompleteStage: String, Sendable {
    case beforeAutoshot
    case duringScan
}

/// Which rule of SPEC §3 step 5 picked the snapshot.
public enum SnapshotRule: String, Sendable {
    /// The first frame after completion with the face in, eyes open and the head near neutral.
    case firstQualifying
    /// None qualified within the window: the closest frame of the window.
    case closestInWindow
    /// The input ended before the window did: the closest frame seen.
    case closestBeforeEnd
}
