/// SPEC §6: the checks that tell a live face from a picture of one.
public enum PictureCheck: String, Sendable {
    /// The change that earns an action was seen happening, not a jump between two still pictures.
    case continuous
}

/// A credit refused because the face behaved as a picture: which check, for which action, the
/// value it measured and the bound it crossed (the `pictureSuspected` event).
public struct PictureSuspicion: Equatable, Sendable {
    public var check: PictureCheck
    public var action: LivenessAction
    public var value: Double
    public var bound: Double

    public init(check: PictureCheck, action: LivenessAction, value: Double, bound: Double) {
        self.check = check
        self.action = action
        self.value = value
        self.bound = bound
    }

    /// Its fields in the event stream and the report.
    public var jsonPairs: [(String, JSON)] {
        [("check", .string(check.rawValue)), ("action", .string(action.rawValue)), ("value", .number(value)), ("bound", .number(bound))]
    }
}
