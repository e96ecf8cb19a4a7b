import LivenessCore
@testable import LivenessVision
import XCTest

/// A whole-frame search scans at most `SearchImage.maxSearchPixels`, whatever the frame's shape
/// (issue 36 row 13: a 16000x16 frame was searched at 4x, 4 million pixels, 0.25 s a frame).
final class SearchBudgetTests: XCTestCase {
    func testAnOddlyShapedFrameIsNotBlownUp() {
        let wide = FaceBox(x: 0, y: 0, width: 16000, height: 16)
        let scale = SearchImage.searchScale(wanted: 4, region: wide)
        XCTAssertLessThanOrEqual(wide.width * wide.height * scale * scale, SearchImage.maxSearchPixels * 1.0001)
        // Past the edges too (a quarter of each side more).
        let overhanging = FaceBox(x: -4000, y: -4, width: 24000, height: 24)
        let over = SearchImage.searchScale(wanted: 2.7, region: overhanging)
        XCTAssertLessThanOrEqual(overhanging.width * overhanging.height * over * over, SearchImage.maxSearchPixels * 1.0001)
    }

    func testAnOrdinaryFramesSearchIsAsWanted() {
        // A 160x120 frame is searched at 1.67x and a 640x480 frame's 267x200 copy at 1: both as before.
        XCTAssertEqual(SearchImage.searchScale(wanted: 1.6667, region: FaceBox(x: 0, y: 0, width: 160, height: 120)), 1.6667)
        XCTAssertEqual(SearchImage.searchScale(wanted: 1, region: FaceBox(x: 0, y: 0, width: 267, height: 200)), 1)
        XCTAssertEqual(SearchImage.searchScale(wanted: 9, region: FaceBox(x: 0, y: 0, width: 40, height: 30)), 4, "never past 4x")
    }
}
