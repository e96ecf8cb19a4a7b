import Foundation
import LivenessCore
import LivenessVision

/// The short human summary of a scored clip (stderr).
public enum Summary {
    public static func text(name: String, result: StreamScorer.Result) -> String {
        let s = result.session
        func seconds(_ ms: Double) -> String { String(format: "%.2f s", ms / 1000) }
        var lines: [String] = []
        var headline = "\(name): \(s.outcome?.name ?? "?")"
        if case .incomplete(let stage) = s.outcome { headline += " (\(stage == .beforeAutoshot ? "input ended before the autoshot" : "input ended during the scan"))" }
        if let autoshot = s.autoshot { headline += ", autoshot at \(seconds(autoshot.ms)) (frame \(autoshot.frame))" }
        lines.append(headline)
        for action in s.order {
            guard let credit = s.credits.first(where: { $0.action == action }) else {
                lines.append("  \(action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(Self.notCredited(action, in: s))")
                continue
            }
            let value = action == .blink
                ? String(format: "closure %.2f", credit.value)
                : String(format: "yaw %+.1f° from neutral (%@)", credit.value, credit.direction ?? "")
            lines.append("  \(action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) at \(seconds(credit.ms)) (frame \(credit.frame)), \(value)")
        }
        if let snapshot = s.snapshot {
            lines.append("  snapshot  at \(seconds(snapshot.ms)) (frame \(snapshot.frame)), \(s.snapshotRule?.rawValue ?? "")")
        }
        let fps = result.wallMs > 0 ? Double(s.counts.frames) / (result.wallMs / 1000) : 0
        lines.append(String(format: "  %d frames, %d with a face, %d in the circle; %.0f frames/s", s.counts.frames, s.counts.withFace, s.counts.inCircle, fps))
        return lines.joined(separator: "\n")
    }

    /// Why an action was not credited: its nearest miss, or what kept every frame from judging it.
    public static func notCredited(_ action: LivenessAction, in session: LivenessSession) -> String {
        if let miss = session.nearestMiss(action) { return miss.sentence }
        return session.autoshot == nil ? "not judged: no autoshot" : "not seen: no face during the scan"
    }
}
