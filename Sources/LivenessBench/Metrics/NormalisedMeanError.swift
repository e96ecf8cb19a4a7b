import LivenessCore

/// The 300-W landmark error: the mean point-to-point distance between fitted and labelled points,
/// divided by the label's inter-ocular distance (outer eye corners 36 and 45).
public func normalisedMeanError(_ fitted: [Point2], label: [Point2]) -> Double {
    precondition(fitted.count == label.count && !label.isEmpty, "point lists must match")
    let interOcular = Landmarks68.eyeDistance(label)
    let total = zip(fitted, label).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    return total / Double(label.count) / interOcular
}
