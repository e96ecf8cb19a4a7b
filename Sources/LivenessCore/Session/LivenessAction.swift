/// The two passive actions a scan watches for (SPEC §3 step 4).
public enum LivenessAction: String, CaseIterable, Sendable {
    case blink
    case turnHead

    /// Both actions in a random order drawn from `seed`, so a run can be replayed: the top bit of
    /// the generator's first draw picks the order. Written out rather than left to
    /// `shuffled(using:)`, whose algorithm Swift does not promise to keep; it gives the orders that
    /// call gave, so earlier reports still replay.
    public static func drawOrder(seed: UInt64) -> [LivenessAction] {
        var generator = SeededGenerator(seed: seed)
        return generator.next() >> 63 == 0 ? [.blink, .turnHead] : [.turnHead, .blink]
    }
}

/// SplitMix64: a small, well-mixed generator whose sequence depends only on its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
