import Foundation

/// Memory figures of a process from /proc/PID/status (Linux), in megabytes.
struct ProcStatus {
    /// Peak address space (VmPeak): what RLIMIT_AS limits.
    var peakVirtualMB: Double
    /// Peak resident set (VmHWM).
    var peakResidentMB: Double
    /// Resident set now (VmRSS).
    var residentMB: Double

    /// nil when the process is gone or /proc is not there.
    init?(pid: String = "self") {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Double? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
        }
        guard let peak = field("VmPeak"), let hwm = field("VmHWM"), let rss = field("VmRSS") else { return nil }
        peakVirtualMB = peak
        peakResidentMB = hwm
        residentMB = rss
    }
}
