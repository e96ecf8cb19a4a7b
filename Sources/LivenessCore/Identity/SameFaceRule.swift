/// SPEC §5, the same person throughout: the face that earns the actions is the autoshot's. The
/// session hands it the autoshot's descriptor, then the descriptor of each frame that would credit
/// an action; it says whether that frame may credit, and keeps the distances the report gives.
/// Without an autoshot descriptor (no describer) nothing is checked.
public struct SameFaceRule: Sendable {
    /// A descriptor distance at or above this is another person's face.
    public let differentFaceDistance: Double
    /// After another face was seen, the autoshot's face is back only under this distance.
    public let sameFaceAgainDistance: Double
    public private(set) var autoshot: FaceDescriptor?
    /// The distance from the autoshot's face at each credited action.
    public private(set) var creditDistances: [(action: LivenessAction, frame: Int, distance: Double)] = []
    /// Each change to another face, where it was first seen.
    public private(set) var changes: [(frame: Int, ms: Double, distance: Double)] = []
    /// Frames that would have credited an action but showed another face.
    public private(set) var refusedFrames = 0
    /// The snapshot's descriptor, once the vision layer described it.
    public private(set) var snapshot: FaceDescriptor?
    /// The last judged face was another person's (so the next such frame is no new change).
    private var showsOtherFace = false

    public init(differentFaceDistance: Double, sameFaceAgainDistance: Double) {
        self.differentFaceDistance = differentFaceDistance
        self.sameFaceAgainDistance = min(sameFaceAgainDistance, differentFaceDistance)
    }

    public enum Judgement: Equatable, Sendable {
        /// The autoshot's face (or nothing to compare with): the frame may credit.
        case sameFace(distance: Double?)
        /// Another face: the frame credits nothing. `isNewChange` is false while the same change lasts.
        case otherFace(distance: Double, isNewChange: Bool)
    }

    public mutating func takeAutoshot(_ descriptor: FaceDescriptor?) {
        autoshot = descriptor
    }

    /// Judges a frame that would credit an action.
    public mutating func judge(_ descriptor: FaceDescriptor?, frame: Int, ms: Double) -> Judgement {
        guard let autoshot, let descriptor else { return .sameFace(distance: nil) }
        let distance = autoshot.distance(to: descriptor)
        // Hysteresis: a change lasts until the face is clearly the autoshot's again.
        guard distance >= (showsOtherFace ? sameFaceAgainDistance : differentFaceDistance) else {
            showsOtherFace = false
            return .sameFace(distance: distance)
        }
        refusedFrames += 1
        let isNewChange = !showsOtherFace
        if isNewChange { changes.append((frame, ms, distance)) }
        showsOtherFace = true
        return .otherFace(distance: distance, isNewChange: isNewChange)
    }

    public mutating func recordCredit(_ action: LivenessAction, frame: Int, distance: Double?) {
        if let distance { creditDistances.append((action, frame, distance)) }
    }

    public mutating func takeSnapshot(_ descriptor: FaceDescriptor) {
        snapshot = descriptor
    }

    /// The snapshot's distance from the autoshot's face.
    public var snapshotDistance: Double? {
        guard let autoshot, let snapshot else { return nil }
        return autoshot.distance(to: snapshot)
    }
}
