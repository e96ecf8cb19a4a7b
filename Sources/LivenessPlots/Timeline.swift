import Foundation
import LivenessCore
import LivenessData
import LivenessVision

/// One session's picture: eye closure, the lids' own motion, yaw from neutral, framing, camera
/// motion, the stages and the prompts over time, each credit and each action's nearest miss
/// marked (with the rule that refused it), labelled actions shaded where known, and the autoshot
/// and snapshot beside it. Drawn by `score --out`, `live --out` and the bench.
public enum Timeline {
    public static let width = 1400.0, height = 760.0
    static let left = 60.0, plotWidth = 1000.0

    /// A labelled action's interval, shaded behind the plots (the bench's labels).
    public struct Shading {
        public var startMs: Double
        public var endMs: Double
        /// A label of a confidence the bench counts; others are shaded fainter.
        public var isCounted: Bool

        public init(startMs: Double, endMs: Double, isCounted: Bool) {
            self.startMs = startMs
            self.endMs = endMs
            self.isCounted = isCounted
        }
    }

    /// What the picture shows.
    public struct Input {
        public var title: String
        /// The title in the alarm colour (the bench: an outcome other than expected).
        public var titleIsBad = false
        public var samples: [FrameSample]
        public var events: [SessionEvent]
        public var config: LivenessConfig
        /// Whether turns were judged from a neutral (there was an autoshot).
        public var judgedFromNeutral: Bool
        public var misses: [ActionMiss]
        public var blinks: [Shading] = []
        public var turns: [Shading] = []
        public var autoshot: Image?
        public var snapshot: Image?

        /// A scored session's picture, titled `title`.
        public init(title: String, session: LivenessSession, events: [SessionEvent], samples: [FrameSample], autoshot: Image?, snapshot: Image?) {
            self.title = title
            self.samples = samples
            self.events = events
            config = session.config
            judgedFromNeutral = session.neutralYaw != nil
            misses = LivenessAction.allCases.compactMap(session.nearestMiss)
            self.autoshot = autoshot
            self.snapshot = snapshot
        }

        /// The span the time axis covers: from the first frame (or 0) to the last frame or label.
        public var time: ClosedRange<Double> {
            let end = max(samples.last?.ms ?? 1000, (blinks + turns).map(\.endMs).max() ?? 0)
            return min(samples.first?.ms ?? 0, 0)...end
        }
    }

    public static func draw(_ input: Input) throws -> Image {
        let image = try Image.blank(width: Int(width), height: Int(height), colour: Palette.background)
        let config = input.config
        let time = input.time

        image.drawText(input.title, at: Point2(x: left, y: 30), scale: 0.6, colour: input.titleIsBad ? Palette.bad : Palette.ink, thickness: 2)

        let closure = Panel(image: image, frame: FaceBox(x: left, y: 50, width: plotWidth, height: 120), time: time, values: 0...1)
        shade(closure, input.blinks)
        closure.drawAxes(title: "eye closure (blink at \(fmt(config.blinkClosure, 2)))", ticks: [0, 0.5, 1])
        closure.drawTimeTicks()
        closure.horizontal(at: config.blinkClosure, colour: Palette.threshold)
        closure.plot(input.samples.map { ($0.ms, $0.closure) }, colour: Palette.closure)

        let lids = Panel(image: image, frame: FaceBox(x: left, y: 185, width: plotWidth, height: 70), time: time, values: 0...0.3)
        shade(lids, input.blinks)
        lids.drawAxes(title: "lids' descent over \(fmt(config.blinkMaxClosedMs, 0)) ms, eye widths (blink: \(fmt(config.blinkMinLidTravel, 3)) down and up)", ticks: [0, 0.15, 0.3])
        lids.horizontal(at: config.blinkMinLidTravel, colour: Palette.threshold)
        lids.plot(lidDescents(input.samples, windowMs: config.blinkMaxClosedMs), colour: Palette.lids)

        // From the autoshot on, yaw from the neutral each frame's turn was judged against (it moves
        // with a hand-held camera's pan); without an autoshot, the raw yaw.
        let judged = input.judgedFromNeutral
        let yaw = Panel(image: image, frame: FaceBox(x: left, y: 270, width: plotWidth, height: 200), time: time, values: -45...45)
        shade(yaw, input.turns)
        yaw.drawAxes(title: judged ? "yaw from neutral (turn at +/-\(fmt(config.turnDegrees, 1)))" : "yaw (no autoshot: raw)", ticks: [-30, 0, 30])
        yaw.drawTimeTicks()
        yaw.horizontal(at: config.turnDegrees, colour: Palette.threshold)
        yaw.horizontal(at: -config.turnDegrees, colour: Palette.threshold)
        yaw.plot(input.samples.map { ($0.ms, judged ? $0.yawFromNeutral : $0.yaw) }, colour: Palette.yaw)

        markMisses(input.misses, panels: [.blink: closure, .turnHead: yaw], image: image)
        strips(input.samples, time: time, image: image, top: 490, cameraLimit: config.cameraStillMaxDegPerSec)
        markEvents(input.events, panels: [closure, lids, yaw], image: image, bottom: 604)
        legend(image, top: 660, labelled: !(input.blinks + input.turns).isEmpty)
        thumbnails(input, image: image)
        return image
    }

    /// How far the lids came down on each frame from their least descended place in the window
    /// before it (`BlinkEvent`'s descent, over `blinkMaxClosedMs`): a blink rises past the bound
    /// and falls back within the window.
    static func lidDescents(_ samples: [FrameSample], windowMs: Double) -> [(ms: Double, value: Double?)] {
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

    static func shade(_ panel: Panel, _ labels: [Shading]) {
        for label in labels {
            panel.shade(from: label.startMs, to: label.endMs, colour: label.isCounted ? Palette.labelledEvent : Palette.uncertainEvent)
        }
    }

    /// Each action's nearest miss: a line through its panel at the frame, named with its rule.
    static func markMisses(_ misses: [ActionMiss], panels: [LivenessAction: Panel], image: Image) {
        for miss in misses {
            guard let panel = panels[miss.action] else { continue }
            let x = panel.x(miss.frame.ms)
            image.drawLine(from: Point2(x: x, y: panel.frame.y), to: Point2(x: x, y: panel.frame.y + panel.frame.height), colour: Palette.refused, thickness: 2)
            let name = "\(miss.action.rawValue) \(miss.isSeen ? "refused: " + miss.refusedBy.rule.rawValue : "not seen")"
            let size = Image.textSize(name, scale: 0.4)
            let textX = min(x + 4, panel.frame.x + panel.frame.width - size.width - 4), baseline = panel.frame.y + panel.frame.height - 8
            image.drawRect(FaceBox(x: textX - 2, y: baseline - size.height - 3, width: size.width + 4, height: size.height + 6), colour: Palette.background, filled: true)
            image.drawText(name, at: Point2(x: textX, y: baseline), scale: 0.4, colour: Palette.refused)
        }
    }

    /// Four strips under the plots: framing, camera motion, the session's stage, the prompt on screen.
    static func strips(_ samples: [FrameSample], time: ClosedRange<Double>, image: Image, top: Double, cameraLimit: Double) {
        let rows = ["in circle", "camera", "stage", "prompt"]
        let panel = Panel(image: image, frame: FaceBox(x: left, y: top, width: plotWidth, height: 88), time: time, values: 0...1)
        for (i, name) in rows.enumerated() {
            image.drawText(name, at: Point2(x: 4, y: top + Double(i) * 22 + 15), scale: 0.35, colour: Palette.ink)
        }
        for (k, sample) in samples.enumerated() {
            let next = k + 1 < samples.count ? samples[k + 1].ms : sample.ms + 33
            let x0 = panel.x(sample.ms), w = max(min(panel.x(next), panel.frame.x + panel.frame.width) - x0, 1)
            let framing = sample.closure == nil ? Palette.noFace : (sample.inCircle ? Palette.inCircle : Palette.outOfCircle)
            image.drawRect(FaceBox(x: x0, y: top, width: w, height: 18), colour: framing, filled: true)
            let moving = (sample.cameraDegPerSec ?? 0) > cameraLimit
            image.drawRect(FaceBox(x: x0, y: top + 22, width: w, height: 18), colour: moving ? Palette.cameraMoving : Palette.cameraStill, filled: true)
            image.drawRect(FaceBox(x: x0, y: top + 44, width: w, height: 18), colour: Palette.stage(sample.stage), filled: true)
            if sample.prompt != nil {
                image.drawRect(FaceBox(x: x0, y: top + 66, width: w, height: 18), colour: Palette.outOfCircle, filled: true)
            }
        }
        nameRuns(samples.map { ($0.ms, $0.stage.rawValue) }, panel: panel, image: image, y: top + 58)
        nameRuns(samples.map { ($0.ms, $0.prompt?.rawValue) }, panel: panel, image: image, y: top + 80)
    }

    /// Names each run of one value where it starts, when the run is wide enough for its name.
    static func nameRuns(_ values: [(ms: Double, name: String?)], panel: Panel, image: Image, y: Double) {
        var k = 0
        while k < values.count {
            var end = k + 1
            while end < values.count && values[end].name == values[k].name { end += 1 }
            let x0 = panel.x(values[k].ms), x1 = end < values.count ? panel.x(values[end].ms) : panel.frame.x + panel.frame.width
            if let name = values[k].name, Image.textSize(name, scale: 0.35).width + 4 <= x1 - x0 {
                image.drawText(name, at: Point2(x: x0 + 2, y: y), scale: 0.35, colour: Palette.ink)
            }
            k = end
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

    /// The colours' names; the labels' only where there are labels.
    static func legend(_ image: Image, top: Double, labelled: Bool) {
        let labels: [(String, Colour)] = labelled ? [("labelled event", Palette.labelledEvent), ("uncertain label", Palette.uncertainEvent)] : []
        let entries: [(String, Colour)] = labels + [
            ("in circle", Palette.inCircle),
            ("out of circle / prompt", Palette.outOfCircle), ("no face", Palette.noFace), ("camera moving", Palette.cameraMoving),
            ("threshold", Palette.threshold), ("event", Palette.event), ("nearest miss", Palette.refused),
        ]
        var x = left
        for (name, colour) in entries {
            image.drawRect(FaceBox(x: x, y: top, width: 14, height: 14), colour: colour, filled: true)
            image.drawText(name, at: Point2(x: x + 18, y: top + 12), scale: 0.38, colour: Palette.ink)
            x += 34 + Image.textSize(name, scale: 0.38).width
        }
    }

    static func thumbnails(_ input: Input, image: Image) {
        let x = left + plotWidth + 30, w = width - x - 20
        for (i, (name, still)) in [("autoshot", input.autoshot), ("snapshot", input.snapshot)].enumerated() {
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
