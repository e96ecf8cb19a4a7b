@testable import LivenessCore
import TestSupport
import XCTest

/// SPEC §3 step 4 and §5, the ledger alone (`CreditLedger`): an action is credited once, on the
/// autoshot's face only; a miss is kept while its action is not credited.
final class CreditLedgerTests: XCTestCase {
    func blink(_ frame: Int) -> ActionCredit {
        ActionCredit(action: .blink, frame: frame, ms: Double(frame) * 33, value: 0.6)
    }

    func testAProposalIsCreditedOnTheAutoshotsFace() {
        var ledger = CreditLedger(config: LivenessConfig())
        ledger.identity.takeAutoshot(person(0))
        ledger.propose(blink(40))
        XCTAssertEqual(ledger.judgeFace(person(0.1), frame: ChosenFrame(frame: 40, ms: 1320)), [.actionCredited(blink(40))])
        XCTAssertTrue(ledger.isCredited(.blink))
        XCTAssertFalse(ledger.isComplete)
        ledger.startFrame()
        ledger.propose(blink(50))
        XCTAssertTrue(ledger.creditable.contains(.blink), "creditable again, for the bench")
        XCTAssertTrue(ledger.proposed.isEmpty, "but credited once")
    }

    func testAnotherFaceCreditsNothingAndIsAnnouncedOnce() {
        var ledger = CreditLedger(config: LivenessConfig())
        ledger.identity.takeAutoshot(person(0))
        ledger.propose(blink(40))
        let events = ledger.judgeFace(person(0.7), frame: ChosenFrame(frame: 40, ms: 1320))
        guard case .faceChanged(let distance)? = events.first, events.count == 1 else { return XCTFail("\(events)") }
        XCTAssertEqual(distance, 0.7, accuracy: 1e-6)
        XCTAssertFalse(ledger.isCredited(.blink))
        XCTAssertEqual(ledger.nearestMiss(.blink)?.refusedBy.rule, .otherFace)
        ledger.startFrame()
        ledger.propose(blink(41))
        XCTAssertEqual(ledger.judgeFace(person(0.7), frame: ChosenFrame(frame: 41, ms: 1353)), [], "the same change")
    }

    func testAMissIsForgottenOnceItsActionIsCredited() {
        var ledger = CreditLedger(config: LivenessConfig())
        let frame = ChosenFrame(frame: 30, ms: 1000)
        ledger.offer(ActionMiss(action: .blink, frame: frame, value: 0.3, bound: 0.22, refusals: [Refusal(.outOfCircle)]))
        XCTAssertEqual(ledger.refusedNow.count, 1, "seen and refused on this frame")
        XCTAssertNotNil(ledger.nearestMiss(.blink))
        ledger.propose(blink(40))
        _ = ledger.judgeFace(nil, frame: ChosenFrame(frame: 40, ms: 1320))
        XCTAssertNil(ledger.nearestMiss(.blink))
    }
}
