import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init(prefix: String = "liveness-cli-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `data` to `name` and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let target = file(name)
        try data.write(to: target)
        return target.path
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }
}
