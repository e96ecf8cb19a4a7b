import Foundation

/// A process's peak address space (VmPeak of /proc/PID/status, Linux), in megabytes: what
/// RLIMIT_AS limits, so what `--memory-limit` is checked against.
public struct ProcStatus {
    public var peakVirtualMB: Double

    /// nil when the process is gone or /proc is not there.
    public init?(pid: String = "self") {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmPeak:") }),
              let kB = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        peakVirtualMB = kB / 1024
    }
}
