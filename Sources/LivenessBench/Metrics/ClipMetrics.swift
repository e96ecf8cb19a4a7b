import LivenessCore
import LivenessData

/// The clip metrics of Benchmarks/README.md from the clips' verdicts.
public enum ClipMetrics {
    public static func compute(_ verdicts: [ClipVerdict]) -> [Metric] {
        var metrics: [Metric] = []
        func rate(_ name: String, _ flags: [Bool], note: String) {
            guard !flags.isEmpty else { return }
            metrics.append(Metric(name, share(flags.filter { $0 }.count, of: flags.count), count: flags.count, note: note))
        }
        // An attack of a kind is judged by attacks.apcer.<kind> alone: its credits are a picture's.
        let judged = verdicts.filter { $0.presentation.attackKind == nil }
        rate("clips.outcomeAccuracy", judged.compactMap(\.outcomeOK), note: "clips with the expected outcome")
        for (action, check, expected, actions, eyeChecked) in [
            ("blink", judged.map(\.blink), judged.map(\.blinkExpected), judged.map(\.blinkActions), judged.map(\.eyeCheckedBlinkActions)),
            ("turn", judged.map(\.turn), judged.map(\.turnExpected), judged.map(\.turnActions), judged.map(\.eyeCheckedTurnActions)),
        ] {
            let hits = check.filter { $0 == .hit }.count, alarms = check.filter { $0 == .falseAlarm }.count
            rate("clips.\(action)Precision", Array(repeating: true, count: hits) + Array(repeating: false, count: alarms),
                 note: "credits inside a labelled \(action)")
            rate("clips.\(action)Recall", zip(check, expected).filter { $0.1 }.map { $0.0 == .hit },
                 note: "clips with a labelled \(action) in the scan that credited it")
            func recall(_ name: String, _ counts: [ActionRecall], note: String) {
                let total = counts.reduce(ActionRecall(), +)
                rate(name, Array(repeating: true, count: total.found) + Array(repeating: false, count: total.labelled - total.found), note: note)
            }
            recall("clips.\(action)ActionRecall", actions, note: "labelled \(action)s in the scan with a frame that could credit one")
            recall("clips.eyeChecked\(action.capitalized)ActionRecall", eyeChecked, note: "the same, of the eye-checked \(action)s alone")
        }
        rate("clips.promptsShown", verdicts.compactMap(\.promptsOK), note: "expected prompts, then the autoshot once framed")
        rate("clips.sameDecisions", verdicts.compactMap(\.sameDecisionsOK), note: "re-timed/rotated copies agreeing with their source")
        rate("clips.sameFaceAccuracy", verdicts.map(\.faceChangedOK), note: "faceChanged on face swaps only")
        let frames = verdicts.map(\.frames).reduce(0, +)
        metrics.append(Metric("clips.faceFrameShare", share(verdicts.map(\.framesWithFace).reduce(0, +), of: frames), count: frames, note: "frames with a face"))
        let searched = verdicts.filter { $0.hogOnlyMs != nil }
        if !searched.isEmpty {
            metrics.append(Metric(
                "clips.hogOnlyFrames", Double(searched.compactMap(\.hogOnlyMs?.count).reduce(0, +)),
                count: searched.map { $0.frames - $0.framesWithFace }.reduce(0, +), note: "frames without a face that dlib's HOG finds one on"))
        }
        let autoshots = verdicts.compactMap(\.autoshotMs)
        if !autoshots.isEmpty {
            metrics.append(Metric("clips.meanAutoshotMs", autoshots.mean, count: autoshots.count, note: "ms from the first frame"))
        }
        return metrics + AttackMetrics.compute(verdicts.map(\.presentation))
    }
}
