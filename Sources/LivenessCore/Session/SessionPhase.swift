/// Where the session is (SPEC §3), with what only that step needs.
enum SessionPhase {
    /// No frame yet.
    case waiting
    case settling(firstMs: Double)
    case framing(AutoshotRun)
    case scanning(ScanCap)
    case choosingSnapshot(SnapshotChooser)
    case ended

    var stage: SessionStage {
        switch self {
        case .waiting, .settling: return .settling
        case .framing: return .framing
        case .scanning: return .scanning
        case .choosingSnapshot: return .choosingSnapshot
        case .ended: return .ended
        }
    }
}
