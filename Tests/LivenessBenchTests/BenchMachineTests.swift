@testable import LivenessBench
import XCTest

/// The machine a bench result was made on, and `--compare` saying when it was another one.
final class BenchMachineTests: XCTestCase {
    func testTheModelAndAVX512ComeFromTheFirstProcessorOfCpuinfo() {
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
            flags\t\t: fpu sse sse2 avx avx2 avx512f avx512dq

            processor\t: 1
            model name\t: something else
            """
        XCTAssertEqual(BenchMachine(cpuinfo: cpuinfo, cores: 2),
                       BenchMachine(cpu: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", cores: 2, avx512: true))
        XCTAssertEqual(BenchMachine(cpuinfo: "model name\t: AMD EPYC\nflags\t\t: fpu avx2 avx512_vnni_no\n", cores: 4),
                       BenchMachine(cpu: "AMD EPYC", cores: 4, avx512: false))
        XCTAssertEqual(BenchMachine(cpuinfo: "", cores: 1), BenchMachine(cpu: "unknown", cores: 1, avx512: false))
    }

    func testAResultKeepsItsMachine() throws {
        let machine = BenchMachine(cpu: "AMD EPYC", cores: 2, avx512: false)
        let parsed = try JSONSerialization.jsonObject(with: Data(machine.json.serialized().utf8))
        XCTAssertEqual(BenchMachine(json: parsed), machine)
        XCTAssertNil(BenchMachine(json: nil))
        XCTAssertNil(BenchMachine(json: ["cpu": "AMD EPYC", "cores": 2]))
        for cores in ["1e300", "-2", "0", "2.5"] {
            let text = #"{"cpu": "AMD EPYC", "cores": "# + cores + #", "avx512": false}"#
            XCTAssertNil(BenchMachine(json: try JSONSerialization.jsonObject(with: Data(text.utf8))), "\(cores) cores")
        }
        // On Linux the number 1 also reads as true: only a JSON boolean says whether there is AVX-512.
        XCTAssertNil(BenchMachine(json: try JSONSerialization.jsonObject(with: Data(#"{"cpu": "AMD EPYC", "cores": 2, "avx512": 1}"#.utf8))))
    }

    func testTheComparisonSaysWhenThePreviousRunWasOnAnotherMachine() throws {
        let here = BenchMachine(cpu: "AMD EPYC", cores: 2, avx512: false)
        let there = BenchMachine(cpu: "Intel(R) Xeon(R)", cores: 2, avx512: true)
        let run = BenchRun(runs: [], verdicts: [], failures: [], metrics: [Metric("clips.turnActionRecall", 0.8065, count: 31)], floors: [])
        for (previousMachine, expected) in [(there, true), (here, false)] {
            let previous = try writePrevious(machine: previousMachine.json.serialized())
            defer { try? FileManager.default.removeItem(atPath: previous) }
            let comparison = BenchComparison(run, previous: try PreviousBenchResult(path: previous), machine: here)
            XCTAssertEqual(comparison.machines?.previous, expected ? there : nil)
            let said = BenchReport.comparisonLines(comparison).contains {
                $0.hasPrefix("made on another machine (Intel(R) Xeon(R), 2 cores, with AVX-512; this one: AMD EPYC, 2 cores, no AVX-512)")
            }
            XCTAssertEqual(said, expected)
        }
        // A result written before results named their machine says nothing either way.
        let old = try writePrevious(machine: nil)
        defer { try? FileManager.default.removeItem(atPath: old) }
        XCTAssertNil(BenchComparison(run, previous: try PreviousBenchResult(path: old), machine: here).machines)
    }

    private func writePrevious(machine: String?) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("previous-\(UUID().uuidString).json").path
        let machineField = machine.map { "\"machine\": \($0), " } ?? ""
        try Data("{\(machineField)\"metrics\": [{\"name\": \"clips.turnActionRecall\", \"value\": 0.871}], \"clips\": []}".utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }
}
