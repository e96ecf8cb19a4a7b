@testable import LivenessCore
import XCTest

/// SPEC §3 step 4's grace, the rule alone (`GraceWatch`): lost after more than half a second out,
/// timed from the first frame out.
final class GraceWatchTests: XCTestCase {
    func testHalfASecondOutIsNotLostAndMoreIs() {
        var grace = GraceWatch(config: LivenessConfig())
        XCTAssertNil(grace.observe(inCircle: false, at: 1000))
        XCTAssertNil(grace.observe(inCircle: false, at: 1500), "exactly the grace is not more than it")
        XCTAssertEqual(grace.observe(inCircle: false, at: 1501), .lost)
        XCTAssertNil(grace.observe(inCircle: false, at: 1600), "lost once, not on every frame")
        XCTAssertTrue(grace.isLost)
        XCTAssertEqual(grace.observe(inCircle: true, at: 1700), .back)
        XCTAssertFalse(grace.isLost)
    }

    func testAShortExcursionIsForgottenWhenTheFaceReturns() {
        var grace = GraceWatch(config: LivenessConfig())
        XCTAssertNil(grace.observe(inCircle: false, at: 1000))
        XCTAssertNil(grace.observe(inCircle: true, at: 1400), "back within the grace: nothing to say")
        XCTAssertNil(grace.observe(inCircle: false, at: 1450))
        XCTAssertNil(grace.observe(inCircle: false, at: 1900), "the new excursion is timed from 1450")
        XCTAssertEqual(grace.observe(inCircle: false, at: 1951), .lost)
    }
}
