import Foundation
import LivenessCore

/// The still-image metrics of Benchmarks/README.md: eye state, yaw and landmarks on the labelled
/// sets in the data root.
public enum StillMetrics {
    /// Eye state on helen_afw_300w_68pt_eyestate. A still has no history, so closure is judged
    /// against the fallback open-eye baseline (`openEARFallback`, 0.30); "closed" is closure at or
    /// above `blinkClosure`, the engine's blink rule.
    public static func eyeState(root: String, faces: StillFaces, config: LivenessConfig) throws -> [Metric] {
        let labelled = try LabelledFaces.eyeState(root: root)
        var closed: [Double] = [], open: [Double] = [], correct = 0
        for label in labelled {
            guard let face = try faces.measurement(of: label.points, in: label.imagePath) else { continue }
            let closure = eyeClosure(ear: face.ear, openEAR: config.openEARFallback)
            let isClosed = label.eyeState == "closed"
            if isClosed { closed.append(closure) } else { open.append(closure) }
            if (closure >= config.blinkClosure) == isClosed { correct += 1 }
        }
        let found = closed.count + open.count
        return [
            Metric("eyeState.found", share(found, of: labelled.count), count: labelled.count, note: "labelled faces the engine found"),
            Metric("eyeState.accuracy", share(correct, of: found), count: found, note: "closure >= \(fmt(config.blinkClosure, 2)) vs the label"),
            Metric("eyeState.auc", closed.isEmpty || open.isEmpty ? .nan : rocArea(positives: closed, negatives: open), count: found, note: "ROC AUC of closure, closed = positive"),
        ]
    }

    /// Yaw on aflw2000_3d_subset (rows within the usual 99-degree protocol; the label's sign is
    /// flipped to SPEC's). The turn decision is |yaw| >= `turnDegrees` from frontal, engine vs label.
    public static func yaw(root: String, faces: StillFaces, config: LivenessConfig) throws -> [Metric] {
        let labelled = try PoseLabels.withinProtocol(root: root)
        var within30: [Double] = [], all: [Double] = [], decisions: [Bool] = []
        for label in labelled {
            guard let face = try faces.measurement(of: label.points, in: label.imagePath) else { continue }
            let error = abs(face.yaw - label.specYaw)
            all.append(error)
            if abs(label.specYaw) <= 30 { within30.append(error) }
            decisions.append((abs(face.yaw) >= config.turnDegrees) == (abs(label.specYaw) >= config.turnDegrees))
        }
        return [
            Metric("yaw.found", share(all.count, of: labelled.count), count: labelled.count, note: "labelled faces the engine found"),
            Metric("yaw.maeWithin30", within30.mean, count: within30.count, note: "degrees, |label| <= 30"),
            Metric("yaw.maeAll", all.mean, count: all.count, note: "degrees, every found face"),
            Metric("yaw.turnDecisionAccuracy", share(decisions.filter { $0 }.count, of: decisions.count), count: decisions.count,
                   note: "|yaw| >= \(fmt(config.turnDegrees, 1)) agrees with the label"),
        ]
    }

    /// 68-point error against the human-labelled sets (dlib_faces_landmarks is left out: its points
    /// are dlib's own output).
    public static func landmarks(root: String, faces: StillFaces) throws -> [Metric] {
        let labelled = try LabelledFaces.all(root: root)
        var errors: [Double] = []
        for label in labelled {
            guard let face = try faces.measurement(of: label.points, in: label.imagePath) else { continue }
            errors.append(normalisedMeanError(face.landmarks, label: label.points))
        }
        return [
            Metric("landmarks.found", share(errors.count, of: labelled.count), count: labelled.count, note: "labelled faces the engine found"),
            Metric("landmarks.nmeMedian", errors.median, count: errors.count, note: "mean error / outer-eye-corner distance"),
            Metric("landmarks.nmeMean", errors.mean, count: errors.count, note: "mean error / outer-eye-corner distance"),
        ]
    }
}
