/// Where and at what sizes the detectors look for faces (`FaceSearch` in the vision layer): the
/// copies a frame or a still is searched on, the smallest faces sought, the width a face is
/// resized to for each detector. They decide which faces are found, so the report prints them.
/// Not here: the most pixels a search may scale an image to (`SearchImage.maxSearchPixels`), a
/// bound on the cost of a frame of an odd shape, kept out of reach of a configuration as the
/// other input limits are.
public struct SearchConfig: Equatable, Sendable {
    /// Whole-frame searches run on a copy whose shorter side is this many pixels, for faces down to
    /// `smallestFaceShare` of it: small enough to tell the user to come closer.
    public var wholeFrameShortSide = 200.0
    public var smallestFaceShare = 0.12
    /// While a face is followed, the once-a-second search for other faces looks for faces down to
    /// this share of the shorter side, on a copy sized for it (133 px): a face smaller than that
    /// can never be framed (its ellipse is under `tooFarHeightFraction` of the circle), so it is
    /// neither chosen over the followed face nor counted. The LBP cascade's cost grows with the
    /// pixels and the scales searched: this search costs about a third of the full one.
    public var framableFaceShare = 0.18
    /// How far past each edge the search for a face too close to fit looks, as a share of the
    /// frame, and the smallest such face, as a share of the frame's shorter side.
    public var overhang = 0.25
    public var bigFaceShare = 0.55
    /// Confirming cascade searches resize the face to about this width (the cascade's window is 24 px).
    public var cascadeFaceWidth = 36.0
    /// The search around a lost face resizes it to this width: a head coming back from profile is
    /// found at 48 px and missed at 36 (real.mov frame 177).
    public var lostFaceWidth = 48.0
    /// HOG searches around a face resize it to about this width (dlib's window is 80 px and its
    /// boxes are a little smaller than the faces).
    public var hogFaceWidth = 100.0
    /// A Haar sweep (`TrackingConfig.haarSweepIntervalMs`) that finds no face is followed by HOG on
    /// the whole frame, on a copy whose larger side is at most this (faces from 80 px of it): HOG
    /// finds faces both cascades miss, such as arnochan_rppg's frontal face, backlit, behind
    /// glasses (issue 45). It costs several Haar sweeps, so it runs only on a sweep's frames.
    public var hogSweepSide = 640.0
    /// Stills are searched by the cascades on a copy whose larger side is at most this, and by
    /// HOG at full size up to `hogStillSide` (faces from 80 px).
    public var stillSearchSide = 640.0
    public var hogStillSide = 2000.0
    /// A still has no tracked roll to turn a tilted head upright by (a stream's tracker has), so HOG
    /// also searches it turned by these, degrees: HELEN 2212956363, a yawning head tilted about
    /// 20°, is found only so. At ±30° it would also box an ear and a dog's face on the 181 labelled
    /// stills of ../shared/data. On the still equalised HOG finds three dim or flat-lit faces it
    /// misses as they are, and no false one there (Benchmarks/RESULTS.md, "Stills turned ±20°,
    /// and equalised").
    public var stillRolls: [Double] = [-20, 20]
    /// Where a face is looked for around a box: the region reaches `...Margin` face widths past
    /// the box, for faces of `...Sizes` times its side. Confirming a followed face: Haar
    /// (`confirmSizes`), then HOG where Haar misses it (`hogConfirmSizes`; its boxes run a little
    /// smaller than the cascades'). Boxing an LBP proposal by Haar: its boxes are tighter than
    /// Haar's, so the face is as large or larger. Looking for a lost face where it was: it may have
    /// moved a face width, and come closer or gone back.
    public var confirmMargin = 0.25
    public var confirmSizes = 0.7...1.45
    public var hogConfirmSizes = 0.6...1.6
    public var proposalMargin = 0.6
    public var proposalSizes = 1.0...2.2
    public var lostFaceMargin = 1.0
    public var lostFaceSizes = 0.6...1.6
    /// A box inside a box this many times its side is a part of that face (an eye or a mouth
    /// taken for a face), not the same face boxed again.
    public var partOfFace = 1.5

    public init() {}

    /// Widths are at least the detector's window (24 px for the cascades, 80 for HOG): a face
    /// resized smaller could never be found.
    static let fields: [ConfigField<SearchConfig>] = [
        .number("wholeFrameShortSide", \.wholeFrameShortSide, 24...2160),
        .number("smallestFaceShare", \.smallestFaceShare, 0.01...1),
        .number("framableFaceShare", \.framableFaceShare, 0.01...1),
        .number("overhang", \.overhang, 0...1),
        .number("bigFaceShare", \.bigFaceShare, 0.01...1),
        .number("cascadeFaceWidth", \.cascadeFaceWidth, 24...1000),
        .number("lostFaceWidth", \.lostFaceWidth, 24...1000),
        .number("hogFaceWidth", \.hogFaceWidth, 80...1000),
        .number("hogSweepSide", \.hogSweepSide, 80...10_000),
        .number("stillSearchSide", \.stillSearchSide, 24...10_000),
        .number("hogStillSide", \.hogStillSide, 80...10_000),
        .numbers("stillRolls", \.stillRolls, -180...180, length: 0...8),
        .number("confirmMargin", \.confirmMargin, 0...10),
        .range("confirmSizes", \.confirmSizes, 0.1...10),
        .range("hogConfirmSizes", \.hogConfirmSizes, 0.1...10),
        .number("proposalMargin", \.proposalMargin, 0...10),
        .range("proposalSizes", \.proposalSizes, 0.1...10),
        .number("lostFaceMargin", \.lostFaceMargin, 0...10),
        .range("lostFaceSizes", \.lostFaceSizes, 0.1...10),
        .number("partOfFace", \.partOfFace, 1...100),
    ]
}
