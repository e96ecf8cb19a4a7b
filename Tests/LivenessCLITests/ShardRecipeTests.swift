import Foundation
import TestSupport
import XCTest

/// The multi-host recipe (README "Past one machine"): Benchmarks/shard_over_ssh.sh runs
/// `liveness score --list LIST --shard I/4` as GNU parallel jobs on two sshd "hosts" on loopback
/// ports, merges their JSON lines and checks every listed clip is there exactly once.
final class ShardRecipeTests: XCTestCase {
    private func list(in temp: TemporaryDirectory) throws -> (path: String, count: Int) {
        let grid = try TestMedia.gridClip(), single = try TestMedia.singleFaceMP4()
        // Real clips (one repeated) and missing files, which are reported, not lost.
        let clips = [grid, single, temp.file("gone-1.mp4").path, grid, temp.file("gone-2.mp4").path, temp.file("gone-3.mp4").path]
        return (try temp.write(clips.joined(separator: "\n") + "\n", to: "list.txt"), clips.count)
    }

    private func runRecipe(_ extra: [String]) throws -> (Scripts.Result, BatchOutput?, Int) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") else {
            throw Prerequisite.missing("GNU parallel is not installed (apt-get install parallel; `make setup` does it)")
        }
        let temp = try TemporaryDirectory()
        let (list, count) = try list(in: temp)
        let output = temp.file("merged.jsonl")
        let result = try Scripts.run(
            "Benchmarks/shard_over_ssh.sh", extra + [list, output.path], environment: ["LIVENESS": try CLI.binary().path], timeout: 300)
        let merged = FileManager.default.fileExists(atPath: output.path) ? try BatchOutput(contentsOf: output) : nil
        return (result, merged, count)
    }

    func testShardsOverSSHOnTwoLoopbackHostsCoverTheListOnce() throws {
        let (result, merged, count) = try runRecipe([])
        if result.status == 77 { throw XCTSkip("sshd cannot run here: \(result.stderr)") }
        XCTAssertEqual(result.status, 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("on 2 host(s)"), result.stdout)
        XCTAssertEqual(merged?.records.count, count)
        XCTAssertEqual(Set(merged?.summaries.compactMap { $0.string("shard") } ?? []), ["1/4", "2/4", "3/4", "4/4"])
        XCTAssertEqual(merged?.summaries.reduce(0) { $0 + ($1.int("clips") ?? 0) }, count, "the shares add up to the list")
    }

    func testShardsOnTheLocalSSHLoginCoverTheListOnce() throws {
        let (result, merged, count) = try runRecipe(["--local"])
        XCTAssertEqual(result.status, 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        XCTAssertEqual(merged?.records.count, count)
    }
}
