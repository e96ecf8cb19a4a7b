import LivenessBatch
import XCTest

/// A batch says why its clips did not pass: each clip line's nearest misses, counted by rule.
final class WhyNotPassedTests: XCTestCase {
    func facts(_ line: String) throws -> RecordFacts {
        try XCTUnwrap(RecordFacts(line: Array(line.utf8)))
    }

    func testMissesAreCountedPerOutcomeActionAndRule() throws {
        let refused = #"{"rule":"cameraRotating","seen":true}"#
        let unseen = #"{"rule":"notReached","seen":false}"#
        let autoshot = #""autoshot":{"frame":7,"ms":300}"#
        let lines = [
            #"{"index":0,"path":"a.mp4","outcome":"timedOut",\#(autoshot),"actions":[{"action":"blink","credited":false,"nearestMiss":\#(refused)},{"action":"turnHead","credited":true}]}"#,
            #"{"index":1,"path":"b.mp4","outcome":"timedOut",\#(autoshot),"actions":[{"action":"blink","credited":false,"nearestMiss":\#(refused)},{"action":"turnHead","credited":false,"nearestMiss":\#(unseen)}]}"#,
            #"{"index":2,"path":"c.mp4","outcome":"timedOut",\#(autoshot),"actions":[{"action":"blink","credited":false,"nearestMiss":\#(unseen)},{"action":"turnHead","credited":true}]}"#,
            #"{"index":3,"path":"d.mp4","outcome":"incomplete","autoshot":null,"actions":[{"action":"blink","credited":false,"nearestMiss":null}]}"#,
            #"{"index":4,"path":"e.mp4","outcome":"passed",\#(autoshot),"actions":[{"action":"blink","credited":true},{"action":"turnHead","credited":true}]}"#,
        ]
        var tally = BatchTally()
        tally.clips = lines.count
        for line in lines { tally.add(try facts(line)) }
        XCTAssertEqual(tally.whyNotPassed["timedOut"]?["blink"], ["cameraRotating": 2, "notReached": 1])
        XCTAssertEqual(tally.whyNotPassed["timedOut"]?["turnHead"], ["notReached": 1])
        XCTAssertEqual(tally.whyNotPassed["incomplete"]?["blink"], ["noAutoshot": 1])
        XCTAssertNil(tally.whyNotPassed["passed"])

        let human = tally.humanSummary(wallMs: 1000, workers: WorkerCount(asked: 1))
        XCTAssertTrue(human.contains("\n  timedOut 3: blink refused by cameraRotating 2, blink not seen 1; turnHead not seen 1"), human)
        XCTAssertTrue(human.contains("\n  incomplete 1: blink not judged (no autoshot) 1"), human)
    }
}
