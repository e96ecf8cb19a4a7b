import Foundation
import LivenessBatch
import LivenessProcess
import XCTest

/// The coordinator's pool on a stand-in worker (a shell script that speaks the worker protocol:
/// "ready", then one line per clip), so the pool and the per-clip limits are tested without
/// models: every clip gets one line, a worker that hangs is killed at the time limit and one that
/// dies costs only its clip, each replaced by a fresh worker.
final class PoolTests: XCTestCase {
    static let worker = """
        echo '{"ready":true}'
        while IFS= read -r line; do
          index=$(printf '%s' "$line" | sed 's/.*"index":\\([0-9]*\\).*/\\1/')
          path=$(printf '%s' "$line" | sed 's/.*"path":"\\([^"]*\\)".*/\\1/')
          case "$path" in
            *hang*) exec sleep 3600 ;;
            *crash*) kill -9 $$ ;;
          esac
          printf '{"index":%s,"path":"%s","outcome":"passed","frames":{"processed":10},"error":null}\\n' "$index" "$path"
        done
        """

    override class func setUp() {
        StopSignals.install()
    }

    private func run(_ paths: [String], jobs: Int, clipTimeout: Double) throws -> (records: [[String: Any]], tally: BatchTally) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("worker.sh")
        try Self.worker.write(to: script, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.jsonl").path
        let sink = try RecordSink(appendingTo: output, exclusive: false, inputs: [])
        var tally = BatchTally()
        tally.clips = paths.count
        let coordinator = BatchCoordinator(
            settings: .init(jobs: jobs, clipTimeout: clipTimeout, memoryLimitMB: 0, executable: URL(fileURLWithPath: "/bin/sh"),
                            workerArguments: [script.path], environment: ProcessInfo.processInfo.environment),
            clips: paths.enumerated().map { Clip(index: $0.offset, path: $0.element) }, sink: sink,
            progress: BatchProgress(total: paths.count, isTerminal: false), tally: tally)
        try coordinator.run()
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let records = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (records, coordinator.tally)
    }

    func testEveryClipGetsOneLine() throws {
        let paths = (0..<12).map { "clip\($0).mp4" }
        let (records, tally) = try run(paths, jobs: 3, clipTimeout: 0)
        XCTAssertEqual(records.compactMap { $0["path"] as? String }.sorted(), paths.sorted())
        XCTAssertEqual(Set(records.compactMap { ($0["index"] as? NSNumber)?.intValue }), Set(0..<12))
        XCTAssertEqual(tally.done, 12)
        XCTAssertEqual(tally.outcomes["passed"], 12)
        XCTAssertEqual(tally.frames, 120)
        XCTAssertEqual(tally.workersStarted, 3, "each worker takes clip after clip")
    }

    /// The limit counts from the clip's sending; the stand-in answers the other clips at once,
    /// so 5 s leaves them room on a loaded machine, and the hanging one never answers.
    func testAHangingWorkerIsKilledAtTheTimeLimitAndReplaced() throws {
        let paths = ["a.mp4", "hang.mp4", "b.mp4", "c.mp4"]
        let (records, tally) = try run(paths, jobs: 1, clipTimeout: 5)
        let byPath = Dictionary(uniqueKeysWithValues: records.compactMap { r in (r["path"] as? String).map { ($0, r) } })
        XCTAssertEqual(Set(byPath.keys), Set(paths))
        let error = byPath["hang.mp4"]?["error"] as? [String: Any]
        XCTAssertEqual(error?["kind"] as? String, "timeLimit", "\(String(describing: error))")
        XCTAssertEqual((error?["limitSeconds"] as? NSNumber)?.intValue, 5)
        for path in ["a.mp4", "b.mp4", "c.mp4"] { XCTAssertEqual(byPath[path]?["outcome"] as? String, "passed", path) }
        XCTAssertEqual(tally.workersStarted, 2, "one fresh worker after the killed one")
        XCTAssertEqual(tally.exitCode, .inputOrModel)
    }

    func testAWorkerThatDiesCostsOnlyItsClip() throws {
        let paths = ["a.mp4", "crash.mp4", "b.mp4"]
        let (records, tally) = try run(paths, jobs: 1, clipTimeout: 0)
        let byPath = Dictionary(uniqueKeysWithValues: records.compactMap { r in (r["path"] as? String).map { ($0, r) } })
        let error = byPath["crash.mp4"]?["error"] as? [String: Any]
        XCTAssertEqual(error?["kind"] as? String, "crashed", "\(String(describing: error))")
        XCTAssertEqual((error?["signal"] as? NSNumber)?.intValue, 9)
        XCTAssertEqual(byPath["a.mp4"]?["outcome"] as? String, "passed")
        XCTAssertEqual(byPath["b.mp4"]?["outcome"] as? String, "passed")
        XCTAssertEqual(tally.workersStarted, 2)
        XCTAssertEqual(tally.failed, 1)
    }
}
