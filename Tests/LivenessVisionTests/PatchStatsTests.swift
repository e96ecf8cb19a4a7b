@testable import LivenessVision
import LivenessCore
import XCTest

/// The cut test that makes the tracker confirm a followed face at once (PatchStats), by the
/// configuration's bounds (`TrackingConfig.cutMeanJump`, `cutDeviationRatio`).
final class PatchStatsTests: XCTestCase {
    private let face = PatchStats(mean: 120, deviation: 45)
    private let settings = TrackingConfig()

    func testTheSameFaceMovingIsNoCut() {
        // real_10fps's largest move between two frames: the mean by 32.5, the spread by 1.48 times.
        XCTAssertFalse(PatchStats(mean: 152.5, deviation: 45).isCut(from: face, settings: settings))
        XCTAssertFalse(PatchStats(mean: 120, deviation: 45 * 1.48).isCut(from: face, settings: settings))
        XCTAssertFalse(PatchStats(mean: 120, deviation: 45 / 1.48).isCut(from: face, settings: settings))
    }

    func testABlackFrameOrAFlatSkyIsACut() {
        XCTAssertTrue(PatchStats(mean: 0, deviation: 0).isCut(from: face, settings: settings), "black")
        XCTAssertTrue(PatchStats(mean: 110, deviation: 12).isCut(from: face, settings: settings), "a smooth sky of about the same brightness")
        XCTAssertTrue(face.isCut(from: PatchStats(mean: 0, deviation: 0), settings: settings), "either way")
    }

    func testTheBoundsAreTheConfigurations() {
        var tight = TrackingConfig()
        tight.cutMeanJump = 30
        tight.cutDeviationRatio = 1.4
        XCTAssertTrue(PatchStats(mean: 152.5, deviation: 45).isCut(from: face, settings: tight), "the mean moved by 32.5, over 30")
        XCTAssertTrue(PatchStats(mean: 120, deviation: 45 * 1.48).isCut(from: face, settings: tight), "the spread grew 1.48 times, over 1.4")
        XCTAssertFalse(PatchStats(mean: 145, deviation: 45 * 1.3).isCut(from: face, settings: tight))
    }
}
