import LivenessCore
import TestSupport
import XCTest

/// `PixelChange`: what a face's pixels did between two frames, a shake forgiven (SPEC §6).
final class PixelChangeTests: XCTestCase {
    let side = 32

    /// A face-like sample: a smooth gradient with two dark "eyes".
    func sample(shiftX: Int = 0, eyesShut: Bool = false) -> [UInt8] {
        (0..<side * side).map { i in
            let x = i % side - shiftX, y = i / side
            let eye = (y >= 10 && y <= 12) && ((x >= 8 && x <= 12) || (x >= 19 && x <= 23))
            if eye && !eyesShut { return 30 }
            return UInt8(clamping: 90 + 3 * x + 2 * y)
        }
    }

    func testTheSamePixelsDoNotChange() {
        XCTAssertEqual(PixelChange.between(sample(), sample(), side: side, maxShift: 2), 0)
    }

    func testAShakeOfAFewPixelsIsForgiven() throws {
        let moved = try XCTUnwrap(PixelChange.between(sample(), sample(shiftX: 2), side: side, maxShift: 2))
        XCTAssertEqual(moved, 0, accuracy: 1e-9)
        // Without the shift search the same shake reads as a change.
        let unforgiven = try XCTUnwrap(PixelChange.between(sample(), sample(shiftX: 2), side: side, maxShift: 0))
        XCTAssertGreaterThan(unforgiven, 0.1)
    }

    func testShutEyesAreAChange() throws {
        let change = try XCTUnwrap(PixelChange.between(sample(), sample(eyesShut: true), side: side, maxShift: 2))
        XCTAssertGreaterThan(change, 0.05)
    }

    func testSamplesOfTheWrongSizeGiveNothing() {
        XCTAssertNil(PixelChange.between(sample(), Array(sample().dropLast()), side: side, maxShift: 2))
        XCTAssertNil(PixelChange.between([1, 2, 3, 4], [1, 2, 3, 4], side: 2, maxShift: 1))
    }
}
