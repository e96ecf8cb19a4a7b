import LivenessFiles

/// `--shard I/N`: the I-th of N disjoint shares of a clip list (I from 1 to N). A clip belongs to
/// the share picked by a stable hash of its path as written in the list, so every host given the
/// same list text picks the same clips, whatever the order of the list and whichever host runs it.
public struct Shard: Equatable {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index))
        self.index = index
        self.count = count
    }

    /// Parses "I/N", 1 <= I <= N; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        self.init(index: i, count: n)
    }

    public func contains(_ path: String) -> Bool {
        Int(fnv1a64(path) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}

/// FNV-1a, 64-bit, over the path's bytes as the list holds them: the same value on every machine
/// and every run (Swift's own `hashValue` is seeded per process).
public func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in FileName.bytes(text) {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
    }
    return hash
}
