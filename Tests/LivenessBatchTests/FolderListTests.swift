import Foundation
import LivenessBatch
import XCTest

/// A folder given to a batch: every video under it is accounted for (issue 36 row 10).
final class FolderListTests: XCTestCase {
    /// A clip under a chain of folders whose path passes PATH_MAX (4096 bytes) beside a shallow one:
    /// the deep part cannot be examined, so it is listed (its line will say why), not left out.
    func testAnEntryTooDeepToExamineIsListedNotLeftOut() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-list-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        defer { removeDeep(root.path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("shallow.mp4").path, contents: Data([0])))
        // Built one level at a time from inside, as no single path to the bottom may be used.
        let start = FileManager.default.currentDirectoryPath
        defer { _ = chdir(start) }
        XCTAssertEqual(chdir(root.path), 0)
        for _ in 0..<levels {
            XCTAssertEqual(mkdir(level, 0o755), 0)
            XCTAssertEqual(chdir(level), 0)
        }
        let file = open("deep.mp4", O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(file, 0)
        close(file)
        XCTAssertEqual(chdir(start), 0)

        let found = try ClipList.videos(in: root.path)
        XCTAssertEqual(found.count, 2, "the shallow clip and the part too deep to look into: \(found.map(\.count))")
        XCTAssertTrue(found.contains(root.appendingPathComponent("shallow.mp4").path))
        XCTAssertTrue(found.contains { $0.utf8.count > Int(PATH_MAX) }, "the deep entry is listed")
    }

    let level = String(repeating: "d", count: 200)
    let levels = 22

    /// Removes the tree the test made, whose paths pass PATH_MAX, from the inside out.
    private func removeDeep(_ path: String) {
        let start = FileManager.default.currentDirectoryPath
        defer { _ = chdir(start) }
        guard chdir(path) == 0 else { return }
        var depth = 0
        while depth < levels, chdir(level) == 0 { depth += 1 }
        unlink("deep.mp4")
        for _ in 0..<depth {
            _ = chdir("..")
            rmdir(level)
        }
        _ = chdir(start)
        try? FileManager.default.removeItem(atPath: path)
    }
}
