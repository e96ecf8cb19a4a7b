import LivenessCore

/// Both halves of a frame in one call, for tests that drive a session directly; the tools call
/// `judgeFrame` and `judgeFace` themselves, with the vision layer's describer between them.
extension LivenessSession {
    /// A frame with no way to describe its face: SPEC §5 is not checked.
    public mutating func process(_ m: FrameMeasurement) -> FrameVerdict {
        process(m, describeFace: { nil })
    }

    /// `describeFace` gives the descriptor of the frame's face when the session wants it.
    public mutating func process(_ m: FrameMeasurement, describeFace: () throws -> FaceDescriptor?) rethrows -> FrameVerdict {
        let verdict = judgeFrame(m)
        guard verdict.faceWanted != nil else { return verdict }
        return judgeFace(try describeFace())
    }

    /// Milliseconds left of the cap at `ms` while scanning, read from the session's own state.
    public func msLeft(at ms: Double) -> Double? {
        guard stage == .scanning, let autoshot else { return nil }
        return ScanCap(autoshotMs: autoshot.ms, config: config).msLeft(at: ms)
    }
}
