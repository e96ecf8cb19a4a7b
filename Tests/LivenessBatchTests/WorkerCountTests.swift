import LivenessBatch
import XCTest

/// `--jobs N` capped by the machine: two workers per CPU, and the memory available at 400 MB a worker.
final class WorkerCountTests: XCTestCase {
    func testJobsAreCappedByCPUsAndMemory() {
        XCTAssertEqual(WorkerCount(asked: 3, cpus: 2, availableMB: 22000).jobs, 3)
        let byCPUs = WorkerCount(asked: 256, cpus: 2, availableMB: 22000)
        XCTAssertEqual(byCPUs.jobs, 4)
        XCTAssertEqual(byCPUs.capNote, "--jobs 256 capped to 4 for 2 CPUs and 22000 MB available")
        XCTAssertEqual(WorkerCount(asked: 8, cpus: 8, availableMB: 1000).jobs, 2)
        XCTAssertEqual(WorkerCount(asked: 8, cpus: 8, availableMB: 100).jobs, 1, "always one worker")
        XCTAssertEqual(WorkerCount(asked: 8, cpus: 1, availableMB: nil).jobs, 2)
        XCTAssertNil(WorkerCount(asked: 2, cpus: 1, availableMB: nil).capNote)
    }

    func testAFailureNearTheMemoryLimitIsPutDownToIt() {
        XCTAssertTrue(MemoryLimit.grewNearLimit(before: 500, after: 700, limitMB: 800))
        XCTAssertFalse(MemoryLimit.grewNearLimit(before: 500, after: 600, limitMB: 800), "under 80 % of the limit")
        XCTAssertFalse(MemoryLimit.grewNearLimit(before: 700, after: 700, limitMB: 800), "did not grow")
        XCTAssertFalse(MemoryLimit.grewNearLimit(before: 500, after: 700, limitMB: 0), "no limit")
        XCTAssertTrue(MemoryLimit.isAllocationFailure("OpenCV(4.6.0) error: Failed to allocate 33177600 bytes"))
        XCTAssertTrue(MemoryLimit.isAllocationFailure("std::bad_alloc"))
        XCTAssertFalse(MemoryLimit.isAllocationFailure("moov atom not found"))
    }
}
