/// Every tunable of SPEC.md with its default: the product's promise, and in groups the engine's own
/// (`tracking`, `search`, `measures`). Decoded from JSON (any key may be left out; an unknown key is an error) and
/// printed in every report, so a run can be reproduced from its report alone.
public struct LivenessConfig: Equatable, Sendable {
    /// Guide circle centre, as fractions of the frame's width and height.
    public var circleCentreX = 0.5
    public var circleCentreY = 0.5
    /// Guide circle radius, as a fraction of the frame's shorter side.
    public var circleRadius = 0.40
    /// SPEC §2 fitted guide, for clips recorded without the circle: off by default.
    public var fittedGuide = false
    /// With the fitted guide, the share of the circle's diameter the face ellipse's longer axis fills.
    public var fittedGuideFill = 0.5

    public var settleMs = 300.0
    public var framesToAutoshot = 3
    /// A face whose ellipse is shorter than this share of the circle's diameter is `tooFar`.
    public var tooFarHeightFraction = 0.35

    public var blinkClosure = 0.22
    public var blinkMaxAbsYaw = 25.0
    /// A blink is an event (`BlinkEvent`): a closed reading counts only beyond this many times the
    /// fit's own frame-to-frame noise on this face (`OpenEyeReference`)...
    public var blinkNoiseMultiple = 6.0
    /// ...the eyes reopen (the closure falls to this share of the deepest it reached) within
    /// `blinkMaxClosedMs` of the first closed frame; after a closing too long for a blink, the eyes
    /// read open again (this share of `blinkClosure`) before the next...
    public var blinkReopenShare = 0.5
    public var blinkMaxClosedMs = 500.0
    /// ...and the lids' own motion shows in the eye region's flow (`LidFlow`): down and back up by
    /// this many eye widths each, the descent counted from `blinkLidLeadMs` before the closing, the
    /// rise awaited until `blinkLidWindowMs` after the reopening.
    public var blinkMinLidTravel = 0.03
    public var blinkLidLeadMs = 200.0
    public var blinkLidWindowMs = 150.0
    /// A descent or rise made inside one frame interval this long (13 fps and slower) is taken
    /// from the fit: the flow cannot follow a lid across it (Benchmarks/RESULTS.md, issue 44).
    public var blinkOneIntervalMs = 75.0
    /// Share of the upper lid's fall that a fully raised lower lid (a squint) explains.
    public var squintShare = 0.35
    /// The open eye (`OpenEyeReference`): a typical open upper lid, in eye widths, while the
    /// subject's own is not known yet (measured on labelled stills: Benchmarks/RESULTS.md, "Eye
    /// closure").
    public var openEyeFallback = 0.22
    /// A typical open lower lid, in eye widths, where the subject's own is not known: the corner line
    /// is judged against it (the median of the same stills' open eyes, human points).
    public var openEyeFallbackLower = 0.095
    /// The subject's open eye: this percentile of the lids over the frames of the last
    /// `openEyeWindowMs`, once there are `openEyeMinSamples`; the fit's noise over `lidNoiseWindowMs`.
    public var openEyePercentile = 0.80
    public var openEyeWindowMs = 600.0
    public var openEyeMinSamples = 2
    public var lidNoiseWindowMs = 2000.0
    /// Frames turned this far or more do not enter the open eye.
    public var openEyeMaxAbsYaw = 25.0

    public var turnDegrees = 7.5
    public var turnHoldFrames = 2
    /// Camera rotation above this rate (degrees per second), over the last `cameraWindowMs`
    /// (`CameraSwing`), makes a frame credit nothing. The window sums at least three frame
    /// intervals at 10 fps, so a hand's sway back and forth and the estimate's own noise cancel
    /// while a swing adds up (SPEC §2: a hand-held selfie's sway is not the camera rotating). At
    /// 100 ms (one interval at 10 fps) faceswap_data1's phone read over 5 deg/s on 54 % of its
    /// frames and refused its labelled blink at 2.0 s, reddy_capture_vfr's turn at 1.5 s; camera_moves'
    /// true rotation still reads over the bound on 237 of its 248 frames (239 at 100 ms). At 400-500
    /// ms a jolt keeps refusing for that long: blink precision 0.97 -> 0.94 and facepresence_test's
    /// blink lost (Benchmarks/RESULTS.md, issue 33, fifth session).
    public var cameraStillMaxDegPerSec = 5.0
    public var cameraWindowMs = 300.0
    /// Pinhole focal length in pixels; nil means the frame's larger side.
    public var focalLengthPx: Double? = nil

    /// SPEC §6 "continuous" (`ContinuityCheck`), in `PixelChange` units (the face's mean absolute
    /// pixel change over its spread): an interval under `continuityStillBound` is still; a crossing
    /// interval of a turn's `continuityStepBound` (a blink's `continuityBlinkStepBound`) or more,
    /// and `continuityStepRatio` times every interval of the `continuityStillMs` before it, is a cut,
    /// a turn's lifted once the face has moved for `continuityLiftMs` on end (Benchmarks/RESULTS.md,
    /// "A picture is not a live face").
    public var continuityStillBound = 0.02
    public var continuityStepBound = 0.05
    public var continuityBlinkStepBound = 0.15
    /// The least change of the eyes' pixels (`RegionPixels`) in a blink's step that makes it a cut,
    /// how many times every eyes' interval of the `continuityStillMs` before it that change must be,
    /// and the least change after it, while shut, that shows a live lid moving and lifts a blink's
    /// cut (`ContinuityCheck`; Benchmarks/RESULTS.md, "an eyes-only cut" and issue 44: the step
    /// bound was 0.2, which small downcast eyes flipped, 0.09, stayed under; the ratio alone keeps
    /// live eyes out, whose 200 ms before a blink never changed by less than 0.02).
    public var continuityEyeStepBound = 0.03
    public var continuityEyeStepRatio = 10.0
    public var continuityEyeStillBound = 0.03
    public var continuityStepRatio = 2.5
    public var continuityStillMs = 200.0
    public var continuityLiftMs = 100.0

    public var graceMs = 500.0
    public var capMs = 20_000.0

    public var snapshotMaxClosure = 0.11
    public var snapshotMaxYawFromNeutral = 5.0
    public var snapshotWindowMs = 2000.0

    /// SPEC §5: a face descriptor distance at or above this is another person's face (dlib's own
    /// threshold); also the bound for matching a reference photo.
    public var differentFaceDistance = 0.6
    /// Once a frame showed another face, a face counts as the autoshot's again only under this
    /// distance: a look-alike hovering around the threshold does not slip back in.
    public var sameFaceAgainDistance = 0.5

    /// The engine's own tunables, beyond SPEC's: they decide which face the rules see and how it is
    /// measured, so they are printed and replayed with the rest, one JSON object per group.
    public var tracking = TrackingConfig()
    public var search = SearchConfig()
    public var measures = MeasuresConfig()

    public init() {}

    /// The guide circle in pixels for a frame of this size.
    public func guideCircle(width: Double, height: Double) -> Circle {
        Circle(
            centre: Point2(x: circleCentreX * width, y: circleCentreY * height),
            radius: circleRadius * min(width, height))
    }

    public func focalLength(width: Double, height: Double) -> Double {
        focalLengthPx ?? max(width, height)
    }
}
