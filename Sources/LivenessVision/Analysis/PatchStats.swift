/// The gray levels inside a followed face's box: their mean and spread. A fit in a predicted box
/// finds "points" on whatever the box holds, so a cut to another scene (a black frame, a sky) was
/// followed as the face until the next confirmation (face_noface.mov frames 72-73). The face's
/// own patch changes little from one frame to the next, a cut changes it at once.
struct PatchStats: Equatable {
    var mean: Double
    var deviation: Double

    /// How far the mean may move between two frames, in gray levels, and how far the spread may
    /// change, as a ratio either way. Measured on the followed faces of the shared clips (real.mov
    /// laughing and turning into profile, its 10 fps copy, single_face, grid, the openwillis clips,
    /// camera_moves, closed_eye_photo): the mean moved by at most 32.5 (real_10fps, a fast turn
    /// between two frames 100 ms apart), the spread by at most 1.48 times; face_noface.mov's cut
    /// to black moves them by 124 and 45 times, face_swap's cut to another man by 103.
    static let meanJump = 50.0
    static let deviationRatio = 2.5

    /// Whether going from `previous` to this is a cut rather than the same face moving.
    func isCut(from previous: PatchStats) -> Bool {
        if abs(mean - previous.mean) > Self.meanJump { return true }
        let low = min(deviation, previous.deviation), high = max(deviation, previous.deviation)
        return high > Self.deviationRatio * max(low, 1)
    }
}
