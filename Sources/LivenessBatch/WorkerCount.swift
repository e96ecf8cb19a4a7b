import Foundation

/// How many workers a batch runs at once: what `--jobs` asks, capped by the machine. Workers
/// beyond two per CPU only wait for the CPU while holding their models (about 200 MB resident
/// each, Benchmarks/RESULTS.md), and more than the memory available can hold would swap or
/// meet the OOM killer before finishing a clip.
public struct WorkerCount {
    public let asked: Int
    public let jobs: Int
    public let cpus: Int
    /// MemAvailable in MB (nil when /proc/meminfo cannot be read).
    public let availableMB: Int?

    public static let perCPU = 2
    /// Memory set aside per worker: a worker's resident peak on a 4K clip is about 680 MB, on a
    /// 1080p clip about 200 MB.
    public static let perWorkerMB = 400

    public init(asked: Int, cpus: Int = ProcessInfo.processInfo.activeProcessorCount, availableMB: Int? = Self.memoryAvailableMB()) {
        self.asked = asked
        self.cpus = cpus
        self.availableMB = availableMB
        var cap = max(1, cpus * Self.perCPU)
        if let availableMB { cap = min(cap, max(1, availableMB / Self.perWorkerMB)) }
        jobs = min(asked, cap)
    }

    public var isCapped: Bool { jobs < asked }

    /// "--jobs 256 capped to 4 for 2 CPUs and 22000 MB available".
    public var capNote: String? {
        guard isCapped else { return nil }
        return "--jobs \(asked) capped to \(jobs) for \(cpus) CPU\(cpus == 1 ? "" : "s")" + (availableMB.map { " and \($0) MB available" } ?? "")
    }

    public static func memoryAvailableMB() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kB / 1024
    }
}
