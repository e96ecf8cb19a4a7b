/// Where the face is relative to the guide circle (SPEC §2 "In circle", §3 step 2).
public enum Framing: String, Sendable {
    case noFace
    case tooClose
    case offCentre
    case tooFar
    case inCircle

    /// Classifies one frame. `tooClose` means the ellipse could not fit even if centred (its larger
    /// semi-axis exceeds the radius); any other ellipse that crosses the circle is `offCentre`.
    /// An ellipse inside the circle but shorter than `tooFarHeightFraction` of the diameter is `tooFar`.
    public static func classify(_ ellipse: FaceEllipse?, in circle: Circle, tooFarHeightFraction: Double) -> Framing {
        guard let ellipse else { return .noFace }
        if ellipse.isInside(circle) {
            return 2 * ellipse.semiHeight < tooFarHeightFraction * 2 * circle.radius ? .tooFar : .inCircle
        }
        return max(ellipse.semiWidth, ellipse.semiHeight) > circle.radius ? .tooClose : .offCentre
    }

    /// What the user is told, or nil when the face is in.
    public var prompt: Prompt? {
        switch self {
        case .noFace: return .noFace
        case .tooClose: return .tooClose
        case .offCentre: return .offCentre
        case .tooFar: return .tooFar
        case .inCircle: return nil
        }
    }
}

/// The prompts of SPEC §3, with the words the user sees.
public enum Prompt: String, Sendable {
    case noFace
    case tooClose
    case offCentre
    case tooFar

    public var message: String {
        switch self {
        case .noFace: return "Position your face in the frame"
        case .tooClose: return "Move back a little"
        case .offCentre: return "Fit your whole face inside the circle"
        case .tooFar: return "Move closer"
        }
    }
}
