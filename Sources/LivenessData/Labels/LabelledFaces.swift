import Foundation
import LivenessCore

/// A face with human 68-point labels, in a photo that may hold other faces.
public struct LabelledFace {
    /// Data set and file, for messages.
    public let name: String
    public let imagePath: String
    public let points: [Point2]
    /// `open` or `closed` where the set labels eye state (helen_afw_300w_68pt_eyestate only).
    public let eyeState: String?
}

/// The three sets whose 68 points a person placed. `dlib_faces_landmarks` is left out on purpose:
/// its points are dlib's own output.
public enum LabelledFaces {
    public static let eyeStateSet = "helen_afw_300w_68pt_eyestate"
    public static let jsonSets = ["menpo_landmarks", "mmpose_300w_300vw_samples"]

    /// helen_afw_300w_68pt_eyestate: one `.pts` per face, listed with its eye state in labels.csv.
    public static func eyeState(root data: String) throws -> [LabelledFace] {
        let root = "\(data)/\(eyeStateSet)"
        let table = try CSVTable(path: "\(root)/labels.csv")
        return try table.rows.map { row in
            let pts = try row.text("pts")
            return LabelledFace(
                name: "\(eyeStateSet)/\(pts)", imagePath: "\(root)/\(try row.text("image"))",
                points: try PtsFile.read("\(root)/\(pts)"), eyeState: try row.text("label"))
        }
    }

    private struct JSONEntry: Decodable {
        let image: String
        let landmarks68: [[Double]]
    }

    /// A set converted to `landmarks68.json`: [{image, landmarks68: [[x, y]] x 68}].
    public static func json(_ set: String, root data: String) throws -> [LabelledFace] {
        let root = "\(data)/\(set)"
        return try BenchFile.decoded([JSONEntry].self, path: "\(root)/landmarks68.json").map { entry in
            let points = try entry.landmarks68.map { try LabelNumber.point($0, place: "\(root)/landmarks68.json, \(entry.image)") }
            guard points.count == Landmarks68.count else {
                throw PtsFile.Malformed(description: "\(set)/\(entry.image): \(points.count) points")
            }
            return LabelledFace(name: "\(set)/\(entry.image)", imagePath: "\(root)/\(entry.image)", points: points, eyeState: nil)
        }
    }

    public static func all(root: String) throws -> [LabelledFace] {
        try eyeState(root: root) + jsonSets.flatMap { try json($0, root: root) }
    }
}
