import LivenessCore
import LivenessData
import LivenessPlots
import LivenessVision

/// The one-page summary: every floor (held, a known gap or broken), every metric with its count,
/// and one badge per clip.
enum SummaryPage {
    static func draw(_ run: BenchRun, title: String) throws -> Image {
        let lineHeight = 22.0
        let rows = Double(run.floors.count + run.metrics.count + run.verdicts.count / 3 + 12)
        let image = try Image.blank(width: 1200, height: Int(90 + rows * lineHeight), colour: Palette.background)
        image.drawText(title, at: Point2(x: 30, y: 40), scale: 0.8, colour: Palette.ink, thickness: 2)
        let broken = run.floors.broken.count, gaps = run.floors.knownGaps.count
        let verdict = broken > 0 ? "\(broken) floor(s) broken" : gaps > 0 ? "no floor broken but \(gaps) known gap(s)" : "every floor held"
        image.drawText(verdict, at: Point2(x: 30, y: 72), scale: 0.6, colour: broken == 0 ? Palette.good : Palette.bad, thickness: 2)

        var y = 110.0
        for check in run.floors {
            let floor = check.floor
            let bound = [floor.min.map { ">= \(fmt($0))" }, floor.max.map { "<= \(fmt($0))" }].compactMap { $0 }.joined(separator: " ")
            let colour = switch check.status { case .held: Palette.good; case .knownGap: Palette.gap; case .broken: Palette.bad }
            image.drawRect(FaceBox(x: 30, y: y - 13, width: 14, height: 14), colour: colour, filled: true)
            // A floor not held is drawn as its line, whose digits show why.
            let text = check.message ?? "\(floor.metric)  \(check.value.map { fmt($0) } ?? "-")  (\(bound))"
            image.drawText(text, at: Point2(x: 52, y: y), scale: 0.5, colour: Palette.ink)
            y += lineHeight
        }
        y += lineHeight
        for metric in run.metrics {
            image.drawText("\(metric.name)  \(fmt(metric.value))  n=\(metric.count)  \(metric.note)", at: Point2(x: 30, y: y), scale: 0.42, colour: Palette.ink)
            y += lineHeight * 0.9
        }
        y += lineHeight
        for (i, clip) in run.verdicts.enumerated() {
            let x = 30 + Double(i % 3) * 380, rowY = y + Double(i / 3) * lineHeight * 1.2
            let wrong = clip.outcomeOK == false || clip.sameDecisionsOK == false || clip.promptsOK == false
                || clip.blink == .falseAlarm || clip.turn == .falseAlarm
            image.drawRect(FaceBox(x: x, y: rowY - 13, width: 14, height: 14), colour: wrong ? Palette.bad : Palette.good, filled: true)
            let alarms = [clip.blink == .falseAlarm ? "false blink" : nil, clip.turn == .falseAlarm ? "false turn" : nil].compactMap { $0 }
            let detail = alarms.isEmpty ? "" : " (\(alarms.joined(separator: ", ")))"
            image.drawText("\(clip.name): \(clip.outcome)\(detail)", at: Point2(x: x + 20, y: rowY), scale: 0.42, colour: Palette.ink)
        }
        return image
    }
}
