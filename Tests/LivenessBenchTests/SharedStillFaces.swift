import DataTestSupport
import LivenessBench
import LivenessCore

extension SharedAnalyzer {
    private static var stills: StillFaces?

    /// Every face found in a still, measured once per image for the whole run (AFW photos appear
    /// once per annotated face, and several tests score the same photos).
    static func stillFaces() throws -> StillFaces {
        if let stills { return stills }
        let faces = StillFaces(analyzer: try forStills(), config: LivenessConfig())
        stills = faces
        return faces
    }
}
