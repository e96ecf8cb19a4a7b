import DataTestSupport
import LivenessBench
import LivenessData
import XCTest

/// The floors of Benchmarks/manifest.json: the accuracy tests hold the bench's own metrics to
/// them by name, as `liveness bench` does, so a test and the bench cannot disagree.
enum ManifestFloors {
    /// Read by the bench's own manifest reader.
    static let all: [Floor] = {
        let path = TestData.packageRoot.appendingPathComponent("Benchmarks/manifest.json").path
        do {
            return try BenchManifest.floors(path: path)
        } catch {
            XCTFail("\(error)")
            return []
        }
    }()

    /// Asserts every floor set on one of `metrics`, and that there is at least one, as the bench
    /// judges them (`FloorCheck`). A floor the manifest marks as a known gap of an open issue must
    /// be no further off than recorded, and must still be broken: once it holds, the mark goes.
    static func assertHeld(by metrics: [Metric], file: StaticString = #filePath, line: UInt = #line) {
        let values = metrics.valuesByName
        let floors = all.filter { values[$0.metric] != nil }
        XCTAssertFalse(floors.isEmpty, "the manifest sets no floor on \(metrics.map(\.name))", file: file, line: line)
        for floor in floors {
            let check = FloorCheck(floor, value: values[floor.metric])
            XCTAssertNotEqual(check.status, .broken, check.message ?? "", file: file, line: line)
            if let gap = floor.knownGap {
                XCTAssertFalse(check.gapClosed, "\(floor.metric) = \(check.value.map { fmt($0) } ?? "-") now holds its floor: remove its knownGap (issue \(gap.issue))",
                               file: file, line: line)
            }
        }
    }
}

/// Each test class's metrics, computed once for the whole run and printed for the log.
enum MetricsOnce {
    private static var computed: [String: [Metric]] = [:]

    static func metrics(_ name: String, _ compute: () throws -> [Metric]) rethrows -> [Metric] {
        if let metrics = computed[name] { return metrics }
        let metrics = try compute()
        print("\(name): \(metrics.summary)")
        computed[name] = metrics
        return metrics
    }
}

extension Array where Element == Metric {
    /// A metric by name; fails the test when the bench computes no such metric.
    func named(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Metric {
        try XCTUnwrap(first { $0.name == name }, "no metric \(name) among \(map(\.name))", file: file, line: line)
    }

    var summary: String { map { "\($0.name) \(fmt($0.value)) (n=\($0.count))" }.joined(separator: "; ") }
}
