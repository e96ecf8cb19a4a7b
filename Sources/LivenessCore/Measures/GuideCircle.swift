/// The circle a session judges framing against (SPEC §2 "In circle"): the fixed guide the user
/// looks at, or, for a clip recorded without it, the **fitted guide**, placed once on the first
/// frame with a face after the settle, centred on the face's ellipse, the ellipse's longer axis
/// filling `fittedGuideFill` of the diameter. The fitted circle may reach past the frame's edges.
public struct GuideCircle: Equatable, Sendable {
    public enum Kind: String, Sendable { case fixed, fitted }

    public let kind: Kind
    private let config: LivenessConfig
    /// The fitted circle, in pixels, once placed.
    public private(set) var placed: Circle?
    public private(set) var placedAtMs: Double?

    public init(config: LivenessConfig) {
        kind = config.fittedGuide ? .fitted : .fixed
        self.config = config
    }

    /// Places the fitted guide on the first settled frame with a face, and returns it then (the
    /// session announces it: `guidePlaced`); nothing for the fixed guide.
    public mutating func observe(_ ellipse: FaceEllipse?, settled: Bool, at ms: Double) -> Circle? {
        guard kind == .fitted, placed == nil, settled, let ellipse else { return nil }
        let circle = fitted(around: ellipse)
        place(circle, at: ms)
        return circle
    }

    /// Places the fitted guide where a session placed it (a follower of its events).
    public mutating func place(_ circle: Circle, at ms: Double) {
        placed = circle
        placedAtMs = ms
    }

    /// The circle for a frame of this size. Before the fitted guide is placed (the settle), the
    /// circle fitted around this frame's own face, so the settle's frames count as framed; nil
    /// when there is no face to fit it to.
    public func circle(width: Double, height: Double, face: FaceEllipse?) -> Circle? {
        switch kind {
        case .fixed:
            return config.guideCircle(width: width, height: height)
        case .fitted:
            return placed ?? face.map(fitted(around:))
        }
    }

    private func fitted(around ellipse: FaceEllipse) -> Circle {
        Circle(centre: ellipse.centre, radius: max(ellipse.semiWidth, ellipse.semiHeight) / config.fittedGuideFill)
    }

    /// What the report says of the guide: its kind and, once placed, where (pixels).
    public var json: JSON {
        var pairs: [(String, JSON)] = [("kind", .string(kind.rawValue))]
        if kind == .fitted {
            pairs.append(("placedAtMs", placedAtMs.map(JSON.number) ?? .null))
            pairs.append(("circle", placed.map { .object($0.jsonPairs) } ?? .null))
        }
        return .object(pairs)
    }
}

extension Circle {
    /// A circle's fields in the report and the events (pixels).
    var jsonPairs: [(String, JSON)] {
        [("centreX", .number(centre.x)), ("centreY", .number(centre.y)), ("radius", .number(radius))]
    }
}
