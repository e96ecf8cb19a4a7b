import LivenessCore

/// What the session made of one frame, kept for the pictures (`Timeline`) and the bench's
/// per-action counts: the measures the rules read and where the session stood.
public struct FrameSample {
    public var ms: Double
    public var closure: Double?
    public var yaw: Double?
    /// The yaw from the neutral the session judged turns against (nil before the autoshot or
    /// without a face).
    public var yawFromNeutral: Double?
    public var inCircle: Bool
    public var cameraDegPerSec: Double?
    public var prompt: Prompt?
    /// The actions whose rule this frame met (`FrameVerdict.creditable`).
    public var creditable: Set<LivenessAction>
    /// How far the lids came down since the previous frame (`FrameMeasurement.lidDescent`).
    public var lidDescent: Double?
    /// The closed frame of a blink this frame completed (`FrameVerdict.blinkSeen`).
    public var blinkSeenMs: Double?
    /// Where the session was after this frame.
    public var stage: SessionStage

    public init(
        ms: Double, closure: Double? = nil, yaw: Double? = nil, yawFromNeutral: Double? = nil, inCircle: Bool = true,
        cameraDegPerSec: Double? = nil, prompt: Prompt? = nil, creditable: Set<LivenessAction> = [], lidDescent: Double? = nil,
        blinkSeenMs: Double? = nil, stage: SessionStage = .scanning
    ) {
        self.ms = ms
        self.closure = closure
        self.yaw = yaw
        self.yawFromNeutral = yawFromNeutral
        self.inCircle = inCircle
        self.cameraDegPerSec = cameraDegPerSec
        self.prompt = prompt
        self.creditable = creditable
        self.lidDescent = lidDescent
        self.blinkSeenMs = blinkSeenMs
        self.stage = stage
    }

    /// One scored frame (`StreamScorer.Step`).
    public init(_ step: StreamScorer.Step) {
        let m = step.analysis.measurement, v = step.verdict
        self.init(
            ms: m.timestampMs, closure: v.closure, yaw: m.face?.yaw,
            yawFromNeutral: m.face.flatMap { face in v.neutralYaw.map { face.yaw - $0 } },
            inCircle: v.framing == .inCircle, cameraDegPerSec: v.cameraDegPerSec, prompt: v.prompt,
            creditable: v.creditable, lidDescent: m.lidDescent, blinkSeenMs: v.blinkSeen?.ms, stage: v.stage)
    }

    /// When the frame's creditable `action` happened: a blink at its closed frame.
    public func actionMs(_ action: LivenessAction) -> Double {
        action == .blink ? blinkSeenMs ?? ms : ms
    }
}
