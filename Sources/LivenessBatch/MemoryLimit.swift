/// Telling a failed allocation from other failures by the words the libraries use.
public enum MemoryLimit {
    /// A failure after the address space came this close to the limit is put down to the limit.
    public static let nearShare = 0.8

    /// The address-space peak rose while a clip was scored and ended within `nearShare` of the limit.
    public static func grewNearLimit(before: Double, after: Double, limitMB: Int) -> Bool {
        limitMB > 0 && after > before && after >= nearShare * Double(limitMB)
    }

    /// Whether a clip's failure is put down to the memory limit, on either side of the batch: the
    /// libraries said an allocation failed (`message`: the worker's error, or its stderr when it
    /// died), or the clip took the address space from `peakBefore` to near the limit.
    public static func explains(failure message: String, peakBefore: Double, peakAfter: Double, limitMB: Int) -> Bool {
        limitMB > 0 && (isAllocationFailure(message) || grewNearLimit(before: peakBefore, after: peakAfter, limitMB: limitMB))
    }

    public static func isAllocationFailure(_ message: String) -> Bool {
        let text = message.lowercased()
        return ["out of memory", "failed to allocate", "insufficient memory", "cannot allocate memory", "could not allocate", "bad_alloc"]
            .contains { text.contains($0) }
    }
}
