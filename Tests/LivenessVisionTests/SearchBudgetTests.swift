import LivenessCore
@testable import LivenessVision
import XCTest

/// A whole-frame search scales the image to at most `SearchImage.maxSearchPixels`, whatever its
/// shape (issue 36 row 13: a 16000x16 frame was searched at 4x, 4 million pixels, 0.22 s a frame).
final class SearchBudgetTests: XCTestCase {
    func testAnOddlyShapedFrameIsNotBlownUp() {
        for (width, height) in [(16000.0, 16.0), (16.0, 16000.0)] {
            let scale = SearchImage.searchScale(wanted: 4, width: width, height: height)
            XCTAssertLessThanOrEqual(width * height * scale * scale, SearchImage.maxSearchPixels * 1.0001, "\(width)x\(height)")
        }
    }

    func testAnOrdinarySearchIsAsWanted() {
        // A 160x120 frame at 1.67x, a 640x480 frame's 267x200 copy at 1, a 640x640 still at 1:
        // as before the budget.
        XCTAssertEqual(SearchImage.searchScale(wanted: 1.6667, width: 160, height: 120), 1.6667)
        XCTAssertEqual(SearchImage.searchScale(wanted: 1, width: 267, height: 200), 1)
        XCTAssertEqual(SearchImage.searchScale(wanted: 1, width: 640, height: 640), 1)
        XCTAssertEqual(SearchImage.searchScale(wanted: 9, width: 40, height: 30), 4, "never past 4x")
    }
}
