import Foundation
import LivenessProcess

/// Progress on stderr: a bar redrawn in place when stderr is a terminal; otherwise a line per
/// failed clip and a short line every half minute, so logs stay readable.
public final class BatchProgress {
    public let total: Int
    public let isTerminal: Bool
    private let startNs = DispatchTime.now().uptimeNanoseconds
    private var lastDrawNs: UInt64 = 0
    private var drawn = false
    public static let lineIntervalSeconds = 30.0

    public init(total: Int, isTerminal: Bool = isatty(STDERR_FILENO) != 0) {
        self.total = total
        self.isTerminal = isTerminal
        lastDrawNs = startNs
    }

    public var elapsedSeconds: Double { Double(DispatchTime.now().uptimeNanoseconds - startNs) / 1e9 }

    /// A clip could not be scored: its one-line error.
    public func failed(_ message: String) {
        clear()
        printError(message)
        drawn = false
    }

    /// Redraws the bar, or writes the line, once its interval has passed since the last.
    public func update(_ tally: BatchTally) {
        let now = DispatchTime.now().uptimeNanoseconds
        let interval = isTerminal ? 0.2 : Self.lineIntervalSeconds
        guard Double(now - lastDrawNs) / 1e9 >= interval else { return }
        lastDrawNs = now
        let elapsed = elapsedSeconds
        let fps = elapsed > 0 ? Double(tally.frames) / elapsed : 0
        let left = total - tally.done
        let eta = tally.done > 0 ? elapsed / Double(tally.done) * Double(left) : 0
        let counts = "\(tally.done)/\(total) clips, \(tally.failed) failed, \(Int(fps.rounded())) frames/s"
        if isTerminal {
            let width = 24
            let filled = total > 0 ? width * tally.done / total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let etaText = tally.done > 0 ? Self.duration(eta) : "?"
            writeError("\r\u{1B}[K[\(bar)] \(counts), \(Self.duration(elapsed)) elapsed, ETA \(etaText)")
            drawn = true
        } else {
            printError("liveness: \(counts), \(Self.duration(elapsed)) elapsed")
        }
    }

    /// Removes the bar before other text is written.
    public func clear() {
        if isTerminal && drawn { writeError("\r\u{1B}[K") }
        drawn = false
    }

    public static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        if s < 3600 { return "\(s / 60)m\(String(format: "%02d", s % 60))s" }
        return "\(s / 3600)h\(String(format: "%02d", s / 60 % 60))m"
    }
}
