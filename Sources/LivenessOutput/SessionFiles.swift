import LivenessCore
import LivenessFiles
import LivenessVision

/// A session's files in the `--out` folder (score and live): the event stream, the report, the
/// stills and the timeline. Opened together before the first frame, so a folder that cannot take
/// them fails before any scoring; the events written as they happen, the rest once the session has
/// ended; put in place together with the run's other outputs, or not at all.
public struct SessionFiles {
    private let events: OutputFile?
    private let report: OutputFile?
    private var stills: SessionStills
    private var timeline: SessionTimeline

    public init(in out: OutputDirectory?) throws {
        events = try out?.open(ScoreReport.eventsName, kind: .events)
        report = try out?.open(ScoreReport.reportName, kind: .report)
        stills = try SessionStills(in: out)
        timeline = try SessionTimeline(in: out)
    }

    /// One line of the event stream.
    public func writeEvent(_ line: String) {
        events?.writeLine(line)
    }

    /// Keeps a judged frame for the timeline.
    public mutating func record(_ step: StreamScorer.Step) {
        timeline.record(step)
    }

    /// A new session starts (live's r): the timeline is of the last one only.
    public mutating func startAnew() {
        timeline.reset()
    }

    /// Writes the stills, the report `makeReport` gives with the stills' names (autoshot,
    /// snapshot), and the timeline titled `name`; then puts them in place with `others` (written
    /// first: the trace). Returns the report.
    @discardableResult
    public mutating func finish(
        name: String, session: LivenessSession, events sessionEvents: [SessionEvent], autoshot: Image?, snapshot: Image?,
        others: [OutputFile?] = [], report makeReport: (String?, String?) -> JSON
    ) throws -> JSON {
        try stills.write(autoshot: autoshot, snapshot: snapshot)
        let json = makeReport(stills.autoshot, stills.snapshot)
        report?.write(Array((json.pretty() + "\n").utf8))
        let picture = try timeline.write(name: name, session: session, events: sessionEvents, autoshot: autoshot, snapshot: snapshot)
        try OutputFile.commitAll(others + [events] + stills.written + [picture, report])
        return json
    }
}
