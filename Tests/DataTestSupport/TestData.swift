import Foundation
import TestSupport
import XCTest

/// Where the real, labelled data sets live: `$LIVENESS_DATA` when set, otherwise `../shared/data`
/// next to the package root. Tests skip, naming the path, when a set is absent (under CI they fail).
public enum TestData {
    public static let environment = "LIVENESS_DATA"

    /// The package root, three levels above this file (Tests/LivenessVisionTests/TestData.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment[environment], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return packageRoot.appendingPathComponent("../shared/data", isDirectory: true).standardized
    }

    /// The path of `relative` under the data root, or a skip naming what is missing. With `root`,
    /// the data root itself is returned once `relative` is known to exist under it.
    public static func require(_ relative: String, root wantRoot: Bool = false) throws -> String {
        let path = root.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Prerequisite.missing("test data not found: \(path) (set \(environment) to the data root)")
        }
        return wantRoot ? root.path : path
    }
}
