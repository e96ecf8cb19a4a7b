import Foundation
import LivenessVision

/// Writes the pictures of a run into a folder: `<clip>.png` per clip and `summary.png`.
public enum BenchPictures {
    public static func write(_ run: BenchRun, positives: Set<String>, title: String, to folder: String) throws {
        for (clipRun, verdict) in zip(run.runs, run.verdicts) {
            let name = clipRun.clip.name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
            try Timeline.draw(clipRun, verdict: verdict, positives: positives).writePNG((folder as NSString).appendingPathComponent(String(name) + ".png"))
        }
        try SummaryPage.draw(run, title: title).writePNG((folder as NSString).appendingPathComponent("summary.png"))
    }
}
