import Foundation
import LivenessCore

/// A square face box upright to the head: `box` turned by `roll` degrees about its centre, where
/// `roll` is the head's tilt (the angle of its eye line in the image; 0 = axis-aligned). The shim
/// searches such boxes on a copy turned upright, and fits them through the turned box, since the
/// detectors and dlib's model only know upright faces.
struct HeadBox {
    var box: FaceBox
    var roll: Double

    init(_ box: FaceBox, roll: Double = 0) {
        self.box = box
        self.roll = roll
    }

    init(centre: Point2, side: Double, roll: Double) {
        self.init(FaceBox(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side), roll: roll)
    }

    var centre: Point2 { box.centre }
    var side: Double { box.width }

    /// The smallest axis-aligned box that holds it.
    var bounds: FaceBox {
        let r = roll * .pi / 180
        let grown = side * (abs(cos(r)) + abs(sin(r)))
        return FaceBox(x: centre.x - grown / 2, y: centre.y - grown / 2, width: grown, height: grown)
    }

    /// An image point in the head's own axes, from the box centre (x along the eye line, y down the face).
    func headOffset(of p: Point2) -> Point2 { (p - centre).rotated(degrees: -roll) }

    /// The image point at `offset` in the head's own axes from the box centre.
    func imagePoint(atHeadOffset offset: Point2) -> Point2 { centre + offset.rotated(degrees: roll) }
}

/// dlib's predictor was trained on its own detector's boxes, which sit lower and tighter than a
/// Haar box. Measured on this stack: a square of 0.94 x the Haar width, its centre moved down by
/// 0.059 x the Haar height, fits with a median error of about 0.015 of the eye distance.
let landmarkBoxWidthShare = 0.94
let landmarkBoxDrop = 0.059

/// "Down" is down the face, so a tilted head's box moves along its own axis.
func landmarkBox(fromHaar haar: HeadBox) -> HeadBox {
    HeadBox(centre: haar.imagePoint(atHeadOffset: Point2(x: 0, y: haar.side * landmarkBoxDrop)),
            side: haar.side * landmarkBoxWidthShare, roll: haar.roll)
}

/// The Haar box a landmark box would have come from (Haar boxes are square).
func haarBox(fromLandmarkBox box: HeadBox) -> HeadBox {
    let side = box.side / landmarkBoxWidthShare
    return HeadBox(centre: box.imagePoint(atHeadOffset: Point2(x: 0, y: -side * landmarkBoxDrop)), side: side, roll: box.roll)
}

/// A shifted box can make the predictor collapse the points into a small or misplaced shape.
/// A sane fit has its outer eye corners 25-90 % of the box side apart and its centre in the box.
func isPlausibleFit(_ points: [Point2], in box: HeadBox) -> Bool {
    let eyeDistance = Landmarks68.eyeDistance(points)
    let centre = box.headOffset(of: Point2.centroid(points))
    return eyeDistance >= 0.25 * box.side && eyeDistance <= 0.9 * box.side
        && abs(centre.x) <= box.side / 2 && abs(centre.y) <= box.side / 2
}
