import LivenessCore
import XCTest

/// Where the eyes' pixels are sampled for a blink's cut (SPEC §6, `EyeRegions`).
final class EyeRegionsTests: XCTestCase {
    /// 68 points with the right eye's corners at (100, 200) and (140, 200), the left's at (200, 210)
    /// and (220, 210), each eye's lids 4 px above and below its corner line.
    func points() -> [Point2] {
        var p = [Point2](repeating: Point2(x: 0, y: 0), count: 68)
        func eye(_ first: Int, _ x0: Double, _ x1: Double, _ y: Double) {
            let w = x1 - x0
            p[first] = Point2(x: x0, y: y)
            p[first + 1] = Point2(x: x0 + w / 3, y: y - 4)
            p[first + 2] = Point2(x: x0 + 2 * w / 3, y: y - 4)
            p[first + 3] = Point2(x: x1, y: y)
            p[first + 4] = Point2(x: x0 + 2 * w / 3, y: y + 4)
            p[first + 5] = Point2(x: x0 + w / 3, y: y + 4)
        }
        eye(36, 100, 140, 200)
        eye(42, 200, 220, 210)
        return p
    }

    func testEachEyeIsASquareOfSpanEyeWidthsAroundItsPoints() throws {
        let boxes = try XCTUnwrap(EyeRegions.boxes(points(), span: 2))
        XCTAssertEqual(boxes, [
            FaceBox(x: 120 - 40, y: 200 - 40, width: 80, height: 80),
            FaceBox(x: 210 - 20, y: 210 - 20, width: 40, height: 40),
        ])
    }

    func testNoRegionsWithoutTheEyes() {
        XCTAssertNil(EyeRegions.boxes(Array(points().prefix(48)), span: 2))
        var flat = points()
        for i in 36..<42 { flat[i] = Point2(x: 100, y: 200) }
        XCTAssertNil(EyeRegions.boxes(flat, span: 2), "an eye of no width")
    }
}
