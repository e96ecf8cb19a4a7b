import Foundation
import LivenessCore
import LivenessVision

/// Colours and layout of the live overlay, all in one place. Sizes are for a 480-pixel-high
/// frame and scale with the frame's height.
public enum OverlayStyle {
    /// The guide circle while the user is being placed (before the autoshot, or a prompt is up).
    public static let ringPlacing = Colour(255, 255, 255)
    /// The guide circle while the scan runs with the face in place.
    public static let ringScanning = Colour(50, 205, 90)
    public static let passed = Colour(50, 205, 90)
    public static let notPassed = Colour(235, 60, 60)
    public static let text = Colour(255, 255, 255)
    /// Drawn under every text so it reads on any background.
    public static let textOutline = Colour(0, 0, 0)
    public static let flash = Colour(255, 255, 255)
    public static let finalDim = Colour(0, 0, 0)
    public static let landmarks = Colour(255, 230, 0)
    public static let ellipse = Colour(0, 220, 255)
    public static let debugText = Colour(255, 230, 0)

    // Layout, in pixels of a 480-pixel-high frame.
    public static let ringThickness = 3.0
    public static let margin = 12.0
    /// Text scales (1.0 is about 22 px tall; see Image.drawText).
    public static let promptScale = 0.75
    public static let hudScale = 0.9
    public static let debugScale = 0.45
    public static let outcomeScale = 1.3
    public static let textThickness = 2.0
    public static let outlineExtra = 3.0
    public static let landmarkRadius = 2.0
    public static let debugLineHeight = 18.0

    // Effects.
    /// The autoshot flash: a white veil fading out over this many milliseconds of frame time.
    public static let flashMs = 300.0
    /// A `pictureSuspected` notice stays up this long (frame time).
    public static let pictureNoticeMs = 2000.0
    public static let flashAlpha = 0.7
    /// The frozen end frame: blurred by a kernel of this share of the height, then dimmed.
    public static let finalBlurShare = 0.06
    public static let finalDimAlpha = 0.35
}

/// What the debug overlay adds to the measurements and the verdict: the loop's own figures.
public struct DebugFigures {
    public var fps: Double
    public var latencyMs: Double
    public var dropped: Int

    public init(fps: Double, latencyMs: Double, dropped: Int) {
        self.fps = fps
        self.latencyMs = latencyMs
        self.dropped = dropped
    }
}

/// Draws the live overlay on a display copy of a frame. The analysed image is never drawn on.
/// Mirroring (for display only) flips the image first; shapes then take mirrored x positions
/// and text is drawn last, so it reads the right way round. What it shows of the session comes
/// from the session's events and verdicts (`SessionProgress`), the guide circle included.
public enum Overlay {
    /// A frame during the session: guide circle, prompt, HUD count, time left, the autoshot
    /// flash, a notice when a credit was refused as a picture's (SPEC §6), and
    /// with `debug` the landmarks, the face ellipse and the measures.
    public static func drawLive(
        on image: Image, step: StreamScorer.Step, progress: SessionProgress, mirrored: Bool, debug: DebugFigures?
    ) {
        let canvas = Canvas(image: image, mirrored: mirrored)
        let circle = progress.guideCircle(width: image.width, height: image.height, face: step.analysis.measurement.face?.ellipse)
        let ms = step.frame.timestampMs

        if let autoshotMs = progress.autoshotMs, ms - autoshotMs < OverlayStyle.flashMs {
            let fade = 1 - max(0, ms - autoshotMs) / OverlayStyle.flashMs
            image.tint(OverlayStyle.flash, alpha: OverlayStyle.flashAlpha * fade)
        }
        if debug != nil, let face = step.analysis.measurement.face {
            canvas.drawFace(face)
        }
        let placing = step.verdict.prompt != nil || progress.autoshotMs == nil
        canvas.drawRing(circle, color: placing ? OverlayStyle.ringPlacing : OverlayStyle.ringScanning, thickness: OverlayStyle.ringThickness)

        if let prompt = step.verdict.prompt {
            canvas.drawPrompt(prompt.message, above: circle)
        } else if let notice = progress.pictureNotice(at: ms, shownMs: OverlayStyle.pictureNoticeMs) {
            // In the prompt's place: a prompt (the face to be placed) comes first.
            canvas.drawPrompt(notice, above: circle, color: OverlayStyle.notPassed)
        }
        if progress.autoshotMs != nil {
            canvas.drawText("\(progress.credited)/\(LivenessAction.allCases.count)", at: .bottomLeft, scale: OverlayStyle.hudScale)
            if let left = progress.msLeft(at: ms) {
                canvas.drawText(String(format: "%.1f s left", left / 1000), at: .bottomRight, scale: OverlayStyle.hudScale)
            }
        }
        if let debug {
            canvas.drawDebugLines(debugLines(step, debug), from: circle)
        }
    }

    /// The end: the last frame frozen, blurred and dimmed, the circle in the outcome's colour
    /// with the outcome written inside it, one line per action (credited when, or why not:
    /// `LivenessSession.actionSummary`) above `hint` (e.g. the keys) at the bottom.
    public static func drawFinal(on image: Image, progress: SessionProgress, actions: [String], mirrored: Bool, hint: String?) {
        let circle = progress.guideCircle(width: image.width, height: image.height, face: nil)
        let canvas = Canvas(image: image, mirrored: mirrored)
        let kernel = Int(canvas.height * OverlayStyle.finalBlurShare) | 1
        image.blur(kernel: kernel)
        image.tint(OverlayStyle.finalDim, alpha: OverlayStyle.finalDimAlpha)
        let passed = progress.outcome == .passed
        canvas.drawRing(circle, color: passed ? OverlayStyle.passed : OverlayStyle.notPassed, thickness: 2 * OverlayStyle.ringThickness)
        let title: String
        switch progress.outcome {
        case .passed: title = "Passed"
        case .timedOut: title = "Timed out"
        case .incomplete, nil: title = "Incomplete"
        }
        canvas.drawCentred(title, at: circle.centre, scale: OverlayStyle.outcomeScale, color: passed ? OverlayStyle.passed : OverlayStyle.notPassed)
        var detail = "\(progress.credited)/\(LivenessAction.allCases.count) actions"
        if progress.pictureSuspicions > 0 { detail += ", picture suspected \(progress.pictureSuspicions)x" }
        canvas.drawCentred(detail, at: circle.centre + Point2(x: 0, y: 36 * canvas.unit), scale: OverlayStyle.hudScale * 0.8, color: OverlayStyle.text)
        if let hint {
            canvas.drawText(hint, at: .bottomCentre, scale: OverlayStyle.debugScale * 1.2)
        }
        canvas.drawLinesAboveBottom(actions, leaving: hint == nil ? 0 : 1)
    }

    static func debugLines(_ step: StreamScorer.Step, _ figures: DebugFigures) -> [String] {
        let m = step.analysis.measurement
        let v = step.verdict
        func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        var lines: [String] = []
        if let face = m.face {
            let lids = face.lids, open = v.openEye
            lines.append("EAR \(f(face.ear)) upper lids \(f(lids.right.upper)) \(f(lids.left.upper)) "
                + "open \(f(open.right.upper)) \(f(open.left.upper)) closure \(f(v.closure ?? 0))")
            var yaw = "yaw \(f(face.yaw, 1))"
            if let neutral = v.neutralYaw { yaw += " (neutral \(f(neutral, 1)), \(f(face.yaw - neutral, 1)) from it)" }
            lines.append(yaw)
        } else {
            lines.append("no face")
        }
        let motion = v.cameraDegPerSec.map { "\(f($0, 1)) deg/s" } ?? "unknown"
        lines.append("camera \(motion) \(v.cameraStill ? "still" : "moving")")
        // SPEC §6: the actions refused now as a jump between two still pictures.
        if !v.cuts.isEmpty { lines.append("picture suspected: \(v.cuts.map(\.rawValue).sorted().joined(separator: ", "))") }
        lines.append("\(v.framing.rawValue), \(v.stage.rawValue), faces \(m.faceCount)")
        lines.append("\(f(figures.fps, 1)) fps, analysis \(f(figures.latencyMs, 1)) ms, dropped \(figures.dropped)")
        return lines
    }
}

/// An image being drawn on, in frame coordinates: x is mirrored when the display is.
struct Canvas {
    let image: Image
    let mirrored: Bool
    let width: Double
    let height: Double
    /// One layout pixel of a 480-pixel-high frame.
    let unit: Double

    init(image: Image, mirrored: Bool) {
        self.image = image
        self.mirrored = mirrored
        width = Double(image.width)
        height = Double(image.height)
        unit = max(0.5, height / 480)
    }

    enum Corner {
        case bottomLeft
        case bottomRight
        case bottomCentre
    }

    /// A point of the analysed frame where it lands on the displayed one.
    func shown(_ p: Point2) -> Point2 {
        Point2(x: mirrored ? width - p.x : p.x, y: p.y)
    }

    var thickness: Int { Int(max(1, (OverlayStyle.textThickness * unit).rounded())) }

    func drawRing(_ circle: Circle, color: Colour, thickness: Double) {
        image.drawCircle(centre: shown(circle.centre), radius: circle.radius, colour: color, thickness: Int(max(1, (thickness * unit).rounded())))
    }

    func drawFace(_ face: FaceMeasurement) {
        let e = face.ellipse
        image.drawEllipse(centre: shown(e.centre), semiWidth: e.semiWidth, semiHeight: e.semiHeight,
                          degrees: mirrored ? -e.roll : e.roll, colour: OverlayStyle.ellipse)
        let radius = Int(max(1, (OverlayStyle.landmarkRadius * unit).rounded()))
        for point in face.landmarks {
            image.drawPoint(shown(point), radius: radius, colour: OverlayStyle.landmarks)
        }
    }

    func textSize(_ text: String, scale: Double) -> (width: Double, height: Double) {
        Image.textSize(text, scale: scale * unit, thickness: thickness)
    }

    /// Text in display coordinates (never mirrored), outlined so it reads on any background.
    func drawOutlined(_ text: String, baselineLeft origin: Point2, scale: Double, color: Colour) {
        let outline = thickness + Int((OverlayStyle.outlineExtra * unit).rounded())
        image.drawText(text, at: origin, scale: scale * unit, colour: OverlayStyle.textOutline, thickness: outline)
        image.drawText(text, at: origin, scale: scale * unit, colour: color, thickness: thickness)
    }

    /// The prompt, centred, in the band above the circle (or at the top when there is no room).
    func drawPrompt(_ text: String, above circle: Circle, color: Colour = OverlayStyle.text) {
        let size = textSize(text, scale: OverlayStyle.promptScale)
        let margin = OverlayStyle.margin * unit
        let top = circle.centre.y - circle.radius
        let baseline = max(size.height + margin / 2, top - margin)
        let x = max(margin / 2, (width - size.width) / 2)
        drawOutlined(text, baselineLeft: Point2(x: x, y: baseline), scale: OverlayStyle.promptScale, color: color)
    }

    func drawText(_ text: String, at corner: Corner, scale: Double) {
        let size = textSize(text, scale: scale)
        let margin = OverlayStyle.margin * unit
        let baseline = height - margin
        let x: Double
        switch corner {
        case .bottomLeft: x = margin
        case .bottomRight: x = width - margin - size.width
        case .bottomCentre: x = (width - size.width) / 2
        }
        drawOutlined(text, baselineLeft: Point2(x: x, y: baseline), scale: scale, color: OverlayStyle.text)
    }

    /// Text centred on a frame point (mirrored like the shapes).
    func drawCentred(_ text: String, at point: Point2, scale: Double, color: Colour) {
        let size = textSize(text, scale: scale)
        let at = shown(point)
        drawOutlined(text, baselineLeft: Point2(x: at.x - size.width / 2, y: at.y + size.height / 2), scale: scale, color: color)
    }

    /// `texts`, each wrapped to the frame's width, at the bottom left, above `leaving` lines.
    func drawLinesAboveBottom(_ texts: [String], leaving: Int) {
        let margin = OverlayStyle.margin * unit
        let line = OverlayStyle.debugLineHeight * unit
        // OpenCV's fonts are ASCII: a degree sign would show as "??".
        let ascii = texts.map { $0.replacingOccurrences(of: "°", with: " deg") }
        let lines = ascii.flatMap { wrapped($0, scale: OverlayStyle.debugScale, width: width - 2 * margin) }
        var y = height - margin - Double(leaving) * line * 1.4 - Double(lines.count - 1) * line
        for text in lines {
            drawOutlined(text, baselineLeft: Point2(x: margin, y: y), scale: OverlayStyle.debugScale, color: OverlayStyle.text)
            y += line
        }
    }

    /// `text` broken at spaces into lines no wider than `width` (a word wider than that alone).
    func wrapped(_ text: String, scale: Double, width: Double) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || textSize(candidate, scale: scale).width <= width {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        return current.isEmpty ? lines : lines + [current]
    }

    /// Debug lines at the left, from the circle's top (under the prompt band) down.
    func drawDebugLines(_ lines: [String], from circle: Circle) {
        let margin = OverlayStyle.margin * unit
        let line = OverlayStyle.debugLineHeight * unit
        var y = max(circle.centre.y - circle.radius, 2 * line) + line
        for text in lines {
            drawOutlined(text, baselineLeft: Point2(x: margin / 2, y: y), scale: OverlayStyle.debugScale, color: OverlayStyle.debugText)
            y += line
        }
    }
}

extension Image {
    /// A copy to draw on and show: flipped left-right when `mirrored` (for display only; the
    /// analysis keeps the true image).
    public func displayCopy(mirrored: Bool) throws -> Image {
        let display = try copy()
        if mirrored { display.mirror() }
        return display
    }
}
