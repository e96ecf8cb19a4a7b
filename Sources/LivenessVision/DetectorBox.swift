import LivenessCore

/// dlib's predictor was trained on its own detector's boxes, which sit lower and tighter than a
/// Haar box. Measured on this stack: a square of 0.94 x the Haar width, its centre moved down by
/// 0.059 x the Haar height, fits with a median error of about 0.015 of the eye distance.
let landmarkBoxWidthShare = 0.94
let landmarkBoxDrop = 0.059

func landmarkBox(fromHaar box: FaceBox) -> FaceBox {
    let side = box.width * landmarkBoxWidthShare
    let centre = Point2(x: box.centre.x, y: box.centre.y + box.height * landmarkBoxDrop)
    return FaceBox(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
}

/// The Haar box a landmark box would have come from (Haar boxes are square).
func haarBox(fromLandmarkBox box: FaceBox) -> FaceBox {
    let side = box.width / landmarkBoxWidthShare
    let centre = Point2(x: box.centre.x, y: box.centre.y - side * landmarkBoxDrop)
    return FaceBox(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
}

/// A shifted box can make the predictor collapse the points into a small or misplaced shape.
/// A sane fit has its outer eye corners 25-90 % of the box side apart and its centre in the box.
func isPlausibleFit(_ points: [Point2], in box: FaceBox) -> Bool {
    let eyeDistance = points[Landmarks68.rightEyeOuterCorner].distance(to: points[Landmarks68.leftEyeOuterCorner])
    let centre = Point2.centroid(points)
    return eyeDistance >= 0.25 * box.width && eyeDistance <= 0.9 * box.width
        && centre.x >= box.x && centre.x <= box.x + box.width
        && centre.y >= box.y && centre.y <= box.y + box.height
}
