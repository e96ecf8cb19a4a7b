import Foundation

/// Why a frame that could have earned an action did not: the rule that refused it, by the name it
/// carries in the code, with what it measured against its bound. The nearest miss of an action
/// not credited (`ActionMiss`) lists the refusals of its frame.
public struct Refusal: Equatable, Sendable {
    /// In the order the session judges them (a frame's rules, then the blink's event, then the
    /// face): a miss names its first.
    public enum Rule: String, CaseIterable, Sendable {
        /// The action's own measure is under its bound (closure for a blink, yaw from neutral for
        /// a turn): the action was not seen.
        case notReached
        /// SPEC §3 step 4: an action counts only with the face in the circle.
        case outOfCircle
        /// SPEC §2: a frame during which the camera rotates credits nothing (`CameraSwing`).
        case cameraRotating
        /// SPEC §2: the eyes are not judged on a face turned `blinkMaxAbsYaw` or more (`BlinkRule`).
        case eyesUnreadable
        /// SPEC §2: a turn is held `turnHoldFrames` consecutive frames (`TurnRule`).
        case notHeld
        /// SPEC §6 "continuous": the change was a jump between two pictures (`ContinuityCheck`).
        case cut
        /// SPEC §2: a closed reading within the landmark fit's own noise on this face is no
        /// closing (`BlinkEvent`, `blinkNoiseMultiple`).
        case withinNoise
        /// SPEC §2: a blink reopens within `blinkMaxClosedMs` (`BlinkEvent`).
        case closedTooLong
        /// SPEC §2: the lids come down and back up by `blinkMinLidTravel` (`BlinkEvent`).
        case lidsStill
        /// The input or the scan ended with the eyes still closed.
        case notReopened
        /// SPEC §5: the frame's face is not the autoshot's (`SameFaceRule`).
        case otherFace

        /// Its place in the order above.
        var rank: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// Whether a frame refused by `a` met more of an action's rules than one refused by `b`: fewer
    /// refusals, or as many with the first of them later in the rules' order (it got further);
    /// nil when neither.
    static func metMoreRules(_ a: [Refusal], than b: [Refusal]) -> Bool? {
        if a.count != b.count { return a.count < b.count }
        let (first, other) = (a.map(\.rule.rank).min(), b.map(\.rule.rank).min())
        return first == other ? nil : (first ?? .max) > (other ?? .max)
    }

    public var rule: Rule
    /// What the rule measured, in its own unit (see `phrase`); nil where it measures nothing.
    public var value: Double?
    public var bound: Double?

    public init(_ rule: Rule, value: Double? = nil, bound: Double? = nil) {
        self.rule = rule
        self.value = value
        self.bound = bound
    }

    /// One line for people, e.g. "camera rotating 7.3°/s over 5.0°/s".
    public var phrase: String {
        func n(_ x: Double?, _ digits: Int) -> String { x.map { String(format: "%.\(digits)f", $0) } ?? "?" }
        switch rule {
        case .notReached: return "under its bound"
        case .outOfCircle: return "face out of the circle"
        case .cameraRotating: return "camera rotating \(n(value, 1))°/s over \(n(bound, 1))°/s"
        case .eyesUnreadable: return "eyes unreadable, face turned \(n(value, 1))° from the camera (\(n(bound, 1))° or more)"
        case .withinNoise: return "closure \(n(value, 2)) within the fit's own noise (needs \(n(bound, 2)))"
        case .cut: return value == nil ? "a cut between two pictures" : "a cut between two pictures, pixel change \(n(value, 3)) over \(n(bound, 3))"
        case .notHeld: return "held \(n(value, 0)) frame(s), needs \(n(bound, 0))"
        case .closedTooLong: return "closed \(n(value, 0)) ms, over \(n(bound, 0)) ms"
        case .lidsStill: return "lids down and back up by \(n(value, 3)) eye widths, needs \(n(bound, 3)) each way"
        case .notReopened: return "not reopened before the end"
        case .otherFace: return "not the autoshot's face, distance \(n(value, 2)) over \(n(bound, 2))"
        }
    }

    var json: JSON {
        .object([("rule", .string(rule.rawValue)), ("value", value.map(JSON.number) ?? .null), ("bound", bound.map(JSON.number) ?? .null)])
    }
}
