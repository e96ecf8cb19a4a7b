import Foundation
import LivenessCore

/// The machine a bench run was made on, written into its result so that `--compare` can say when
/// the previous run was made elsewhere: the same build has given different turn figures on two
/// machines (Benchmarks/RESULTS.md, "2026-12-02 (fourth session): the same build, another
/// machine"), so a change between machines may not be the code's.
public struct BenchMachine: Equatable, Sendable {
    /// The processor's model name, as /proc/cpuinfo gives it ("unknown" without one).
    public var cpu: String
    /// The machine's processors, whatever share of them the run was given.
    public var cores: Int
    /// Whether the processor has AVX-512, which OpenCV runs some of its code with when it can.
    public var avx512: Bool

    /// This machine.
    public static let current: BenchMachine = {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        return BenchMachine(cpuinfo: cpuinfo, cores: ProcessInfo.processInfo.processorCount)
    }()

    public init(cpu: String, cores: Int, avx512: Bool) {
        (self.cpu, self.cores, self.avx512) = (cpu, cores, avx512)
    }

    /// From the text of /proc/cpuinfo: the first processor's model name and flags.
    init(cpuinfo: String, cores: Int) {
        func field(_ name: String) -> String? {
            for line in cpuinfo.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
        let flags = field("flags")?.split(separator: " ") ?? []
        self.init(cpu: field("model name") ?? "unknown", cores: cores, avx512: flags.contains("avx512f"))
    }

    /// As a result JSON keeps it; nil when `raw` is not one (a result written before it had one,
    /// or a core count no machine has: 1e300 read as an integer wraps to a negative one).
    init?(json raw: Any?) {
        guard let object = raw as? [String: Any], let cpu = object["cpu"] as? String,
              let count = (object["cores"] as? NSNumber)?.doubleValue, count >= 1, count <= 1_000_000, count == count.rounded(),
              case let cores = Int(count),
              let flag = object["avx512"], PreviousBenchResult.isJSONBoolean(flag), let avx512 = flag as? Bool else { return nil }
        self.init(cpu: cpu, cores: cores, avx512: avx512)
    }

    var json: JSON { .object([("cpu", .string(cpu)), ("cores", .number(Double(cores))), ("avx512", .bool(avx512))]) }

    var description: String { "\(cpu), \(cores) cores, \(avx512 ? "with" : "no") AVX-512" }
}
