import Foundation
import LivenessCore
import LivenessData

/// The still-image metrics of Benchmarks/README.md: eye state, yaw and landmarks on the labelled
/// sets in the data root. A labelled face the engine does not find is a wrong eye state and a
/// wrong turn decision: it stays in the denominator of those accuracies. Errors that need a
/// reading (MAE, slope, NME) are over the faces found, each with its `*.found` share; the
/// `...Found...` accuracies say how the found faces alone fare.
public enum StillMetrics {
    /// Eye state on helen_afw_300w_68pt_eyestate. A still has no history, so closure is judged
    /// against the fallback open eye (`openEyeFallback`); "closed" is closure at or above
    /// `blinkClosure`, the engine's blink rule.
    public static func eyeState(root: String, faces: StillFaces, config: LivenessConfig) throws -> [Metric] {
        let labelled = try LabelledFaces.eyeState(root: root)
        var closed: [Double] = [], open: [Double] = [], correct = 0
        for label in labelled {
            guard let face = try faces.measurement(of: label.points, in: label.imagePath) else { continue }
            let closure = stillEyeClosure(face.lids, config: config)
            let isClosed = label.eyeState == "closed"
            if isClosed { closed.append(closure) } else { open.append(closure) }
            if (closure >= config.blinkClosure) == isClosed { correct += 1 }
        }
        let found = closed.count + open.count
        let rule = "closure >= \(fmt(config.blinkClosure, 2)) vs the label"
        return [
            Metric("eyeState.found", share(found, of: labelled.count), count: labelled.count, note: "labelled faces the engine found"),
            Metric("eyeState.accuracy", share(correct, of: labelled.count), count: labelled.count, note: "\(rule); a face not found is wrong"),
            Metric("eyeState.foundAccuracy", share(correct, of: found), count: found, note: "\(rule), found faces only"),
            Metric("eyeState.auc", closed.isEmpty || open.isEmpty ? .nan : rocArea(positives: closed, negatives: open), count: found, note: "ROC AUC of closure, closed = positive"),
        ]
    }

    /// Labels within this band of |yaw| sit within the labels' own noise of the 7.5-degree turn:
    /// the clear turn decisions leave them out.
    public static let labelNoiseBand = 5.5...9.5

    /// The |yaw| bands the error is reported by (the 20-30 band includes 30, as `maeWithin30` does).
    static let bands: [(name: String, note: String, contains: (Double) -> Bool)] = [
        ("under10", "under 10", { $0 < 10 }), ("10to20", "10 to under 20", { $0 >= 10 && $0 < 20 }),
        ("20to30", "20 to 30", { $0 >= 20 && $0 <= 30 }), ("over30", "over 30", { $0 > 30 }),
    ]

    /// Yaw on aflw2000_3d_subset (rows within the usual 99-degree protocol; the label's sign is
    /// flipped to SPEC's). `faces` must measure with the labels' camera
    /// (`StillFaces.labelCameraFocalPerSide`).
    /// The turn decision is |yaw| >= `turnDegrees` from frontal, engine against label.
    public static func yaw(root: String, faces: StillFaces, config: LivenessConfig) throws -> [Metric] {
        let labelled = try PoseLabels.withinProtocol(root: root)
        var pairs: [(label: Double, ours: Double?)] = []
        for label in labelled {
            pairs.append((label.specYaw, try faces.measurement(of: label.points, in: label.imagePath)?.yaw))
        }
        let found = pairs.compactMap { pair in pair.ours.map { (label: pair.label, ours: $0) } }
        let within30 = found.filter { abs($0.label) <= 30 }
        func isTurn(_ yaw: Double) -> Bool { abs(yaw) >= config.turnDegrees }
        func decided(_ pair: (label: Double, ours: Double?)) -> Bool { pair.ours.map { isTurn($0) == isTurn(pair.label) } ?? false }
        let clear = pairs.filter { !labelNoiseBand.contains(abs($0.label)) }
        let clearFound = clear.filter { $0.ours != nil }

        var metrics = [
            Metric("yaw.found", share(found.count, of: labelled.count), count: labelled.count, note: "labelled faces the engine found"),
            Metric("yaw.maeWithin30", within30.map { abs($0.ours - $0.label) }.mean, count: within30.count, note: "degrees, |label| <= 30, found faces"),
            Metric("yaw.slopeWithin30", leastSquaresSlope(x: within30.map(\.label), y: within30.map(\.ours)), count: within30.count,
                   note: "least-squares slope of ours on the label, |label| <= 30 (1 = no compression)"),
            Metric("yaw.maeAll", found.map { abs($0.ours - $0.label) }.mean, count: found.count, note: "degrees, every found face"),
        ]
        for band in bands {
            let inBand = pairs.filter { band.contains(abs($0.label)) }
            let errors = inBand.compactMap { pair in pair.ours.map { abs($0 - pair.label) } }
            metrics.append(Metric("yaw.mae.\(band.name)", errors.mean, count: errors.count,
                                  note: "degrees, |label| \(band.note); found \(errors.count) of \(inBand.count)"))
        }
        let rule = "|yaw| >= \(fmt(config.turnDegrees, 1)) agrees with the label"
        let band = "\(fmt(labelNoiseBand.lowerBound, 1))-\(fmt(labelNoiseBand.upperBound, 1))"
        metrics += [
            Metric("yaw.turnDecisionAccuracy", share(pairs.filter(decided).count, of: pairs.count), count: pairs.count,
                   note: "\(rule); a face not found is wrong"),
            Metric("yaw.clearTurnDecisionAccuracy", share(clear.filter(decided).count, of: clear.count), count: clear.count,
                   note: "\(rule), labels outside \(band); a face not found is wrong"),
            Metric("yaw.clearTurnDecisionFoundAccuracy", share(clearFound.filter(decided).count, of: clearFound.count), count: clearFound.count,
                   note: "\(rule), labels outside \(band), found faces only"),
        ]
        return metrics
    }

    /// 68-point error against the human-labelled sets (dlib_faces_landmarks is left out: its points
    /// are dlib's own output).
    /// dlib's 68-point model was trained on 300-W's training images (AFW, HELEN's and LFPW's
    /// training sets, and the 300W-LP faces made from them); the other labelled faces are new to it.
    static func isInDlibsTraining(_ name: String) -> Bool {
        ["/afw/", "/trainset/", "/300wlp/"].contains { name.contains($0) }
    }

    public static func landmarks(root: String, faces: StillFaces) throws -> [Metric] {
        let labelled = try LabelledFaces.all(root: root)
        var errors: [Double] = []
        var heldOut: [Double] = []
        for label in labelled {
            guard let face = try faces.measurement(of: label.points, in: label.imagePath) else { continue }
            let error = normalisedMeanError(face.landmarks, label: label.points)
            errors.append(error)
            if !isInDlibsTraining(label.name) { heldOut.append(error) }
        }
        return [
            Metric("landmarks.found", share(errors.count, of: labelled.count), count: labelled.count, note: "labelled faces the engine found"),
            Metric("landmarks.nmeMedian", errors.median, count: errors.count, note: "mean error / outer-eye-corner distance"),
            Metric("landmarks.nmeMean", errors.mean, count: errors.count, note: "mean error / outer-eye-corner distance"),
            Metric("landmarks.nmeMax", errors.max() ?? .nan, count: errors.count, note: "the worst fit"),
            Metric("landmarks.nmeMedianHeldOut", heldOut.median, count: heldOut.count, note: "faces dlib's model was not trained on"),
        ]
    }
}
