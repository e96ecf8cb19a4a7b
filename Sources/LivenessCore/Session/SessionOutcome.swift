/// How a session ended (SPEC §1).
public enum SessionOutcome: Equatable, Sendable {
    case passed
    /// The cap was reached from the autoshot without both actions.
    case timedOut
    /// The input ended first.
    case incomplete(IncompleteStage)

    public var name: String {
        switch self {
        case .passed: return "passed"
        case .timedOut: return "timedOut"
        case .incomplete: return "incomplete"
        }
    }
}

/// A frame the session singled out, with its index and timestamp.
public struct ChosenFrame: Equatable, Sendable {
    public var frame: Int
    public var ms: Double

    public init(frame: Int, ms: Double) {
        self.frame = frame
        self.ms = ms
    }
}

/// Where the session is.
public enum SessionStage: String, Sendable {
    case settling
    case framing
    case scanning
    case choosingSnapshot
    case ended
}

/// What the session made of one frame: the per-frame trace and the cues a caller acts on.
public struct FrameVerdict: Sendable {
    public var framing: Framing
    /// The open eye this frame's closure was judged against.
    public var openEye: OpenEye
    /// nil without a face.
    public var closure: Double?
    /// The camera's rotation rate over the last `cameraWindowMs` (`CameraSwing`), degrees per
    /// second; nil while unknown (then it counts as still).
    public var cameraDegPerSec: Double?
    public var cameraStill: Bool
    /// The neutral yaw the head is judged against on this frame (the autoshot's, moved with the
    /// camera); nil before the autoshot.
    public var neutralYaw: Double?
    /// The actions whose rule this frame meets during the scan, credited before or not: the bench
    /// counts every labelled action the session could have credited, not only the first.
    public var creditable: Set<LivenessAction>
    /// The actions seen and refused on this frame (`ActionMiss`, measure past its bound): a
    /// blink's whole closing where it ended without one, a turned frame that could not count.
    public var refused: [ActionMiss]
    /// The closed frame of a blink this frame completed (`BlinkEvent`): a blink is credited on
    /// its closed frame once its reopening is seen.
    public var blinkSeen: ChosenFrame?
    /// The actions whose current crossing is a cut between two pictures (SPEC §6, `ContinuityCheck`).
    public var cuts: Set<LivenessAction>
    public var stage: SessionStage
    /// The prompt on screen after this frame, nil when none.
    public var prompt: Prompt?
    public var events: [SessionEvent]
    /// This frame is the autoshot: keep its image.
    public var isAutoshot: Bool
    /// This frame is the best snapshot candidate so far: keep its image until a better one comes.
    public var isSnapshotCandidate: Bool
    /// Set by `LivenessSession.judgeFrame` when the frame's face must be described before its
    /// verdict is complete (`judgeFace`); nil in a complete verdict.
    public var faceWanted: FaceWanted?
}

/// Why the session wants a frame's face described (SPEC §5).
public enum FaceWanted: Sendable {
    /// The autoshot's face: every later face is compared with it.
    case autoshot
    /// The frame would credit an action: it counts only on the autoshot's face.
    case credits
}
