import Foundation
import XCTest

/// A batch stopped by Ctrl-C or SIGTERM stops its workers and keeps what it finished; a batch
/// killed outright takes its workers with it; two runs resuming one output cannot both score.
final class BatchStopTests: XCTestCase {
    func testAStopSignalEndsTheWorkersAndKeepsTheFinishedLines() throws {
        let temp = try TemporaryDirectory()
        let long = try TestMedia.longClipWithoutAFace(in: temp, minutes: 60)
        let quick = try TestMedia.gridClip()
        let output = temp.file("out.jsonl").path
        for signal in [SIGINT, SIGTERM] {
            try? FileManager.default.removeItem(atPath: output)
            let workers = WorkerList()
            // Two workers: one on the hour-long clip, the other through the quick ones.
            let result = try CLI.run(["score", long, quick, quick, quick, "--jobs", "2", "--seed", "1", "--output", output], timeout: 600,
                                     whileRunning: { coordinator in
                // Stopped once a clip is written, while the long one is still being scored.
                waitUntil(300) { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("\"outcome\":\"incomplete\"") }
                workers.pids = childProcesses(of: coordinator.processIdentifier)
                kill(coordinator.processIdentifier, signal)
            })
            XCTAssertEqual(result.exitCode, 128 + signal, result.stderr)
            XCTAssertFalse(workers.pids.isEmpty)
            XCTAssertTrue(waitUntil { !workers.pids.contains(where: isAlive) }, "workers left behind: \(workers.pids.filter(isAlive))")
            let lines = try BatchOutput(contentsOf: URL(fileURLWithPath: output))
            XCTAssertFalse(lines.records.isEmpty)
            XCTAssertFalse(lines.records.contains { $0.string("path") == long }, "the stopped clip has no line, so --resume scores it")
            let summary = try XCTUnwrap(lines.summary)
            XCTAssertTrue(summary.string("aborted")?.contains("stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")") ?? false, "\(summary)")
            XCTAssertEqual(summary.int("exitCode"), Int(128 + signal))
            XCTAssertGreaterThanOrEqual(summary.int("notRun") ?? 0, 1)
            XCTAssertTrue(result.stderrLines.last?.contains("--resume") ?? false, result.stderr)
        }
    }

    /// Ctrl-C as a terminal sends it (SIGINT to the whole group) while the workers are still
    /// loading their models, before either has opened a clip: the batch stops, its workers with
    /// it (issue 34; the time it takes is measured by Benchmarks/batch_stop_time.py).
    func testCtrlCWhileTheWorkersLoadTheirModelsEndsThemAll() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.singleFaceMP4()
        let output = temp.file("out.jsonl").path
        let workers = WorkerList()
        // The test's Process starts the command as the leader of its own process group, as a
        // terminal's shell starts a job.
        let result = try CLI.run(["score", clip, clip, "--jobs", "2", "--seed", "1", "--output", output], timeout: 300,
                                 whileRunning: { process in
            let coordinator = process.processIdentifier
            waitUntil { childProcesses(of: coordinator).count == 2 }
            let pids = childProcesses(of: coordinator)
            workers.loading = pids.allSatisfy { !openFiles(of: $0).contains(clip) }
            workers.pids = pids
            _ = kill(-coordinator, SIGINT)
        })
        XCTAssertEqual(result.exitCode, 128 + SIGINT, result.stderr)
        XCTAssertEqual(workers.pids.count, 2)
        XCTAssertTrue(workers.loading, "SIGINT came before a worker opened its clip")
        XCTAssertTrue(waitUntil { !workers.pids.contains(where: isAlive) }, "workers left behind: \(workers.pids.filter(isAlive))")
        let lines = try BatchOutput(contentsOf: URL(fileURLWithPath: output))
        XCTAssertTrue(lines.records.isEmpty, "no clip was scored")
        XCTAssertTrue(lines.summary?.string("aborted")?.contains("stopped by SIGINT") ?? false, "\(String(describing: lines.summary))")
    }

    func testWorkersDoNotOutliveAKilledCoordinator() throws {
        let temp = try TemporaryDirectory()
        let long = try TestMedia.longClipWithoutAFace(in: temp, minutes: 60)
        let workers = WorkerList()
        let result = try CLI.run(["score", long, long, "--jobs", "2"], timeout: 600, shell: "\"$@\" & echo $! > \(temp.file("pid").path); wait $!",
                                 whileRunning: { _ in
            let pidFile = temp.file("pid").path
            var coordinator: Int32 = 0
            waitUntil { coordinator = Int32(((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0; return coordinator > 0 }
            // Killed once both workers are scoring (each holds the clip open).
            waitUntil(300) { childProcesses(of: coordinator).filter { openFiles(of: $0).contains(long) }.count == 2 }
            workers.pids = childProcesses(of: coordinator)
            kill(coordinator, SIGKILL)
        })
        XCTAssertEqual(result.exitCode, 128 + SIGKILL, "the shell reports the coordinator killed")
        XCTAssertEqual(workers.pids.count, 2)
        XCTAssertTrue(waitUntil { !workers.pids.contains(where: isAlive) }, "workers left behind: \(workers.pids.filter(isAlive))")
    }

    func testTwoResumeRunsAtOnceCannotScoreAClipTwice() throws {
        let temp = try TemporaryDirectory()
        let quick = try TestMedia.gridClip()
        let long = try TestMedia.longClipWithoutAFace(in: temp, minutes: 60)
        let list = try temp.write([quick, quick, long].joined(separator: "\n") + "\n", to: "list.txt")
        let output = temp.file("out.jsonl").path
        let resume = ["score", "--list", list, "--jobs", "1", "--seed", "1", "--output", output, "--resume"]
        // Another run holds the file: a resume run refuses it, untouched.
        XCTAssertTrue(FileManager.default.createFile(atPath: output, contents: nil))
        let holder = open(output, O_RDONLY)
        XCTAssertEqual(flock(holder, LOCK_SH), 0)
        Expect.errorLine(try CLI.run(resume), code: 4, naming: output, cause: ["another liveness batch is writing to it"])
        close(holder)
        XCTAssertEqual(PathState(output).content, Data())

        // Two resume runs at once: the second, started once the first has written a line, is
        // refused; the first is then stopped (Ctrl-C) and a third finishes the list.
        let second = Box<CLIResult>()
        let first = try CLI.run(resume, timeout: 600, whileRunning: { process in
            waitUntil(300) { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("\n") }
            second.value = try? CLI.run(resume)
            kill(process.processIdentifier, SIGINT)
            second.done.signal()
        })
        second.done.wait()
        XCTAssertEqual(first.exitCode, 130, first.stderr)
        Expect.errorLine(try XCTUnwrap(second.value), code: 4, naming: output, cause: ["another liveness batch is writing to it"])
        let third = try CLI.run(resume + ["--clip-timeout", "5"], timeout: 300)
        XCTAssertEqual(third.exitCode, 3, "the hour-long clip stops at the time limit: \(third.stderr)")
        let lines = try BatchOutput(contentsOf: URL(fileURLWithPath: output))
        XCTAssertEqual(lines.records.compactMap { $0.int("index") }.sorted(), [0, 1, 2], "each clip scored once")
    }
}

/// A value set on another thread and read after it ended.
final class Box<T>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}

/// Worker pids seen by a `whileRunning` closure.
final class WorkerList: @unchecked Sendable {
    var pids: [Int32] = []
    /// Whether the workers were still loading their models when seen.
    var loading = false
}
