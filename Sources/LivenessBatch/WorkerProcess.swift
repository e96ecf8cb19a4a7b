import Foundation
import LivenessCore
import LivenessProcess

/// The coordinator's handle on one `liveness worker` process: its three pipes, what it is doing,
/// and the last lines it wrote on stderr (for the report when it dies).
public final class WorkerProcess {
    public enum State {
        /// Loading the models; nothing sent yet.
        case starting(since: UInt64)
        case idle
        case busy(Clip, since: UInt64)
        /// Its stdin is closed: it exits once it has answered.
        case closing
    }

    public typealias Termination = ChildProcess.Termination

    private let child: ChildProcess
    public var state: State
    private var pending: [UInt8] = []
    /// The first and the last few kilobytes the worker wrote on stderr since its current clip began.
    public private(set) var stderrHead: [UInt8] = []
    public private(set) var stderrTail: [UInt8] = []
    public private(set) var stdoutOpen = true
    public private(set) var stderrOpen = true
    private var inputOpen = true
    public static let stderrTailBytes = 4096
    /// Its memory as last sampled while it was working (the coordinator samples /proc).
    public var lastStatus: ProcStatus?
    /// Its address-space peak when its current clip was sent.
    public private(set) var peakAtSend: Double = 0
    private var lastSampleNs: UInt64 = 0

    /// Samples /proc/PID/status at most twice a second.
    public func sampleMemory() {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastSampleNs >= 500_000_000 else { return }
        lastSampleNs = now
        if let status = ProcStatus(pid: String(pid)) { lastStatus = status }
    }

    public var pid: Int32 { child.pid }
    public var stdoutFD: Int32 { child.stdoutFD }
    public var stderrFD: Int32 { child.stderrFD }

    public init(executable: URL, arguments: [String], environment: [String: String]) throws {
        child = try ChildProcess(executable: executable.path, arguments: arguments, environment: environment)
        state = .starting(since: DispatchTime.now().uptimeNanoseconds)
    }

    /// Sends one request line; false when the worker no longer reads (it died: its end of file follows).
    public func send(_ clip: Clip) -> Bool {
        let request = WorkerLine.encode(WorkerRequest(index: clip.index, path: clip.path))
        state = .busy(clip, since: DispatchTime.now().uptimeNanoseconds)
        if let status = ProcStatus(pid: String(pid)) {
            lastStatus = status
            peakAtSend = status.peakVirtualMB
        }
        return inputOpen && writeAll(child.stdinFD, request)
    }

    /// No more clips: the worker exits after its current one.
    public func closeInput() {
        guard inputOpen else { return }
        inputOpen = false
        child.closeStdin()
        if case .idle = state { state = .closing }
    }

    /// Reads what stdout holds now; false at its end.
    public func readStdout() -> Bool {
        guard stdoutOpen else { return false }
        let (bytes, open) = readSome(stdoutFD)
        pending += bytes
        if !open { stdoutOpen = false }
        return open
    }

    /// Reads what stderr holds now, keeping the last few kilobytes.
    public func readStderr() {
        guard stderrOpen else { return }
        let (bytes, open) = readSome(stderrFD)
        if stderrHead.count < Self.stderrTailBytes { stderrHead += bytes.prefix(Self.stderrTailBytes - stderrHead.count) }
        stderrTail += bytes
        if stderrTail.count > Self.stderrTailBytes { stderrTail.removeFirst(stderrTail.count - Self.stderrTailBytes) }
        if !open { stderrOpen = false }
    }

    /// The next complete stdout line, without its newline.
    public func nextLine() -> [UInt8]? {
        guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(pending[..<end])
        pending.removeFirst(end + 1)
        return line
    }

    public func clearStderr() {
        stderrHead.removeAll()
        stderrTail.removeAll()
    }

    /// The line that says why the worker died, for an error message: the Swift runtime's crash
    /// line, a fatal error, an uncaught C++ exception; else the last line it wrote.
    public var stderrCause: String? {
        let markers = ["*** Program crashed:", "Fatal error:", "terminate called", "Could not allocate memory", "Segmentation fault"]
        let head = String(decoding: stderrHead, as: UTF8.self).split(separator: "\n")
        if let line = head.first(where: { line in markers.contains { line.contains($0) } }) {
            return String(line.trimmingCharacters(in: CharacterSet(charactersIn: "* ")).prefix(300))
        }
        return String(decoding: stderrTail, as: UTF8.self).split(separator: "\n").last.map { String($0.prefix(300)) }
    }

    /// Everything kept from stderr, for telling an allocation failure.
    public var stderrText: String { String(decoding: stderrHead + stderrTail, as: UTF8.self) }

    public func kill() {
        child.kill()
    }

    /// Waits for the process to end (after its stdout closed or it was killed), reading the rest of stderr.
    public func reap() -> Termination {
        while stderrOpen { readStderr() }
        if inputOpen { closeInput() }
        return child.wait()
    }

    private func readSome(_ fd: Int32) -> ([UInt8], Bool) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { return (Array(buffer[..<n]), true) }
            if n < 0 && errno == EINTR { continue }
            return ([], false)
        }
    }
}
