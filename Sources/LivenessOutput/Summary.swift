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
            lines.append("  \(action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(s.actionSummary(action))")
        }
        if let snapshot = s.snapshot {
            lines.append("  snapshot  at \(seconds(snapshot.ms)) (frame \(snapshot.frame)), \(s.snapshotRule?.rawValue ?? "")")
        }
        let fps = perSecond(Double(s.counts.frames), overMs: result.wallMs) ?? 0
        lines.append(String(format: "  %d frames, %d with a face, %d in the circle; %.0f frames/s", s.counts.frames, s.counts.withFace, s.counts.inCircle, fps))
        return lines.joined(separator: "\n")
    }
}
