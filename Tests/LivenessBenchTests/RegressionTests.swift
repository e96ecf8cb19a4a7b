@testable import LivenessBench
import XCTest

/// `liveness bench --compare PREVIOUS --fail-on-worse`: which changes since a previous result
/// count as regressions.
final class RegressionTests: XCTestCase {
    func testAWorseOrVanishedMetricIsARegressionButSpeedIsNot() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("previous-\(UUID().uuidString).json").path
        try Data("""
            {"metrics": [
              {"name": "eyeState.accuracy", "value": 0.98},
              {"name": "clips.meanAutoshotMs", "value": 300},
              {"name": "yaw.maeWithin30", "value": 2.5},
              {"name": "clips.blinkRecall", "value": 0.5},
              {"name": "speed.framesPerSecond", "value": 30},
              {"name": "speed.ms.decode", "value": 2},
              {"name": "landmarks.nmeMedian", "value": 0.04}
            ], "clips": []}
            """.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = BenchRun(runs: [], verdicts: [], failures: [], metrics: [
            Metric("eyeState.accuracy", 0.9701, count: 181),
            Metric("clips.meanAutoshotMs", 302, count: 20),  // within 1 %: the same
            Metric("yaw.maeWithin30", 2.0, count: 40),       // lower is better: better
            Metric("clips.blinkRecall", 1, count: 2),
            Metric("speed.framesPerSecond", 10, count: 900),
            Metric("speed.ms.decode", 9, count: 900),
            Metric("clips.newMetric", 0.1, count: 1),
        ], floors: [])
        let comparison = BenchComparison(run, previous: try PreviousBenchResult(path: path))
        XCTAssertEqual(comparison.regressions, [
            "eyeState.accuracy got worse since \(path): 0.9800 -> 0.9701",
            "landmarks.nmeMedian was 0.0400 in \(path) and is not measured now",
        ])
    }
}
