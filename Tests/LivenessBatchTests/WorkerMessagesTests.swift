@testable import LivenessBatch
import XCTest

/// The batch protocol's messages, typed once for both sides (issue 34 item 4): what one side
/// writes the other reads back, whatever a path holds.
final class WorkerMessagesTests: XCTestCase {
    func testARequestReadsBackAsSentOnOneLine() throws {
        for path in ["clips/a.mp4", "with \"quotes\" and \\ and\nnewline.mp4", "caf\u{E9} \u{1F600}.mov", ""] {
            let line = WorkerLine.encode(WorkerRequest(index: 7, path: path))
            XCTAssertEqual(line.last, UInt8(ascii: "\n"))
            XCTAssertFalse(line.dropLast().contains(UInt8(ascii: "\n")), "one line for \(path.debugDescription)")
            XCTAssertEqual(WorkerLine.decode(WorkerRequest.self, from: line.dropLast()), WorkerRequest(index: 7, path: path))
        }
    }

    func testAHelloSaysReadyOrWhyNot() throws {
        let ready = try XCTUnwrap(WorkerLine.decode(WorkerHello.self, from: WorkerLine.encode(WorkerHello(ready: true, pid: 42)).dropLast()))
        XCTAssertEqual(ready.ready, true)
        XCTAssertEqual(ready.pid, 42)
        XCTAssertNil(ready.fatal)
        let fatal = WorkerHello(fatal: .init(kind: "modelMissing", message: "liveness: model x is missing", exitCode: 3))
        let read = try XCTUnwrap(WorkerLine.decode(WorkerHello.self, from: WorkerLine.encode(fatal).dropLast()))
        XCTAssertNil(read.ready)
        XCTAssertEqual(read.fatal?.message, "liveness: model x is missing")
        XCTAssertEqual(read.fatal?.exitCode, 3)
    }

    func testALineThatIsNoRequestIsRefused() {
        for line in ["", "not json", #"{"index": "7", "path": "a"}"#, #"{"path": "a"}"#, #"{"index": 1.5, "path": "a"}"#] {
            XCTAssertNil(WorkerLine.decode(WorkerRequest.self, from: Array(line.utf8)), line)
        }
    }

    /// One rule decides, on both sides, that a failure was the memory limit's.
    func testTheMemoryLimitExplainsAnAllocationFailureOrAPeakNearIt() {
        XCTAssertTrue(MemoryLimit.explains(failure: "OpenCV: Failed to allocate 1 GB", peakBefore: 400, peakAfter: 500, limitMB: 2048))
        XCTAssertTrue(MemoryLimit.explains(failure: "corrupt video", peakBefore: 400, peakAfter: 1900, limitMB: 2048))
        XCTAssertFalse(MemoryLimit.explains(failure: "corrupt video", peakBefore: 1900, peakAfter: 1900, limitMB: 2048), "the clip did not grow it")
        XCTAssertFalse(MemoryLimit.explains(failure: "out of memory", peakBefore: 400, peakAfter: 500, limitMB: 0), "no limit set")
    }
}
