import Foundation
import LivenessData
import TestSupport
import XCTest

/// Where the real, labelled data sets live for the tests: `DataRoot`, whose default here is
/// `../shared/data` next to the package root. A test skips, naming the path, when a set is absent
/// (under CI it fails: `Prerequisite`).
public enum TestData {
    /// The package root, three levels above this file (Tests/DataTestSupport/TestData.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var root: URL {
        URL(fileURLWithPath: DataRoot.path(default: packageRoot.appendingPathComponent("../shared/data", isDirectory: true).standardized.path), isDirectory: true)
    }

    /// The path of `relative` under the data root, or a skip naming what is missing. With `root`,
    /// the data root itself is returned once `relative` is known to exist under it.
    public static func require(_ relative: String, root wantRoot: Bool = false) throws -> String {
        let path = root.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Prerequisite.missing("test data not found: \(path) (set \(DataRoot.environment) to the data root)")
        }
        return wantRoot ? root.path : path
    }

    /// The path of a clip that `make test` derives from the shared data into
    /// Benchmarks/output/derived, or a skip naming the scripts that make it.
    public static func requireDerived(_ name: String) throws -> String {
        let path = packageRoot.appendingPathComponent("Benchmarks/output/derived/\(name)").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Prerequisite.missing("\(path) is missing: make the derived clips with Benchmarks/make_derived_clips.sh and "
                + "Benchmarks/make_attack_clips.sh into Benchmarks/output/derived (make test does)")
        }
        return path
    }
}
