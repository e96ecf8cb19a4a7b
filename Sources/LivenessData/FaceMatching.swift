import LivenessCore

/// Which detection is the labelled face, nil when none is. With `extent` the larger side of the
/// labelled points' bounding box, a detection is the face when its box centre lies within a
/// quarter extent of the label's centroid (so the box contains the centroid) and its width is
/// 0.6 to 1.6 extents, the scale of a face box; the nearest such box wins.
/// The scale test matters: where a face fills the photo, small false detections on a cheek or an
/// eye contain the centroid too, and scoring their fits would count detector mistakes as
/// landmark errors (they score 0.6-0.9 of the eye distance); those faces count as missed instead.
public func matchDetection(to label: [Point2], among boxes: [FaceBox]) -> Int? {
    let centroid = Point2.centroid(label)
    let xs = label.map(\.x), ys = label.map(\.y)
    let extent = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
    return boxes.indices
        .filter { i in
            boxes[i].centre.distance(to: centroid) <= 0.25 * extent && (0.6...1.6).contains(boxes[i].width / extent)
        }
        .min { boxes[$0].centre.distance(to: centroid) < boxes[$1].centre.distance(to: centroid) }
}
