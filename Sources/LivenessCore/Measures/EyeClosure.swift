/// The subject's open eye (SPEC §2): each eye's lid heights when open, what closure is judged
/// against. `lower` is nil while a fixed fallback stands in for the subject's own eye (a still,
/// or the first frames of a stream).
public struct OpenEye: Equatable, Sendable {
    public var right: OpenLids
    public var left: OpenLids

    public init(right: OpenLids, left: OpenLids) {
        self.right = right
        self.left = left
    }

    /// The fallback for both eyes: a typical open upper lid, no lower-lid reference.
    public init(fallbackUpper: Double) {
        self.init(right: OpenLids(upper: fallbackUpper, lower: nil), left: OpenLids(upper: fallbackUpper, lower: nil))
    }

    public var isFallback: Bool { right.lower == nil }
}

/// One eye's lid heights when open, in eye widths.
public struct OpenLids: Equatable, Sendable {
    public var upper: Double
    public var lower: Double?

    public init(upper: Double, lower: Double?) {
        self.upper = upper
        self.lower = lower
    }
}

/// Eye closure (SPEC §2): how far the upper lid has come down over the eye, 0 = as open as the
/// subject's eye, 1 = shut; the mean of both eyes.
///
/// Per eye: the upper lid's fall, `1 - upper / openUpper`, less the part a squint explains. A
/// laughing squint pushes the lower lid up toward the corner line and drags the upper lid down
/// with it by up to about a third of its height (SPEC §2 measures 10-35 % when the lower lid
/// falls by about 90 %), so `squintShare` times the lower lid's rise, `1 - lower / openLower`
/// (0...1), is taken off. A blink brings the upper lid down and leaves the lower lid nearly where
/// it was. Without the subject's own lower lid (the fallback) nothing is taken off: people's
/// resting lower lids differ too much for one photo to show a raised one.
///
/// The rise taken is the smaller of the two eyes': cheeks pushed up by a smile raise both lower
/// lids, while the fit of a small eye closing often lifts one lower lid alone (grid example.mp4's
/// blink at frame 37: one lower lid up by 0.29 of its height, the other by 0.06).
///
/// The lids are measured from the line through the eye's corners, the least certain of the eye's
/// points (they sit in shadow and glare). A corner line fitted too high lowers the upper lid's
/// height and raises the lower lid's by the same amount, so a lower lid farther below the line
/// than the open eye's (the subject's own, or `openEyeFallbackLower` for a still) gives that excess
/// back to the upper lid: an open eye whose corners were placed high (HELEN 2181559194: upper lids
/// 0.11, lower lids 0.16) is not read as closing. A lid that really comes down leaves the lower lid
/// where it was, or lifts it with the squint.
public func eyeClosure(_ lids: EyeLids, open: OpenEye, config: LivenessConfig) -> Double {
    func rise(_ eye: LidHeights, _ open: OpenLids) -> Double {
        guard let openLower = open.lower, openLower > 0 else { return 0 }
        return min(max(1 - eye.lower / openLower, 0), 1)
    }
    let squint = config.squintShare * min(rise(lids.right, open.right), rise(lids.left, open.left))
    func closure(_ eye: LidHeights, _ open: OpenLids) -> Double {
        guard open.upper > 0 else { return 0 }
        let cornerLineTooHigh = max(eye.lower - (open.lower ?? config.openEyeFallbackLower), 0)
        return min(max(1 - (eye.upper + cornerLineTooHigh) / open.upper - squint, 0), 1)
    }
    return (closure(lids.right, open.right) + closure(lids.left, open.left)) / 2
}

/// A still's closure: a single image has no history, so it is judged against the fallback
/// (`liveness measure`, the still-image benchmark).
public func stillEyeClosure(_ lids: EyeLids, config: LivenessConfig) -> Double {
    eyeClosure(lids, open: OpenEye(fallbackUpper: config.openEyeFallback), config: config)
}
