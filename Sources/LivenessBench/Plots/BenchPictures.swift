import Foundation
import LivenessCore
import LivenessData
import LivenessFiles
import LivenessPlots
import LivenessVision

/// The pictures of a run: `<clip>.png` per clip and `summary.png`.
public enum BenchPictures {
    /// The most UTF-8 bytes of a clip's name kept in its picture's name (a file name may have 255).
    static let maxNameBytes = 200

    /// One file name per clip, none of them summary.png and no two alike, so no picture
    /// overwrites another: the clip's name with anything but letters, digits, `_` and `-` made
    /// `_` and cut to `maxNameBytes`; a name already taken (`a/b` and `a_b`, a clip named
    /// `summary`) gets `-2`, `-3`, ... in the manifest's order (all its clips: a clip that could
    /// not be scored does not rename the others).
    public static func fileNames(_ clips: [String]) -> [String: String] {
        var taken: Set<String> = ["summary"]
        return Dictionary(uniqueKeysWithValues: clips.map { clip in
            var stem = "", bytes = 0
            for c in clip.map({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }) {
                bytes += c.utf8.count
                guard bytes <= maxNameBytes else { break }
                stem.append(c)
            }
            var name = stem, n = 1
            while !taken.insert(name).inserted {
                n += 1
                name = "\(stem)-\(n)"
            }
            return (clip, name + ".png")
        })
    }

    /// Draws every picture into a file `open` gives for its name, finished but not yet in place:
    /// the caller puts them there with the run's other outputs, all or none.
    public static func draw(_ run: BenchRun, names: [String: String], positives: Set<String>, title: String,
                            into open: (String) throws -> OutputFile) throws -> [OutputFile] {
        var files: [OutputFile] = []
        for (clipRun, verdict) in zip(run.runs, run.verdicts) {
            let file = try open(names[clipRun.clip.name] ?? "")
            try Timeline.draw(timeline(clipRun, verdict: verdict, positives: positives)).writePNG(into: file)
            files.append(file)
        }
        let summary = try open("summary.png")
        try SummaryPage.draw(run, title: title).writePNG(into: summary)
        return files + [summary]
    }

    /// A clip's timeline: its outcome against the expected, its labels shaded.
    static func timeline(_ run: ClipRun, verdict: ClipVerdict, positives: Set<String>) -> Timeline.Input {
        let expected = verdict.expectedOutcome.map { ", expected \($0)" } ?? ""
        var input = Timeline.Input(
            title: "\(run.clip.name): \(verdict.outcome)\(expected)   blink \(verdict.blink.rawValue), turn \(verdict.turn.rawValue)",
            session: run.session, events: run.events, samples: run.samples, autoshot: run.autoshot, snapshot: run.snapshot)
        input.titleIsBad = verdict.outcomeOK == false
        func shading(_ labels: [LabelledInterval]) -> [Timeline.Shading] {
            labels.map { Timeline.Shading(startMs: $0.startMs, endMs: $0.endMs, isCounted: positives.contains($0.confidence)) }
        }
        input.blinks = shading(run.clip.labels.blinks)
        input.turns = shading(run.clip.labels.turns)
        return input
    }
}
