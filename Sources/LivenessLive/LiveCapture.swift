import Foundation
import LivenessVision

/// Frames from a camera, or from a file played as if it were one, delivered newest-first: a
/// capture thread reads frames as they come and keeps only the latest in a one-slot mailbox. A
/// frame still in the slot when the next one arrives was never analysed: it is overwritten and
/// counted as dropped. Nothing is ever queued, so the analysis always works on the newest frame.
///
/// The capture thread owns the `VideoSource` (an OpenCV handle, used on that thread only) and
/// hands over a private copy of each frame's image, which it never touches again.
///
/// Timestamps: a camera's frames are stamped with a monotonic clock when the read returns (V4L2
/// timestamps are not reliable across drivers); a file's frames keep the file's own timestamps,
/// and the thread releases each one when the monotonic clock reaches it, so a file plays at its
/// recorded pace with the same dropping as a camera; played `everyFrame`, it waits for the
/// analysis instead of dropping (at the file's pace, or slower when the analysis is), so every
/// frame is analysed as `score` analyses them. A gap between two frames longer than
/// `longestPauseMs` (a file whose timestamps jump hours, or a frame rate of 1/100000) is played
/// as that long: the timestamps stay the file's, only the wait is bounded.
public final class LiveCapture {
    /// The longest a file's frame is waited for after the one before it, and the longest gap the
    /// recording fills with repeats: a camera never pauses this long.
    public static let longestPauseMs = 1000.0

    public enum Input: Sendable, Equatable {
        case camera(index: Int, width: Int, height: Int)
        /// `everyFrame`: no frame is dropped; the file plays as slowly as the analysis needs.
        case file(path: String, everyFrame: Bool)
    }

    /// What `next` found.
    public enum Delivery {
        case frame(Frame)
        /// No new frame within the timeout.
        case waiting
        /// A file's last frame has been delivered (a camera never ends: it fails).
        case ended
    }

    public let input: Input
    /// "camera N" or the file's path.
    public let name: String
    /// The stream as opened (size before rotation, declared frame rate, codec).
    public let info: VideoInfo
    private let mailbox = Mailbox()

    /// Opens the input on a new capture thread and starts reading; throws the open error
    /// (`VisionError`) if the input cannot be opened.
    public init(_ input: Input) throws {
        self.input = input
        let mailbox = self.mailbox
        let thread = Thread { Self.run(input: input, mailbox: mailbox) }
        thread.name = "liveness-capture"
        thread.start()
        (info, name) = try mailbox.waitUntilOpened()
    }

    deinit { mailbox.stop() }

    /// The newest frame not yet delivered; waits up to `timeoutMs` for one (nil: as long as it
    /// takes). Throws the error that stopped the capture (a camera that stopped, a corrupt file).
    public func next(timeoutMs: Double? = nil) throws -> Delivery {
        try mailbox.take(timeoutMs: timeoutMs)
    }

    /// Forgets a frame waiting in the slot without counting it as dropped (between sessions,
    /// when nothing is being analysed).
    public func discardPending() { mailbox.discardPending() }

    /// Frames read from the input so far, and how many of them were overwritten unanalysed.
    public var counts: (captured: Int, dropped: Int) { mailbox.counts }

    /// Stops the capture thread and waits until it has closed the input.
    public func stop() { mailbox.stop() }

    // MARK: - The capture thread

    private static func run(input: Input, mailbox: Mailbox) {
        let source: VideoSource
        do {
            switch input {
            case .camera(let index, let width, let height):
                source = try VideoSource(camera: index, width: width, height: height)
            case .file(let path, _):
                source = try VideoSource(file: path)
            }
        } catch {
            mailbox.opened(.failure(error))
            return
        }
        mailbox.opened(.success((source.info, source.name)))
        defer { mailbox.threadDone() }
        var isFile = false, everyFrame = false
        if case .file(_, let every) = input { (isFile, everyFrame) = (true, every) }
        var clockStartMs: Double?
        var fileStartMs: Double?
        var previousFileMs: Double?
        while !mailbox.isStopRequested {
            do {
                guard let frame = try source.next() else {
                    mailbox.finish(error: nil)
                    return
                }
                let nowMs = monotonicMs()
                let startMs = clockStartMs ?? nowMs
                clockStartMs = startMs
                var timestampMs = nowMs - startMs
                if isFile {
                    // Play at the file's pace: release each frame when the clock reaches its time.
                    var first = fileStartMs ?? frame.timestampMs
                    if let previous = previousFileMs, frame.timestampMs - previous > Self.longestPauseMs {
                        first += frame.timestampMs - previous - Self.longestPauseMs
                    }
                    fileStartMs = first
                    previousFileMs = frame.timestampMs
                    timestampMs = frame.timestampMs
                    guard mailbox.sleep(untilMonotonicMs: startMs + (frame.timestampMs - first)) else { return }
                }
                let copy = Frame(image: try frame.image.copy(), index: frame.index, timestampMs: timestampMs)
                guard mailbox.deliver(copy, waitingForRoom: everyFrame) else { return }
            } catch {
                mailbox.finish(error: error)
                return
            }
        }
    }
}

/// The one-slot mailbox between the capture thread and the analysis, with the capture's state.
private final class Mailbox: @unchecked Sendable {
    // @unchecked Sendable: every stored property is read and written only while holding
    // `condition`. The Images that cross threads in `slot` are handed over: the capture thread
    // makes a fresh copy per frame and never touches it again after `deliver`.
    private let condition = NSCondition()
    private var openResult: Result<(VideoInfo, String), Error>?
    private var slot: Frame?
    private var ended = false
    private var failure: Error?
    private var stopRequested = false
    private var running = true
    private var captured = 0
    private var dropped = 0

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // The capture thread's side.

    func opened(_ result: Result<(VideoInfo, String), Error>) {
        locked {
            openResult = result
            if case .failure = result { running = false }
            condition.broadcast()
        }
    }

    var isStopRequested: Bool { locked { stopRequested } }

    /// Puts `frame` in the slot, over a frame not yet taken (dropped), or, `waitingForRoom`, once
    /// that one is taken. False when stopped meanwhile.
    func deliver(_ frame: Frame, waitingForRoom: Bool) -> Bool {
        locked {
            while waitingForRoom, slot != nil, !stopRequested { condition.wait() }
            guard !stopRequested else { return false }
            if slot != nil { dropped += 1 }
            slot = frame
            captured += 1
            condition.broadcast()
            return true
        }
    }

    func finish(error: Error?) {
        locked {
            if let error { failure = error } else { ended = true }
            condition.broadcast()
        }
    }

    func threadDone() {
        locked {
            running = false
            condition.broadcast()
        }
    }

    /// Sleeps until the monotonic clock reads `targetMs`; false when stopped meanwhile.
    func sleep(untilMonotonicMs targetMs: Double) -> Bool {
        locked {
            while !stopRequested {
                let remaining = targetMs - monotonicMs()
                if remaining <= 0 { return true }
                _ = condition.wait(until: Date(timeIntervalSinceNow: remaining / 1000))
            }
            return false
        }
    }

    // The analysis side.

    func waitUntilOpened() throws -> (VideoInfo, String) {
        try locked {
            while openResult == nil { condition.wait() }
            return try openResult!.get()
        }
    }

    func take(timeoutMs: Double?) throws -> LiveCapture.Delivery {
        try locked {
            let deadline = timeoutMs.map { Date(timeIntervalSinceNow: $0 / 1000) }
            while slot == nil, !ended, failure == nil {
                if let deadline {
                    if !condition.wait(until: deadline) { break }
                } else {
                    condition.wait()
                }
            }
            if let frame = slot {
                slot = nil
                condition.broadcast()
                return .frame(frame)
            }
            if let failure { throw failure }
            return ended ? .ended : .waiting
        }
    }

    func discardPending() {
        locked {
            slot = nil
            condition.broadcast()
        }
    }

    var counts: (captured: Int, dropped: Int) { locked { (captured, dropped) } }

    func stop() {
        locked {
            stopRequested = true
            condition.broadcast()
            while running { condition.wait() }
        }
    }
}

/// Milliseconds on the monotonic clock (since boot; never jumps with the wall clock).
func monotonicMs() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
}
