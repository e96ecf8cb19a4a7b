/// Frame tallies for the report.
public struct FrameCounts: Equatable, Sendable {
    public var frames = 0
    public var withFace = 0
    public var withSeveralFaces = 0
    public var inCircle = 0

    mutating func count(_ m: FrameMeasurement, inCircle isIn: Bool) {
        frames += 1
        if m.face != nil { withFace += 1 }
        if m.faceCount > 1 { withSeveralFaces += 1 }
        if isIn { inCircle += 1 }
    }
}
