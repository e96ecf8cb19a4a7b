import Foundation
import LivenessCore

/// The one reader of numbers in label files (clip labels, `.pts`, CSV tables, landmark JSON),
/// held to ranges as the configuration's numbers are: a value outside any real clip or photo
/// (an interval ending at 1e300 ms, a point at 1e20 px) is a typo or an attack, refused with the
/// file's name, not carried into arithmetic that traps on it.
public enum LabelNumber {
    /// Times in a clip's own clock: a day either side of its start.
    public static let ms = -86_400_000.0...86_400_000
    /// Image coordinates: far beyond any photo's size, either side.
    public static let pixels = -1_000_000.0...1_000_000
    /// Head angles in degrees.
    public static let degrees = -360.0...360
    /// Frame numbers: a day of 100 fps video.
    public static let frames = 0.0...8_640_000

    /// `text` as a number within `range`, nil when it is not one.
    public static func parse(_ text: some StringProtocol, in range: ClosedRange<Double>) -> Double? {
        guard let n = Double(String(text)), range.contains(n) else { return nil }
        return n
    }

    /// The words of a refusal: "must be a number in -1000000...1000000".
    public static func problem(_ range: ClosedRange<Double>) -> String {
        "must be a number in \(JSON.format(range.lowerBound))...\(JSON.format(range.upperBound))"
    }

    /// A point written as `[x, y]` in a JSON label file, each within `pixels`; `place` names it.
    public static func point(_ values: [Double], place: String) throws -> Point2 {
        guard values.count == 2 else { throw Malformed(description: "\(place): a point must be [x, y], got \(values.count) numbers") }
        guard values.allSatisfy(pixels.contains) else { throw Malformed(description: "\(place): a coordinate \(problem(pixels))") }
        return Point2(x: values[0], y: values[1])
    }

    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }
}
