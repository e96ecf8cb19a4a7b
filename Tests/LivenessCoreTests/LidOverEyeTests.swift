import LivenessCore
import XCTest

/// The lid seen over the eye (`LidOverEye`, `EyeSamples`): a closed reading's eye pixels against
/// the open eye, the latest frame of a run read open for `blinkSeenOpenMs`.
final class LidOverEyeTests: XCTestCase {
    let config = LivenessConfig()
    let side = EyeSamples.side

    /// An eye: a dark iris disc on a light eye, or, shut, the lid's even skin with a lash line.
    func eye(open: Bool) -> [UInt8] {
        (0..<side * side).map { i in
            let x = Double(i % side) - 7.5, y = Double(i / side) - 7.5
            if open { return x * x + y * y < 16 ? 40 : 200 }
            return abs(y - 3) < 1 ? 60 : 170
        }
    }

    func samples(open: Bool) -> EyeSamples { EyeSamples(right: eye(open: open), left: eye(open: open)) }

    func testAShutLidChangesTheEyesPixelsFromTheOpenEye() {
        var lid = LidOverEye(config: config)
        XCTAssertNil(lid.observe(samples(open: true), closure: 0.02, at: 0), "no open eye before it")
        for ms in [33.0, 67] { _ = lid.observe(samples(open: true), closure: 0.02, at: ms) }
        XCTAssertEqual(lid.observe(samples(open: true), closure: 0.3, at: 100) ?? -1, 0, accuracy: 1e-9, "a fit's closure on unchanged pixels")
        let shut = lid.observe(samples(open: false), closure: 0.6, at: 133) ?? 0
        XCTAssertGreaterThan(shut, config.blinkMinEyeChange, "a lid over the iris")
        // Closed frames never become the open eye: the next closed one is still judged against it.
        XCTAssertEqual(lid.observe(samples(open: false), closure: 0.6, at: 167) ?? 0, shut, accuracy: 1e-9)
        XCTAssertNil(lid.observe(nil, closure: 0.6, at: 200), "no pixels")
    }

    func testOneFrameReadOpenInsideABlinkIsNotTheOpenEye() {
        // Open eyes for 100 ms, then a blink whose fit reads one frame open (closure 0.05) on the
        // lid's pixels: that frame is no open eye, so the next closed frame is still judged
        // against the eyes seen open before the blink (30 fps).
        var lid = LidOverEye(config: config)
        for k in 0..<4 { _ = lid.observe(samples(open: true), closure: 0.02, at: Double(k) * 33) }
        _ = lid.observe(samples(open: false), closure: 0.5, at: 133)
        _ = lid.observe(samples(open: false), closure: 0.05, at: 167)
        let after = lid.observe(samples(open: false), closure: 0.5, at: 200) ?? 0
        XCTAssertGreaterThan(after, config.blinkMinEyeChange, "judged against the open eye, not the blink's own frame")
    }

    func testTheEyeBoxesSpanEachEyesCornersAndItsLids() {
        var points = [Point2](repeating: Point2(x: 0, y: 0), count: 68)
        points[36] = Point2(x: 100, y: 200); points[39] = Point2(x: 140, y: 200)
        points[42] = Point2(x: 180, y: 204); points[45] = Point2(x: 220, y: 204)
        let boxes = EyeSamples.regions(landmarks: points)
        for (box, expected) in [(boxes.right, [92.0, 184, 56, 32]), (boxes.left, [172.0, 188, 56, 32])] {
            for (value, wanted) in zip([box.x, box.y, box.width, box.height], expected) { XCTAssertEqual(value, wanted, accuracy: 1e-9) }
        }
    }

    func testMalformedSamplesHaveNoChange() {
        let short = EyeSamples(right: [0, 1], left: eye(open: true))
        XCTAssertNil(short.change(from: samples(open: true)))
    }
}
