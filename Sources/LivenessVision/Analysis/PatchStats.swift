import LivenessCore

/// The gray levels inside a followed face's box: their mean and spread. A fit in a predicted box
/// finds "points" on whatever the box holds, so a cut to another scene (a black frame, a sky) was
/// followed as the face until the next confirmation (face_noface.mov frames 72-73). The face's
/// own patch changes little from one frame to the next, a cut changes it at once.
struct PatchStats: Equatable {
    var mean: Double
    var deviation: Double

    /// Whether going from `previous` to this is a cut rather than the same face moving: the mean
    /// moved by more than `settings.cutMeanJump` gray levels, or the spread changed by more than
    /// `settings.cutDeviationRatio` times either way (where they were measured: `TrackingConfig`).
    func isCut(from previous: PatchStats, settings: TrackingConfig) -> Bool {
        if abs(mean - previous.mean) > settings.cutMeanJump { return true }
        let low = min(deviation, previous.deviation), high = max(deviation, previous.deviation)
        return high > settings.cutDeviationRatio * max(low, 1)
    }
}
