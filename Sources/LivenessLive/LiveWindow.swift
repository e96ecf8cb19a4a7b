import Foundation
import LivenessVision

/// The live preview window (OpenCV's highgui, Qt here). Qt aborts the whole process when it
/// cannot reach a display, so the display is checked before the first window call, and a
/// window is only ever created after that check passed.
public final class LiveWindow {
    public let title: String
    private var shown = false

    /// What a key press asks for.
    public enum Key: Equatable {
        case quit
        case restart
        case debug
        case other(Int32)
    }

    /// Fails with `VisionError.displayUnavailable` when no display can be opened.
    public init(title: String) throws {
        try Self.checkDisplay()
        self.title = title
    }

    deinit { Display.closeAll() }

    /// Throws `displayUnavailable`, saying why, when a window could not be shown. Call it before
    /// anything else is opened or loaded, so a missing display fails fast.
    public static func checkDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard Display.isAvailable else { throw VisionError.displayUnavailable(cause: whyNoDisplay(environment)) }
        let probe = probed ?? Display.probe(timeoutMs: probeTimeoutMs)
        probed = probe
        switch probe {
        case .opened: return
        case .timedOut: throw VisionError.displayUnavailable(cause: "Qt did not reach \(qtTarget(environment)) within \(probeTimeoutMs / 1000) s")
        case .failed: throw VisionError.displayUnavailable(cause: "Qt could not open \(qtTarget(environment))")
        }
    }

    /// How long Qt may take to open a window on the display (a remote one over ssh included).
    static let probeTimeoutMs = 15_000
    /// The probe's answer, once asked: a second check must not start Qt again beside a window.
    nonisolated(unsafe) private static var probed: Display.Probe?

    /// What Qt was asked to open: the platform when one is named, else the display.
    static func qtTarget(_ environment: [String: String]) -> String {
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let display = nonEmpty("DISPLAY").map { "DISPLAY=\($0)" } ?? "the display"
        guard let platform = nonEmpty("QT_QPA_PLATFORM") else { return display }
        if platform.hasPrefix("wayland") { return "WAYLAND_DISPLAY=\(nonEmpty("WAYLAND_DISPLAY") ?? "")" }
        return "QT_QPA_PLATFORM=\(platform) on \(display)"
    }

    /// The reason in the user's terms: which variable is missing, or which display is not there.
    static func whyNoDisplay(_ environment: [String: String]) -> String {
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let platform = nonEmpty("QT_QPA_PLATFORM"), platform.hasPrefix("wayland") {
            guard let wayland = nonEmpty("WAYLAND_DISPLAY") else {
                return "QT_QPA_PLATFORM=\(platform) but WAYLAND_DISPLAY is not set"
            }
            return "WAYLAND_DISPLAY=\(wayland) has no Wayland compositor listening"
        }
        guard let display = nonEmpty("DISPLAY") else { return "DISPLAY is not set" }
        return "DISPLAY=\(display) has no X server listening"
    }

    public func show(_ image: Image) throws {
        try Display.show(image, title: title)
        shown = true
    }

    /// The user closed the window (its close button) after it was shown: the run treats it as q.
    public var wasClosed: Bool {
        shown && !Display.isVisible(title: title)
    }

    /// Lets the window draw and waits up to `ms` for a key: q, Q or Esc quit, r restarts, d
    /// toggles the debug overlay.
    public func key(waitMs ms: Int) -> Key? {
        guard let code = Display.key(waitMs: max(1, ms)) else { return nil }
        switch code {
        case 27, 113, 81: return .quit  // Esc, q, Q
        case 114, 82: return .restart  // r, R
        case 100, 68: return .debug  // d, D
        default: return .other(code)
        }
    }
}
