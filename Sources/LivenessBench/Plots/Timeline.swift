import Foundation
import LivenessCore
import LivenessData
import LivenessVision

/// One clip's picture: eye closure, the lids' own motion, yaw from neutral, framing, camera motion
/// and prompts over time, with the labelled blinks and turns shaded, the events marked, and the
/// autoshot and snapshot beside it.
enum Timeline {
    static let width = 1400.0, height = 760.0
    static let left = 60.0, plotWidth = 1000.0

    static func draw(_ run: ClipRun, verdict: ClipVerdict, positives: Set<String>) throws -> Image {
        let image = try Image.blank(width: Int(width), height: Int(height), colour: Palette.background)
        let config = run.clip.config
        let end = max(run.samples.last?.ms ?? 1000, (run.clip.labels.blinks + run.clip.labels.turns).map(\.endMs).max() ?? 0)
        let time = min(run.samples.first?.ms ?? 0, 0)...end

        let expected = verdict.expectedOutcome.map { ", expected \($0)" } ?? ""
        image.drawText("\(run.clip.name): \(verdict.outcome)\(expected)   blink \(verdict.blink.rawValue), turn \(verdict.turn.rawValue)",
                       at: Point2(x: left, y: 30), scale: 0.6, colour: verdict.outcomeOK == false ? Palette.bad : Palette.ink, thickness: 2)

        let closure = Panel(image: image, frame: FaceBox(x: left, y: 50, width: plotWidth, height: 120), time: time, values: 0...1)
        shade(closure, run.clip.labels.blinks, positives)
        closure.drawAxes(title: "eye closure (blink at \(fmt(config.blinkClosure, 2)))", ticks: [0, 0.5, 1])
        closure.drawTimeTicks()
        closure.horizontal(at: config.blinkClosure, colour: Palette.threshold)
        closure.plot(run.samples.map { ($0.ms, $0.closure) }, colour: Palette.closure)

        let lids = Panel(image: image, frame: FaceBox(x: left, y: 185, width: plotWidth, height: 70), time: time, values: 0...0.3)
        shade(lids, run.clip.labels.blinks, positives)
        lids.drawAxes(title: "lids' descent over \(fmt(config.blinkLidWindowMs, 0)) ms, eye widths (blink: \(fmt(config.blinkMinLidTravel, 2)) down and up)", ticks: [0, 0.15, 0.3])
        lids.horizontal(at: config.blinkMinLidTravel, colour: Palette.threshold)
        lids.plot(lidDescents(run.samples, windowMs: config.blinkLidWindowMs), colour: Palette.lids)

        // From the autoshot on, yaw from the neutral each frame's turn was judged against (it moves
        // with a hand-held camera's pan); without an autoshot, the raw yaw.
        let judged = run.session.neutralYaw != nil
        let yaw = Panel(image: image, frame: FaceBox(x: left, y: 270, width: plotWidth, height: 220), time: time, values: -45...45)
        shade(yaw, run.clip.labels.turns, positives)
        yaw.drawAxes(title: judged ? "yaw from neutral (turn at +/-\(fmt(config.turnDegrees, 1)))" : "yaw (no autoshot: raw)", ticks: [-30, 0, 30])
        yaw.drawTimeTicks()
        yaw.horizontal(at: config.turnDegrees, colour: Palette.threshold)
        yaw.horizontal(at: -config.turnDegrees, colour: Palette.threshold)
        yaw.plot(run.samples.map { ($0.ms, judged ? $0.yawFromNeutral : $0.yaw) }, colour: Palette.yaw)

        strips(run, time: time, image: image, top: 510, cameraLimit: config.cameraStillMaxDegPerSec)
        markEvents(run.events, panels: [closure, lids, yaw], image: image, bottom: 600)
        legend(image, top: 640)
        thumbnails(run, image: image)
        return image
    }

    /// How far the lids came down on each frame from their least descended place in the window
    /// before it (`BlinkEvent`'s descent): a blink rises past the bound and falls back.
    static func lidDescents(_ samples: [ClipRun.Sample], windowMs: Double) -> [(ms: Double, value: Double?)] {
        var recent: [(ms: Double, position: Double)] = []
        return samples.map { sample in
            guard let step = sample.lidDescent else {
                recent = []
                return (sample.ms, nil)
            }
            let position = (recent.last?.position ?? 0) + step
            recent = recent.filter { sample.ms - $0.ms <= windowMs } + [(sample.ms, position)]
            return (sample.ms, position - (recent.map(\.position).min() ?? position))
        }
    }

    static func shade(_ panel: Panel, _ labels: [LabelledInterval], _ positives: Set<String>) {
        for label in labels {
            panel.shade(from: label.startMs, to: label.endMs, colour: positives.contains(label.confidence) ? Palette.labelledEvent : Palette.uncertainEvent)
        }
    }

    /// Three strips under the plots: framing, camera motion, prompt on screen.
    static func strips(_ run: ClipRun, time: ClosedRange<Double>, image: Image, top: Double, cameraLimit: Double) {
        let rows = ["in circle", "camera", "prompt"]
        let panel = Panel(image: image, frame: FaceBox(x: left, y: top, width: plotWidth, height: 66), time: time, values: 0...1)
        for (i, name) in rows.enumerated() {
            image.drawText(name, at: Point2(x: 4, y: top + Double(i) * 22 + 15), scale: 0.35, colour: Palette.ink)
        }
        for (k, sample) in run.samples.enumerated() {
            let next = k + 1 < run.samples.count ? run.samples[k + 1].ms : sample.ms + 33
            let x0 = panel.x(sample.ms), w = max(panel.x(next) - x0, 1)
            let framing = sample.closure == nil ? Palette.noFace : (sample.inCircle ? Palette.inCircle : Palette.outOfCircle)
            image.drawRect(FaceBox(x: x0, y: top, width: w, height: 18), colour: framing, filled: true)
            let moving = (sample.cameraDegPerSec ?? 0) > cameraLimit
            image.drawRect(FaceBox(x: x0, y: top + 22, width: w, height: 18), colour: moving ? Palette.cameraMoving : Palette.cameraStill, filled: true)
            if sample.prompt != nil {
                image.drawRect(FaceBox(x: x0, y: top + 44, width: w, height: 18), colour: Palette.outOfCircle, filled: true)
            }
        }
        // Name each run of one prompt once, where it starts.
        var shown: Prompt?
        for sample in run.samples where sample.prompt != shown {
            shown = sample.prompt
            if let prompt = shown {
                image.drawText(prompt.rawValue, at: Point2(x: panel.x(sample.ms) + 2, y: top + 58), scale: 0.35, colour: Palette.ink)
            }
        }
    }

    /// A vertical line through the plots for each event that matters, named below; a credit at the
    /// frame it is credited at (a blink's closed frame, announced at its reopening).
    static func markEvents(_ events: [SessionEvent], panels: [Panel], image: Image, bottom: Double) {
        var row = 0
        for event in events {
            let name: String
            var ms = event.ms
            switch event.kind {
            case .autoshot: name = "autoshot"
            case .actionCredited(let credit):
                name = credit.action.rawValue
                ms = credit.ms
            case .faceLost: name = "lost"
            case .faceBack: name = "back"
            case .faceChanged: name = "other face"
            case .passed, .timedOut, .incomplete, .snapshot: name = event.kind.name
            default: continue
            }
            for panel in panels {
                let x = panel.x(ms)
                image.drawLine(from: Point2(x: x, y: panel.frame.y), to: Point2(x: x, y: panel.frame.y + panel.frame.height), colour: Palette.event)
            }
            let x = panels[0].x(ms)
            image.drawText(name, at: Point2(x: x + 2, y: bottom + Double(row % 3) * 14), scale: 0.38, colour: Palette.event)
            row += 1
        }
    }

    static func legend(_ image: Image, top: Double) {
        let entries: [(String, Colour)] = [
            ("labelled event", Palette.labelledEvent), ("uncertain label", Palette.uncertainEvent), ("in circle", Palette.inCircle),
            ("out of circle / prompt", Palette.outOfCircle), ("no face", Palette.noFace), ("camera moving", Palette.cameraMoving),
            ("threshold", Palette.threshold), ("event", Palette.event),
        ]
        var x = left
        for (name, colour) in entries {
            image.drawRect(FaceBox(x: x, y: top, width: 14, height: 14), colour: colour, filled: true)
            image.drawText(name, at: Point2(x: x + 18, y: top + 12), scale: 0.38, colour: Palette.ink)
            x += 40 + Image.textSize(name, scale: 0.38).width
        }
    }

    static func thumbnails(_ run: ClipRun, image: Image) {
        let x = left + plotWidth + 30, w = width - x - 20
        for (i, (name, still)) in [("autoshot", run.autoshot), ("snapshot", run.snapshot)].enumerated() {
            let top = 50 + Double(i) * 300
            image.drawText(name, at: Point2(x: x, y: top + 14), scale: 0.45, colour: Palette.ink)
            guard let still else {
                image.drawText("none", at: Point2(x: x, y: top + 50), scale: 0.45, colour: Palette.faint)
                continue
            }
            let h = min(260, w * Double(still.height) / Double(max(still.width, 1)))
            image.drawImage(still, in: FaceBox(x: x, y: top + 22, width: w, height: h))
        }
    }
}
