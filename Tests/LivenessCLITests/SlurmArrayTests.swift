import Foundation
import TestSupport
import XCTest

/// The Slurm recipe (README "Past one machine"): Benchmarks/slurm_array.sh starts a one-node Slurm
/// on localhost, runs the README's job array over a list of clips in four shards, cancels one task
/// halfway and requeues it, and checks every clip has one line with the one-machine outcome.
final class SlurmArrayTests: XCTestCase {
    func testAJobArrayWithATaskCancelledAndRequeuedScoresEveryClipOnceAsOneMachineDoes() throws {
        guard getuid() == 0 else {
            throw Prerequisite.missing("Benchmarks/slurm_array.sh needs root (it installs Slurm, and slurmd starts the jobs)")
        }
        let temp = try TemporaryDirectory()
        // Ten paths (links to three short clips), so that some shard gets two or more clips and
        // can be cancelled between them.
        let clips = [try TestMedia.singleFaceMP4(), try TestMedia.baselineMP4(), try TestMedia.clip("pyfeat_face_videos/no_face.mp4")]
        var paths: [String] = []
        for i in 0..<10 {
            let link = temp.file("clip-\(i).mp4").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: clips[i % clips.count])
            paths.append(link)
        }
        let list = try temp.write(paths.joined(separator: "\n") + "\n", to: "list.txt")
        let result = try Scripts.run(
            "Benchmarks/slurm_array.sh", [list], environment: ["LIVENESS": try CLI.binary().path, "TIMEOUT": "600"], timeout: 700)
        if result.status == 77 { throw Prerequisite.missing("Slurm cannot run here: \(result.stderr)") }
        XCTAssertEqual(result.status, 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("10 clip lines for 10 listed clips from 4 shards"), result.stdout)
        XCTAssertTrue(result.stdout.contains("cancelled while running, requeued (Restarts=1) and finished"), result.stdout)
        XCTAssertTrue(result.stdout.contains("the same as one machine (10 clips"), result.stdout)
    }
}
