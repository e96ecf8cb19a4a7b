@testable import LivenessVision
import XCTest

/// The cut test that makes the tracker confirm a followed face at once (PatchStats).
final class PatchStatsTests: XCTestCase {
    private let face = PatchStats(mean: 120, deviation: 45)

    func testTheSameFaceMovingIsNoCut() {
        // real_10fps's largest move between two frames: the mean by 32.5, the spread by 1.48 times.
        XCTAssertFalse(PatchStats(mean: 152.5, deviation: 45).isCut(from: face))
        XCTAssertFalse(PatchStats(mean: 120, deviation: 45 * 1.48).isCut(from: face))
        XCTAssertFalse(PatchStats(mean: 120, deviation: 45 / 1.48).isCut(from: face))
    }

    func testABlackFrameOrAFlatSkyIsACut() {
        XCTAssertTrue(PatchStats(mean: 0, deviation: 0).isCut(from: face), "black")
        XCTAssertTrue(PatchStats(mean: 110, deviation: 12).isCut(from: face), "a smooth sky of about the same brightness")
        XCTAssertTrue(face.isCut(from: PatchStats(mean: 0, deviation: 0)), "either way")
    }
}
