import Foundation

/// Where the shared labelled data sets are (`../shared/data` in this project): `$LIVENESS_DATA`
/// when it is set and not empty, otherwise the caller's default (a bench manifest's `data`, or
/// the folder beside the package for the tests).
public enum DataRoot {
    public static let environment = "LIVENESS_DATA"

    public static func path(
        default fallback: @autoclosure () throws -> String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) rethrows -> String {
        if let override = environment[Self.environment], !override.isEmpty { return override }
        return try fallback()
    }
}
