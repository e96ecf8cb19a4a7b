import LivenessCore

/// The detectors and where they look, remembering nothing between calls (what was seen when is
/// `FaceTracker`'s). Faces come out as landmark boxes (dlib-style boxes, upright to the head),
/// ready to fit.
///
/// - The whole frame is searched on a small copy by the fast LBP cascade; each proposal is
///   confirmed and boxed by the Haar cascade (dropping LBP's false alarms); or, when the tracker
///   asks for a Haar sweep (no face for a while), by the Haar cascade alone. On the frames in
///   between, while a face was lost lately, Haar looks only around where it was (it holds on to a
///   turned head longer than LBP); on the first frame it is missing, there after the frame's
///   search. Where the frame's search finds nothing, a face too close to fit the frame is looked
///   for past its edges, and then, on a Haar sweep, HOG searches the whole frame.
/// - A followed face is confirmed near where it is by Haar, or by HOG where Haar misses it (eyes
///   closed, a head turned): HOG costs several times Haar, so it runs only then, on a small patch.
/// - A still's faces are every face either the cascades or HOG find (HOG is too slow for every
///   video frame: 20-45 ms for a 640x360 frame on one core of this machine).
///
/// The sizes and shares it searches at are the run's configuration (`SearchConfig`, where each is
/// measured), passed with each call: the report prints what decided them.
final class FaceSearch {
    /// The LBP cascade that proposes faces in whole frames, and the Haar cascade that confirms and
    /// boxes them.
    let lbp: FaceDetector
    let haar: FaceDetector
    /// Made with the other models (dlib builds it from a compressed string: 0.3 s on a quiet
    /// machine). Made on first use instead, it held up that frame by over a second on a loaded one,
    /// and a live session dropped half its frames behind it.
    private let hog: HogDetector

    init(lbp: FaceDetector, haar: FaceDetector, hog: HogDetector) {
        self.lbp = lbp
        self.haar = haar
        self.hog = hog
    }

    /// The face fitted in the landmark box `box`, found again near it: Haar first, HOG where Haar
    /// misses it. Nil when neither finds it.
    func near(_ box: HeadBox, in gray: Image, settings: SearchConfig) throws -> HeadBox? {
        try haarThenHOG(near: box, margin: settings.confirmMargin, haarSizes: settings.confirmSizes, haarFaceWidth: settings.cascadeFaceWidth, in: gray, settings: settings)
    }

    /// How a whole-frame search runs (`FaceTracker.wholeFrameSearch`).
    enum WholeFrame {
        /// The frame itself, by LBP's proposals confirmed by Haar, or by the Haar cascade alone
        /// (`haarSweep`); where that finds nothing, Haar looks around `thenAround` as `around`
        /// does, then a face too close to fit the frame is looked for past its edges, and then, on
        /// a Haar sweep, HOG searches the whole frame.
        case frame(haarSweep: Bool, thenAround: HeadBox?)
        /// Only around where a face was lately (a landmark box), by Haar at `lostFaceWidth`: it
        /// holds on to a turned head longer than LBP.
        case around(HeadBox)
    }

    /// Every face of the frame as landmark boxes (only faces that can be framed while one is
    /// `following`). `small` is filled with the search copy.
    func wholeFrame(_ gray: Image, small: ShrunkImage, following: Bool, how: WholeFrame, settings: SearchConfig) throws -> [HeadBox] {
        let haarSweep: Bool, thenAround: HeadBox?
        switch how {
        case .around(let recentFace):
            return try lookAround(recentFace, in: gray, settings: settings).map { [$0] } ?? []
        case .frame(let sweep, let around):
            (haarSweep, thenAround) = (sweep, around)
        }
        let shortSide = Double(min(gray.width, gray.height))
        let share = following ? settings.framableFaceShare : settings.smallestFaceShare
        let minFace = shortSide * share
        // The copy is sized so the smallest face fills the cascade's 24 px window.
        let copyShortSide = settings.wholeFrameShortSide * settings.smallestFaceShare / share
        let searchImage = try SearchImage(gray, small: small, factor: copyShortSide / shortSide)
        var faces = distinct(haarSweep
            ? try searchImage.detect(haar, minFace: minFace)
            : try searchImage.detect(lbp, minFace: minFace).compactMap { p in
                try haarFace(near: p, margin: settings.proposalMargin, sizes: settings.proposalSizes, in: gray, faceWidth: settings.cascadeFaceWidth)
            })
        if faces.isEmpty, let thenAround, let face = try lookAround(thenAround, in: gray, settings: settings) { return [face] }
        if faces.isEmpty {
            // A face too close to fit the frame (forehead and chin cut off) is found by looking
            // past the edges; only big faces can be cut so, so this search runs on a tiny copy.
            let bigFace = shortSide * settings.bigFaceShare
            faces = distinct(try searchImage.detect(haar, minFace: bigFace, pastEdges: settings.overhang, scale: 24 / bigFace))
        }
        if faces.isEmpty, haarSweep {
            return try hog.detect(in: gray, region: gray.bounds, scale: min(1, settings.hogSweepSide / Double(max(gray.width, gray.height))))
        }
        return faces.map(landmarkBox(fromHaar:))
    }

    /// The face Haar finds around where a face was lately (the landmark box `recentFace`), in a
    /// region a face width beyond it at `lostFaceWidth`; HOG in the same region where Haar misses
    /// it (SPEC §2: a face found at least as reliably as dlib's HOG finds it; a head turned toward
    /// profile, issue 45).
    private func lookAround(_ recentFace: HeadBox, in gray: Image, settings: SearchConfig) throws -> HeadBox? {
        try haarThenHOG(near: recentFace, margin: settings.lostFaceMargin, haarSizes: settings.lostFaceSizes, haarFaceWidth: settings.lostFaceWidth, in: gray, settings: settings)
    }

    /// The face near the landmark box `box`, `margin` face widths around it: Haar's (faces of
    /// `haarSizes` times its side, resized to `haarFaceWidth`), and HOG's where Haar finds none.
    private func haarThenHOG(
        near box: HeadBox, margin: Double, haarSizes: ClosedRange<Double>, haarFaceWidth: Double, in gray: Image, settings: SearchConfig
    ) throws -> HeadBox? {
        if let haar = try haarFace(near: haarBox(fromLandmarkBox: box), margin: margin, sizes: haarSizes, in: gray, faceWidth: haarFaceWidth) {
            return landmarkBox(fromHaar: haar)
        }
        return try hogFace(near: box, margin: margin, sizes: settings.hogConfirmSizes, in: gray, faceWidth: settings.hogFaceWidth)
    }

    /// Every face of a still, as landmark boxes: the cascades' (LBP proposals confirmed by Haar,
    /// or Haar's own search past the edges when LBP finds nothing) together with HOG's; then, where
    /// those found no face, HOG's second looks: on the still equalised (as the cascades see it) and
    /// turned by `stillRolls`.
    func still(_ gray: Image, settings: SearchConfig) throws -> [HeadBox] {
        let larger = Double(max(gray.width, gray.height))
        let factor = min(1, settings.stillSearchSide / larger)
        // The detector shrinks the region itself, by area: slower than the shared copy, but a still
        // is searched once.
        let searchImage = try SearchImage(gray, small: nil, factor: factor)
        // Faces down to 24 px in the copy.
        let minFace = 24 / factor
        var cascades = distinct(try searchImage.detect(lbp, minFace: minFace).compactMap { p in
            try haarFace(near: p, margin: settings.proposalMargin, sizes: settings.proposalSizes, in: gray, faceWidth: settings.cascadeFaceWidth)
        })
        if cascades.isEmpty {
            // Past the edges too, for faces the photo's border cuts.
            cascades = distinct(try searchImage.detect(haar, minFace: minFace, pastEdges: settings.overhang))
        }
        let hogScale = min(1, settings.hogStillSide / larger)
        let upright = oneBoxPerFace(
            cascades: cascades.map(landmarkBox(fromHaar:)), hog: try hog.detect(in: gray, region: gray.bounds, scale: hogScale),
            partOfFace: settings.partOfFace)
        let equalised = Image()
        try gray.equalise(into: equalised)
        let secondLooks = [(image: equalised, roll: 0.0)] + settings.stillRolls.map { (image: gray, roll: $0) }
        return try secondLooks.reduce(upright) { faces, look in
            faces + (try hog.detect(in: look.image, region: gray.bounds, scale: hogScale, roll: look.roll)).filter { found in
                !faces.contains { $0.box.boxesSameFace(as: found.box) }
            }
        }
    }

    /// The Haar face nearest `face`'s centre in a search around it, upright to its tilt: the
    /// region extends `margin` face widths beyond it, for faces of `sizes` times its width, the
    /// face resized to about `faceWidth`.
    private func haarFace(near face: HeadBox, margin: Double, sizes: ClosedRange<Double>, in gray: Image, faceWidth: Double) throws -> HeadBox? {
        let found = try haar.detect(
            in: gray, region: around(face, margin: margin), scale: min(4, faceWidth / face.side),
            minFace: face.side * sizes.lowerBound, maxFace: face.side * sizes.upperBound, roll: face.roll)
        return found.min { $0.centre.distance(to: face.centre) < $1.centre.distance(to: face.centre) }
    }

    /// The HOG face nearest the landmark box `face`'s centre in a search around it, as `haarFace`
    /// looks.
    private func hogFace(near face: HeadBox, margin: Double, sizes: ClosedRange<Double>, in gray: Image, faceWidth: Double) throws -> HeadBox? {
        let found = try hog.detect(in: gray, region: around(face, margin: margin), scale: min(4, faceWidth / face.side), roll: face.roll)
        return found
            .filter { sizes.contains($0.side / face.side) }
            .min { $0.centre.distance(to: face.centre) < $1.centre.distance(to: face.centre) }
    }

    /// The square around `face` that extends `margin` face widths beyond it.
    private func around(_ face: HeadBox, margin: Double) -> FaceBox {
        let side = face.side * (1 + 2 * margin), centre = face.centre
        return FaceBox(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
    }

    /// One box per face of an upright search (see `FaceBox.distinct`).
    private func distinct(_ boxes: [HeadBox]) -> [HeadBox] {
        FaceBox.distinct(boxes.map(\.box)).map { HeadBox($0) }
    }

    /// One landmark box per face from both detectors. Two boxes whose centres lie inside each other
    /// box the same face: the cascades' box is kept (the box mapping was measured on it), unless
    /// the other is `partOfFace` times larger, when the smaller one is a part of the face (an eye
    /// or a mouth taken for a face).
    private func oneBoxPerFace(cascades: [HeadBox], hog: [HeadBox], partOfFace: Double) -> [HeadBox] {
        var kept: [(box: HeadBox, fromCascade: Bool)] = []
        let all = cascades.map { ($0, true) } + hog.map { ($0, false) }
        for (box, fromCascade) in all.sorted(by: { $0.0.side > $1.0.side }) {
            // Sorted by size, so a box overlapping one already kept is the smaller of the two.
            guard let i = kept.firstIndex(where: { $0.box.box.boxesSameFace(as: box.box) }) else {
                kept.append((box, fromCascade))
                continue
            }
            if fromCascade, !kept[i].fromCascade, kept[i].box.side < partOfFace * box.side { kept[i] = (box, true) }
        }
        return kept.map(\.box)
    }
}

/// The image a whole-frame search runs on: the small copy, or the frame itself when it is already
/// small (then the detector enlarges it).
struct SearchImage {
    let gray: Image
    let small: ShrunkImage?
    let factor: Double

    /// Without `small`, or when the frame is already small, the detector resizes the frame itself.
    init(_ gray: Image, small: ShrunkImage?, factor: Double) throws {
        self.gray = gray
        self.factor = factor
        if factor < 1, let small {
            try small.update(from: gray, factor: factor, area: true)
            self.small = small
        } else {
            self.small = nil
        }
    }

    /// Upright faces of at least `minFace` frame pixels as frame boxes, searched in the whole
    /// image, or also `pastEdges` of its size beyond each edge, optionally on a copy shrunk
    /// further by `scale` (frame pixels to searched pixels).
    func detect(_ cascade: FaceDetector, minFace: Double, pastEdges: Double = 0, scale: Double? = nil) throws -> [HeadBox] {
        let image = small?.image ?? gray
        let w = Double(image.width), h = Double(image.height)
        let region = FaceBox(x: -w * pastEdges, y: -h * pastEdges, width: w * (1 + 2 * pastEdges), height: h * (1 + 2 * pastEdges))
        let k = small?.factor ?? 1
        let searchScale = Self.searchScale(wanted: (scale ?? factor) / k, width: w, height: h)
        let found = try cascade.detect(in: image, region: region, scale: searchScale, minFace: minFace * k, maxFace: 0)
        guard let small else { return found }
        return found.map { HeadBox(small.full($0.box)) }
    }

    /// The most pixels of the image one search may scale it to (the margin past its edges aside):
    /// a 640x640 still's, the largest an ordinary search reaches (a stream's copy is about 270x200).
    /// A frame of an odd shape (16000x16) would be blown up to millions of pixels for faces it
    /// cannot hold.
    static let maxSearchPixels = 640.0 * 640

    /// The scale to search a `width` x `height` image at: as `wanted`, at most 4x, and within
    /// `maxSearchPixels`.
    static func searchScale(wanted: Double, width: Double, height: Double) -> Double {
        min(4, wanted, (maxSearchPixels / max(width * height, 1)).squareRoot())
    }
}
