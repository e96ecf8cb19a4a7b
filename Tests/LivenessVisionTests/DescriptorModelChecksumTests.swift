import DataTestSupport
import Foundation
@testable import LivenessVision
import XCTest

/// The face descriptor model is checked by its SHA-256 twice: by the install script before it is
/// installed and by the engine before dlib reads it. The two must name the same file.
final class DescriptorModelChecksumTests: XCTestCase {
    func testTheEngineAndTheInstallScriptAgreeOnTheModel() throws {
        let script = try String(contentsOf: TestData.packageRoot.appendingPathComponent("Models/install_face_descriptor_model.sh"), encoding: .utf8)
        let line = try XCTUnwrap(script.split(separator: "\n").first { $0.hasPrefix("sha256=") })
        XCTAssertEqual(String(line.dropFirst("sha256=".count)), ModelFiles.faceDescriptorSHA256)
    }

    func testTheInstalledModelLoads() throws {
        XCTAssertNoThrow(try FaceDescriber(model: ModelFiles().faceDescriptor))
    }
}
