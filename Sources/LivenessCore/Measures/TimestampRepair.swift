/// Makes a stream's timestamps strictly increasing. Some files report 0 (or a repeat) for their
/// last frames, e.g. H.264/HEVC with B-frames through OpenCV; such a frame is placed one frame
/// interval after the previous one, using the container's rate, or the last good interval when
/// the container does not give one.
public struct TimestampRepair: Sendable {
    private let nominalIntervalMs: Double?
    private var previous: Double?
    private var lastInterval: Double?

    public init(declaredFPS: Double) {
        nominalIntervalMs = declaredFPS > 0 && declaredFPS < 1000 ? 1000 / declaredFPS : nil
    }

    public mutating func repair(_ raw: Double) -> Double {
        guard let previous else {
            self.previous = raw
            return raw
        }
        let repaired: Double
        if raw > previous {
            lastInterval = raw - previous
            repaired = raw
        } else {
            repaired = previous + (nominalIntervalMs ?? lastInterval ?? 1000.0 / 30)
        }
        self.previous = repaired
        return repaired
    }
}
