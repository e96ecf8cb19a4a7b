import LivenessCore
import LivenessData
import LivenessVision

/// Face recall on the labelled stills (SPEC §2: a face must be found at least as reliably as
/// dlib's own HOG detector finds it, eyes open or closed): labelled faces the engine's still
/// search finds, split by eye state (helen_afw_300w_68pt_eyestate) and by |yaw| band
/// (aflw2000_3d_subset, rows within the 99-degree protocol), and the same counts for dlib's HOG
/// detector as its classic scripts run it (whole image, no upsampling), measured in the same run
/// on the same images with the same matching.
public enum RecallMetrics {
    /// |yaw| bands, degrees, of the label.
    static let yawBands: [(name: String, range: ClosedRange<Double>)] = [
        ("yawUpTo15", 0...15), ("yaw15To30", 15.000001...30), ("yawBeyond30", 30.000001...180),
    ]

    public static func compute(root: String, faces: StillFaces, hog: HogDetector) throws -> [Metric] {
        var hogCache: [String: [FaceBox]] = [:]
        func hogFinds(_ points: [Point2], in path: String) throws -> Bool {
            if hogCache[path] == nil { hogCache[path] = try hog.faces(in: Image.load(path)) }
            return matchDetection(to: points, among: hogCache[path]!) != nil
        }
        func engineFinds(_ points: [Point2], in path: String) throws -> Bool {
            try faces.measurement(of: points, in: path) != nil
        }

        // (group, image, points) for every labelled face; a face may sit in several groups.
        var items: [(groups: [String], path: String, points: [Point2])] = []
        for face in try LabelledFaces.all(root: root) {
            var groups = ["found"]
            if let state = face.eyeState { groups.append(state == "closed" ? "eyesClosed" : "eyesOpen") }
            items.append((groups, face.imagePath, face.points))
        }
        for label in try PoseLabels.withinProtocol(root: root) {
            let band = yawBands.first { $0.range.contains(abs(label.specYaw)) }!.name
            items.append((["found", band], label.imagePath, label.points))
        }

        var engine: [String: (found: Int, of: Int)] = [:], reference: [String: (found: Int, of: Int)] = [:]
        for item in items {
            let byEngine = try engineFinds(item.points, in: item.path), byHog = try hogFinds(item.points, in: item.path)
            for group in item.groups {
                engine[group, default: (0, 0)].of += 1
                reference[group, default: (0, 0)].of += 1
                if byEngine { engine[group]!.found += 1 }
                if byHog { reference[group]!.found += 1 }
            }
        }
        let groups = ["found", "eyesOpen", "eyesClosed"] + yawBands.map(\.name)
        var metrics = groups.compactMap { group in
            engine[group].map { Metric("recall.\(group)", share($0.found, of: $0.of), count: $0.of, note: "labelled faces the engine finds (\($0.found))") }
        }
        metrics += groups.compactMap { group in
            reference[group].map { Metric("recall.dlibHog.\(group)", share($0.found, of: $0.of), count: $0.of, note: "found by dlib's HOG detector (\($0.found))") }
        }
        let margin = (engine["found"]?.found ?? 0) - (reference["found"]?.found ?? 0)
        metrics.append(Metric("recall.foundOverDlibHog", Double(margin), count: engine["found"]?.of ?? 0,
                              note: "faces the engine finds minus faces dlib's HOG finds"))
        return metrics
    }
}
