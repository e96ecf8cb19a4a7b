import LivenessCore
import LivenessFiles
import LivenessPlots
import LivenessVision

/// `timeline.png` in the `--out` folder (score and live): the session's frames kept as they are
/// judged, drawn once it has ended (`Timeline`). Opened with the other outputs, so a path that
/// cannot be written fails before any scoring.
struct SessionTimeline {
    static let name = "timeline.png"

    private let file: OutputFile?
    private var samples: [FrameSample] = []

    init(in out: OutputDirectory?) throws {
        file = try out?.open(Self.name, kind: .png)
    }

    /// Keeps a judged frame (nothing without `--out`).
    mutating func record(_ step: StreamScorer.Step) {
        if file != nil { samples.append(FrameSample(step)) }
    }

    /// Forgets the frames kept: a new session starts (live's r).
    mutating func reset() {
        samples = []
    }

    /// Draws the session's picture, titled with `name` and its outcome; the file, to be put in
    /// place with the run's other outputs (nil without `--out`).
    func write(name: String, session: LivenessSession, events: [SessionEvent], autoshot: Image?, snapshot: Image?) throws -> OutputFile? {
        guard let file else { return nil }
        var title = "\(name): \(session.outcome?.name ?? "not ended")"
        if case .incomplete(let stage) = session.outcome { title += " (\(stage.rawValue))" }
        let input = Timeline.Input(title: title, session: session, events: events, samples: samples, autoshot: autoshot, snapshot: snapshot)
        try Timeline.draw(input).writePNG(into: file)
        return file
    }
}
