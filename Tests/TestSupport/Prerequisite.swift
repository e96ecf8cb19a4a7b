import Foundation
import XCTest

/// What a test does when something it needs is missing (the shared data, a model, a tool that
/// `make setup` installs): on a developer's machine it skips, naming what is missing; under CI
/// (`CI=true`, as `.ci/run` sets it) it fails, so a green run has run every test.
public enum Prerequisite {
    /// The error a test throws when `what` is missing: an `XCTSkip`, or under CI a failure.
    public static func missing(_ what: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Error {
        isCI(environment) ? Missing(description: "\(what) (CI=true: a missing prerequisite fails instead of skipping)") : XCTSkip(what)
    }

    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CI"] == "true"
    }

    /// A prerequisite missing under CI: XCTest records the thrown error as the test's failure.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }
}
