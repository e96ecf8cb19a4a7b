import Foundation
import XCTest

/// Outputs that cannot be written: exit 4, one line naming the path, before any work is done.
final class OutputErrorTests: XCTestCase {
    func testOutDirectoryThatIsAFile() throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let file = try temp.write("in the way\n", to: "out")
        Expect.errorLine(try CLI.run(["score", clip, "--out", file]), code: 4, naming: file, cause: ["could not write"])
    }

    func testTraceInAMissingDirectory() throws {
        let clip = try TestMedia.singleFaceMP4()
        let temp = try TemporaryDirectory()
        let trace = temp.file("no/such/dir/trace.csv").path
        Expect.errorLine(try CLI.run(["score", clip, "--trace", trace]), code: 4, naming: trace, cause: ["could not write"])
    }
}
