import LivenessCore
import LivenessVision

/// A rectangle of a picture with a time axis across and a value axis up: maps data to pixels.
public struct Panel {
    public let image: Image
    public let frame: FaceBox
    public let time: ClosedRange<Double>
    public let values: ClosedRange<Double>

    public init(image: Image, frame: FaceBox, time: ClosedRange<Double>, values: ClosedRange<Double>) {
        self.image = image
        self.frame = frame
        self.time = time
        self.values = values
    }

    public func x(_ ms: Double) -> Double {
        frame.x + (ms - time.lowerBound) / max(time.upperBound - time.lowerBound, 1) * frame.width
    }

    public func y(_ value: Double) -> Double {
        let clamped = min(max(value, values.lowerBound), values.upperBound)
        return frame.y + frame.height - (clamped - values.lowerBound) / (values.upperBound - values.lowerBound) * frame.height
    }

    /// Frame, title at the top left, and horizontal grid lines at `ticks` with their values.
    public func drawAxes(title: String, ticks: [Double]) {
        image.drawRect(frame, colour: Palette.grid)
        for tick in ticks {
            image.drawLine(from: Point2(x: frame.x, y: y(tick)), to: Point2(x: frame.x + frame.width, y: y(tick)), colour: Palette.grid)
            image.drawText(JSON.format(tick), at: Point2(x: frame.x - 34, y: y(tick) + 4), scale: 0.35, colour: Palette.faint)
        }
        image.drawText(title, at: Point2(x: frame.x + 4, y: frame.y + 14), scale: 0.42, colour: Palette.ink)
    }

    /// The whole seconds the time axis is labelled at: every second, or every few on a long clip.
    public var timeTicks: [Double] {
        let first = (time.lowerBound / 1000).rounded(.up), last = (time.upperBound / 1000).rounded(.down)
        guard last >= first else { return [] }
        let step = max(1, ((last - first) / 15).rounded(.up))
        return Array(stride(from: first, through: last, by: step))
    }

    /// Vertical grid lines at `timeTicks`, labelled in seconds under the panel.
    public func drawTimeTicks() {
        for second in timeTicks {
            let x = self.x(second * 1000)
            image.drawLine(from: Point2(x: x, y: frame.y), to: Point2(x: x, y: frame.y + frame.height), colour: Palette.grid)
            image.drawText("\(JSON.format(second)) s", at: Point2(x: x - 8, y: frame.y + frame.height + 12), scale: 0.33, colour: Palette.faint)
        }
    }

    /// A shaded band over a time interval, the panel's full height.
    public func shade(from start: Double, to end: Double, colour: Colour) {
        let left = max(x(start), frame.x), right = min(x(end), frame.x + frame.width)
        guard right > left else { return }
        image.drawRect(FaceBox(x: left, y: frame.y, width: right - left, height: frame.height), colour: colour, filled: true)
    }

    /// A line through the points; nil values break it.
    public func plot(_ points: [(ms: Double, value: Double?)], colour: Colour) {
        var previous: Point2?
        for (ms, value) in points {
            guard let value else { previous = nil; continue }
            let p = Point2(x: x(ms), y: y(value))
            if let previous { image.drawLine(from: previous, to: p, colour: colour, thickness: 2) }
            previous = p
        }
    }

    public func horizontal(at value: Double, colour: Colour) {
        image.drawLine(from: Point2(x: frame.x, y: y(value)), to: Point2(x: frame.x + frame.width, y: y(value)), colour: colour)
    }
}
