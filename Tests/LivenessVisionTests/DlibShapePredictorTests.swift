import DataTestSupport
import DlibReference
import LivenessCore
import LivenessData
@testable import LivenessVision
import XCTest

/// The shim runs dlib's 68-point cascade itself, through dlib's internals (`dlib::impl`), to keep
/// sub-pixel points and to fetch ahead (Sources/CLivenessShim/landmarks.cpp). It must give dlib's
/// own points: every point of the shim's fit rounds to the point dlib's public `shape_predictor`
/// returns for the same box of the same gray pixels. A dlib upgrade that changes the model format
/// or those internals fails here.
final class DlibShapePredictorTests: XCTestCase {
    func testTheShimsFitIsDlibsToThePixel() throws {
        let model = ModelFiles().landmarks
        let fitter = try LandmarkFitter(model: model)
        let faces = try LabelledFaces.eyeState(root: TestData.require(LabelledFaces.eyeStateSet, root: true))
        var compared = 0
        var different: [String] = []
        for face in faces {
            // A square box around the labelled points: any box does, as long as both fit the same.
            let xs = face.points.map(\.x), ys = face.points.map(\.y)
            let side = Int(max(xs.max()! - xs.min()!, ys.max()! - ys.min()!).rounded())
            let left = Int(((xs.min()! + xs.max()!) / 2).rounded()) - side / 2
            let top = Int(((ys.min()! + ys.max()!) / 2).rounded()) - side / 2

            var reference = [Int](repeating: 0, count: 136)
            var message = [CChar](repeating: 0, count: 256)
            let status = reference.withUnsafeMutableBufferPointer { xy in
                dlib_reference_fit(model, face.imagePath, left, top, left + side - 1, top + side - 1, xy.baseAddress, &message, UInt(message.count))
            }
            XCTAssertEqual(status, 0, "\(face.name): dlib's shape_predictor failed: \(String(cString: message))")
            guard status == 0 else { continue }

            let gray = Image()
            try Image.load(face.imagePath).gray(into: gray)
            let box = HeadBox(FaceBox(x: Double(left), y: Double(top), width: Double(side), height: Double(side)))
            let points = try fitter.fit(gray, box: box)
            compared += 1
            for (i, p) in points.enumerated() where p.x.rounded() != Double(reference[2 * i]) || p.y.rounded() != Double(reference[2 * i + 1]) {
                different.append("\(face.name) point \(i): shim (\(fmt(p.x, 2)), \(fmt(p.y, 2))), dlib (\(reference[2 * i]), \(reference[2 * i + 1]))")
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 100, "faces compared")
        XCTAssertEqual(different, [], "\(different.count) of \(compared * 68) points differ")
    }
}
