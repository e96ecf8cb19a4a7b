@testable import LivenessLive
import LivenessVision
import XCTest

/// The final screen's lines (one per action, why it was not credited) fit the window.
final class FinalScreenTests: XCTestCase {
    func testALongLineIsWrappedAtSpacesToTheFramesWidth() throws {
        let canvas = Canvas(image: try Image.blank(width: 640, height: 480, colour: Colour(0, 0, 0)), mirrored: false)
        let line = "blink: seen at 0.77 s (frame 23, closure 0.44), not counted: face out of the circle; lids down and back up by 0.006 eye widths, needs 0.065 each way"
        let width = 600.0
        let lines = canvas.wrapped(line, scale: OverlayStyle.debugScale, width: width)
        XCTAssertGreaterThan(lines.count, 1, "too long for one line at 600 px")
        XCTAssertEqual(lines.joined(separator: " "), line, "nothing lost, broken only at spaces")
        for piece in lines {
            XCTAssertLessThanOrEqual(canvas.textSize(piece, scale: OverlayStyle.debugScale).width, width, piece)
        }
        XCTAssertEqual(canvas.wrapped("turnHead: at 2.50 s", scale: OverlayStyle.debugScale, width: width), ["turnHead: at 2.50 s"])
    }
}
