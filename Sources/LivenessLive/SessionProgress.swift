import LivenessCore

/// What the live overlay shows of a session, followed from its events and each frame's verdict
/// alone (SPEC §4: the same events drive the live overlay), never read from the session itself.
public struct SessionProgress {
    private let config: LivenessConfig
    public private(set) var autoshotMs: Double?
    public private(set) var credited = 0
    public private(set) var outcome: SessionOutcome?
    /// The latest credit refused because the face behaved as a picture (SPEC §6), and when.
    public private(set) var lastPictureSuspicion: (ms: Double, suspicion: PictureSuspicion)?
    /// How many `pictureSuspected` events the session has had.
    public private(set) var pictureSuspicions = 0
    /// The guide the face is judged against: the configuration's, or the fitted one once
    /// `guidePlaced` says where.
    public private(set) var guide: GuideCircle
    private var scanning = false

    public init(config: LivenessConfig) {
        self.config = config
        guide = GuideCircle(config: config)
    }

    /// A whole event stream, e.g. a session's after it ended.
    public init(config: LivenessConfig, events: [SessionEvent]) {
        self.init(config: config)
        observe(events)
    }

    /// A frame's verdict: its events, and the stage it leaves the session in.
    public mutating func observe(_ verdict: FrameVerdict) {
        observe(verdict.events)
        scanning = verdict.stage == .scanning
    }

    public mutating func observe(_ events: [SessionEvent]) {
        for event in events {
            switch event.kind {
            case .guidePlaced(let circle): guide.place(circle, at: event.ms)
            case .autoshot: autoshotMs = event.ms
            case .actionCredited: credited += 1
            case .pictureSuspected(let suspicion):
                lastPictureSuspicion = (event.ms, suspicion)
                pictureSuspicions += 1
            case .passed: outcome = .passed
            case .timedOut: outcome = .timedOut
            case .incomplete(let stage): outcome = .incomplete(stage)
            default: break
            }
        }
    }

    /// What the overlay says of a picture suspected at `ms`: for `shownMs` after the event, the
    /// action refused (the check is in the event); nil otherwise.
    public func pictureNotice(at ms: Double, shownMs: Double) -> String? {
        guard let (since, suspicion) = lastPictureSuspicion, ms - since < shownMs else { return nil }
        return "Picture suspected: \(suspicion.action == .blink ? "blink" : "turn") not counted"
    }

    /// The circle to draw on a frame of this size showing `face`: the guide's, or the configured
    /// circle while a fitted guide has no face to fit.
    public func guideCircle(width: Int, height: Int, face: FaceEllipse?) -> Circle {
        let width = Double(width), height = Double(height)
        return guide.circle(width: width, height: height, face: face) ?? config.guideCircle(width: width, height: height)
    }

    /// Milliseconds left of the cap while scanning, nil otherwise.
    public func msLeft(at ms: Double) -> Double? {
        guard scanning, let autoshotMs else { return nil }
        return ScanCap(autoshotMs: autoshotMs, config: config).msLeft(at: ms)
    }
}
