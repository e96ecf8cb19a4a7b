import LivenessCore
import TestSupport
import XCTest

/// SPEC §2 "In circle" and the fitted guide for clips recorded without one (`GuideCircle`).
final class GuideCircleTests: XCTestCase {
    func testTheFixedGuideIsTheConfiguredCircle() {
        let guide = GuideCircle(config: LivenessConfig())
        XCTAssertEqual(guide.kind, .fixed)
        XCTAssertEqual(guide.circle(width: 640, height: 480, face: nil), Circle(centre: Point2(x: 320, y: 240), radius: 192))
    }

    func testTheFittedGuideIsPlacedOnceAroundTheFaceSeenWhenTheSettleEnds() throws {
        var config = LivenessConfig()
        config.fittedGuide = true
        config.fittedGuideFill = 0.5
        var guide = GuideCircle(config: config)
        let early = FaceEllipse(centre: Point2(x: 100, y: 100), semiWidth: 40, semiHeight: 60, roll: 0)
        let atSettle = FaceEllipse(centre: Point2(x: 500, y: 300), semiWidth: 80, semiHeight: 120, roll: 0)
        XCTAssertNil(guide.observe(early, settled: false, at: 0))
        XCTAssertNil(guide.placed, "not placed during the settle")
        // Until it is placed, the circle follows the face of the frame.
        XCTAssertEqual(guide.circle(width: 640, height: 480, face: early)?.centre, early.centre)
        XCTAssertNil(guide.observe(nil, settled: true, at: 300))
        XCTAssertNil(guide.placed, "no face, nothing to place it around")
        // Centred on the ellipse, whose longer axis fills half the diameter; past the frame's edge.
        let expected = Circle(centre: Point2(x: 500, y: 300), radius: 240)
        XCTAssertEqual(guide.observe(atSettle, settled: true, at: 333), expected, "returned when placed")
        XCTAssertEqual(guide.placed, expected)
        XCTAssertEqual(guide.placedAtMs, 333)
        XCTAssertNil(guide.observe(early, settled: true, at: 366), "placed once")
        XCTAssertEqual(guide.circle(width: 640, height: 480, face: early)?.centre, atSettle.centre, "placed once")
        let json = guide.json.serialized()
        XCTAssertTrue(json.contains("\"kind\":\"fitted\""), json)
        XCTAssertTrue(json.contains("\"placedAtMs\":333"), json)
    }

    /// A face far too big for the fixed circle, as a phone selfie is: never framed with the fixed
    /// guide, framed at once with the fitted one.
    func testAFaceTooBigForTheFixedGuideGetsItsAutoshotWithTheFittedOne() {
        let times = timestamps(fps: 30, durationMs: 2000)
        let fixed = runScan(times: times) { _ in Pose(.tooClose) }
        XCTAssertNil(fixed.session.autoshot)
        var config = LivenessConfig()
        config.fittedGuide = true
        let fitted = runScan(times: times, config: config) { _ in Pose(.tooClose) }
        XCTAssertNotNil(fitted.session.autoshot)
        XCTAssertEqual(fitted.session.guide.kind, .fitted)
    }

    /// SPEC §4 drives the overlay with events, so the fitted guide's place is announced once, on
    /// the frame it is placed, after `settled`; the fixed guide, which the configuration gives, is not.
    func testTheFittedGuideIsAnnouncedWhereItWasPlaced() throws {
        let times = timestamps(fps: 30, durationMs: 2000)
        XCTAssertFalse(runScan(times: times) { _ in Pose() }.events.contains { $0.kind.name == "guidePlaced" })
        var config = LivenessConfig()
        config.fittedGuide = true
        // No face until 500 ms: the guide waits for one after the settle.
        let run = runScan(times: times, config: config) { ms in Pose(ms < 500 ? .absent : .tooClose) }
        let names = run.events.map(\.kind.name)
        XCTAssertEqual(names.filter { $0 == "guidePlaced" }.count, 1, "\(names)")
        let placed = try XCTUnwrap(run.events.first { $0.kind.name == "guidePlaced" })
        XCTAssertEqual(placed.kind, .guidePlaced(try XCTUnwrap(run.session.guide.placed)))
        XCTAssertEqual(placed.ms, run.session.guide.placedAtMs)
        XCTAssertGreaterThanOrEqual(placed.ms, 500)
        XCTAssertLessThan(try XCTUnwrap(names.firstIndex(of: "settled")), try XCTUnwrap(names.firstIndex(of: "guidePlaced")))
        let line = placed.json.serialized()
        XCTAssertTrue(line.contains("\"event\":\"guidePlaced\"") && line.contains("\"radius\":"), line)
    }
}
