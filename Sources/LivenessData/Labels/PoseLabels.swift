import Foundation
import LivenessCore

/// An AFLW2000-3D image with its labelled head pose, in the set's own sign convention
/// (yaw > 0 = face turned toward the image's LEFT, the opposite of SPEC's).
public struct PoseLabel {
    public let id: String
    public let imagePath: String
    public let labelYaw: Double
    /// The fitted 68 points' image positions, to tell the labelled face from any other.
    public let points: [Point2]

    /// The label's yaw in SPEC's convention (positive = nose toward the image's right).
    public var specYaw: Double { -labelYaw }
}

public enum PoseLabels {
    public static let set = "aflw2000_3d_subset"

    private struct Entry: Decodable {
        let pt3d_68_xy: [[Double]]
    }

    /// The rows usable under the usual protocol: every angle within 99 degrees.
    public static func withinProtocol(root data: String) throws -> [PoseLabel] {
        let root = "\(data)/\(set)"
        let table = try CSVTable(path: "\(root)/pose_labels.csv")
        let entries = try BenchFile.decoded([String: Entry].self, path: "\(root)/pose_and_landmarks.json")
        return try table.rows.filter { try $0.text("within_99deg") == "1" }.map { row in
            let id = try row.text("id")
            guard let entry = entries[id], entry.pt3d_68_xy.count == Landmarks68.count else {
                throw CSVTable.Malformed(description: "\(set): no 68 points for \(id)")
            }
            return PoseLabel(
                id: id, imagePath: "\(root)/\(try row.text("image"))", labelYaw: try row.number("yaw_deg", in: LabelNumber.degrees),
                points: try entry.pt3d_68_xy.map { try LabelNumber.point($0, place: "\(root)/pose_and_landmarks.json, \(id)") })
        }
    }
}
