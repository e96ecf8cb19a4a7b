import DataTestSupport
import LivenessBench
import LivenessCore
import LivenessData
import LivenessVision
import XCTest

/// SPEC §2: a face must be found at least as reliably as dlib's own HOG detector finds it, with
/// the eyes open or closed. Checked on helen_afw_300w_68pt_eyestate, against dlib's HOG detector
/// run as its classic scripts run it (whole image, no upsampling) on the same photos, with the
/// bench's face matching. (HOG on these photos, some 11 megapixels, takes about a minute; the
/// bench's `recall.*` metrics count the other sets too.)
final class FaceRecallTests: XCTestCase {
    private struct Tally {
        var labelled = 0, engine = 0, hog = 0
        /// Faces HOG finds and the engine does not.
        var missed: [String] = []
    }

    private static var cached: [String: Tally]?

    private static func tallies() throws -> [String: Tally] {
        if let cached { return cached }
        let hog = try HogDetector()
        var hogFaces: [String: [FaceBox]] = [:]
        var tallies: [String: Tally] = [:]
        for label in try LabelledFaces.eyeState(root: TestData.require(LabelledFaces.eyeStateSet, root: true)) {
            let state = try XCTUnwrap(label.eyeState)
            // dlib's HOG runs on the closed-eye faces' photos only: they are the point, and it is slow.
            if state == "closed", hogFaces[label.imagePath] == nil { hogFaces[label.imagePath] = try hog.faces(in: Image.load(label.imagePath)) }
            let byHog = hogFaces[label.imagePath].map { matchDetection(to: label.points, among: $0) != nil } ?? false
            let byEngine = try SharedAnalyzer.stillFaces().measurement(of: label.points, in: label.imagePath) != nil
            tallies[state, default: Tally()].labelled += 1
            if byHog { tallies[state]!.hog += 1 }
            if byEngine { tallies[state]!.engine += 1 }
            if byHog && !byEngine { tallies[state]!.missed.append(label.name) }
        }
        cached = tallies
        return tallies
    }

    /// Measured: every closed-eye face dlib's HOG finds is found, and more (the cascades find some
    /// that HOG misses, and HOG on the still equalised or turned ±20° a dim laughing face and a
    /// tilted yawn): 41 of 42 against HOG's 36. The one neither finds is behind a hand over the nose
    /// and mouth (Benchmarks/RESULTS.md, "Stills turned ±20°, and equalised").
    func testAClosedEyeFaceThatDlibFindsIsFound() throws {
        let closed = try XCTUnwrap(try Self.tallies()["closed"], "no closed-eye faces labelled")
        XCTAssertGreaterThanOrEqual(closed.labelled, 10)
        XCTAssertEqual(closed.missed, [], "closed-eye faces dlib's HOG finds and the engine does not")
        XCTAssertGreaterThanOrEqual(closed.engine, closed.hog, "closed-eye faces found: engine \(closed.engine), HOG \(closed.hog) of \(closed.labelled)")
    }
}
