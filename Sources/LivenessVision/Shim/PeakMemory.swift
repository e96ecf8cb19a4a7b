import Foundation

/// The process's peak resident set size so far, in megabytes (getrusage reports kilobytes on Linux).
public func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}
