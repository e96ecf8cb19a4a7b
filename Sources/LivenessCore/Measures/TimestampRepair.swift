/// Makes a stream's timestamps count from its first frame, which is at 0 ms (SPEC §1), and
/// strictly increasing. A file may start at a negative time (face_noface.mov's HEVC starts at
/// -16.7 ms) and a camera at its clock's time. Some files report 0 (or a repeat) for their last
/// frames, e.g. H.264/HEVC with B-frames through OpenCV; such a frame is placed one frame interval
/// after the previous one, using the container's rate, or the last good interval when the
/// container does not give one.
public struct TimestampRepair: Sendable {
    private let nominalIntervalMs: Double?
    /// The first frame's own timestamp, and the last one given out, both in the stream's own time.
    private var origin: Double?
    private var previous: Double?
    private var lastInterval: Double?

    public init(declaredFPS: Double) {
        nominalIntervalMs = declaredFPS > 0 && declaredFPS < 1000 ? 1000 / declaredFPS : nil
    }

    public mutating func repair(_ raw: Double) -> Double {
        guard let previous, let origin else {
            origin = raw
            previous = raw
            return 0
        }
        let repaired: Double
        if raw > previous {
            lastInterval = raw - previous
            repaired = raw
        } else {
            repaired = previous + (nominalIntervalMs ?? lastInterval ?? 1000.0 / 30)
        }
        self.previous = repaired
        return repaired - origin
    }
}
