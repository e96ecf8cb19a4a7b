import Foundation
import LivenessCore

/// Reads an iBUG `.pts` landmark file: 68 lines of "x y", with or without the
/// "version / n_points / {" header and the closing "}".
public enum PtsFile {
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    public static func read(_ path: String) throws -> [Point2] {
        let text = try BenchFile.text(path)
        let points: [Point2] = text.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, let x = LabelNumber.parse(fields[0], in: LabelNumber.pixels),
                  let y = LabelNumber.parse(fields[1], in: LabelNumber.pixels) else { return nil }
            return Point2(x: x, y: y)
        }
        guard points.count == Landmarks68.count else {
            throw Malformed(description: "\(path): \(points.count) points, expected \(Landmarks68.count)")
        }
        return points
    }
}
