import Foundation
import TestSupport
import XCTest

/// `liveness live` with a window, on a virtual X display (Xvfb): screenshots of the window show
/// the guide circle exactly where SPEC §2 puts it and the prompt above it, read from the pixels;
/// keys sent to the window restart and quit.
final class LiveWindowTests: XCTestCase {
    // The clip: a plain dark-gray 640x480 frame, so the session stays in framing with the
    // "Position your face in the frame" prompt, and anything else on screen is the overlay.
    static let frameWidth = 640, frameHeight = 480
    static let background = RGBImage.Pixel(r: 0x30, g: 0x30, b: 0x30)
    /// OverlayStyle.ringPlacing and OverlayStyle.text: white.
    static let white = RGBImage.Pixel(r: 255, g: 255, b: 255)
    /// SPEC §2 default circle: centre (0.5, 0.5), radius 0.40 of the shorter side.
    static let radius = 0.40 * Double(frameHeight)

    func testWindowShowsTheCircleWhereSPECPutsItAndThePrompt() throws {
        let temp = try TemporaryDirectory()
        let clip = try Self.plainClip(in: temp)
        let display = try VirtualDisplay()

        let shot = try Self.runAndCapture(["live", "--source", clip, "--seed", "1"], display: display, temp: temp)
        let frame = try XCTUnwrap(shot.frame, "no screenshot showed the window with its prompt")
        let centre = (x: Double(frame.x) + 0.5 * Double(Self.frameWidth), y: Double(frame.y) + 0.5 * Double(Self.frameHeight))
        Self.assertRing(in: shot.image, centre: centre, radius: Self.radius)
        Self.assertNoRing(in: shot.image, centre: centre, radius: Self.radius - 10, frame: frame)
        Self.assertNoRing(in: shot.image, centre: centre, radius: Self.radius + 10, frame: frame)
        let prompt = Self.promptPixels(in: shot.image, frame: frame)
        XCTAssertGreaterThan(prompt.count, 300, "white prompt text in the band above the circle")
        let meanX = Double(prompt.map(\.x).reduce(0, +)) / Double(max(1, prompt.count))
        XCTAssertEqual(meanX, Double(frame.x) + Double(Self.frameWidth) / 2, accuracy: 40, "the prompt is centred")

        XCTAssertEqual(shot.result.exitCode, 1, "quit before any autoshot: incomplete; stderr: \(shot.result.stderr)")
        XCTAssertTrue(shot.result.stdout.contains(#""event":"summary""#), shot.result.stdout)
    }

    func testMirroredWindowMirrorsTheCircleButNotTheText() throws {
        // The circle off-centre (x = 0.4): mirrored for display it must sit at x = 0.6, where the
        // user sees it; the prompt still reads left to right (the same pixels as unmirrored).
        let temp = try TemporaryDirectory()
        let clip = try Self.plainClip(in: temp)
        let config = try temp.write(#"{"circleCentreX": 0.4}"#, to: "config.json")
        let display = try VirtualDisplay()

        let plain = try Self.runAndCapture(["live", "--source", clip, "--config", config], display: display, temp: temp)
        let mirrored = try Self.runAndCapture(["live", "--source", clip, "--config", config, "--mirror"], display: display, temp: temp)
        let plainFrame = try XCTUnwrap(plain.frame, "no screenshot of the unmirrored window")
        let mirroredFrame = try XCTUnwrap(mirrored.frame, "no screenshot of the mirrored window")

        let y = 0.5 * Double(Self.frameHeight)
        Self.assertRing(in: plain.image, centre: (Double(plainFrame.x) + 0.4 * Double(Self.frameWidth), Double(plainFrame.y) + y), radius: Self.radius)
        Self.assertRing(in: mirrored.image, centre: (Double(mirroredFrame.x) + 0.6 * Double(Self.frameWidth), Double(mirroredFrame.y) + y), radius: Self.radius)
        Self.assertNoRing(in: mirrored.image, centre: (Double(mirroredFrame.x) + 0.4 * Double(Self.frameWidth), Double(mirroredFrame.y) + y),
                          radius: Self.radius, frame: mirroredFrame)

        // Text drawn after mirroring: the prompt's pixels match the unmirrored ones, not their flip.
        let a = Set(Self.promptPixels(in: plain.image, frame: plainFrame).map { Point(x: $0.x - plainFrame.x, y: $0.y - plainFrame.y) })
        let b = Set(Self.promptPixels(in: mirrored.image, frame: mirroredFrame).map { Point(x: $0.x - mirroredFrame.x, y: $0.y - mirroredFrame.y) })
        let flipped = Set(a.map { Point(x: Self.frameWidth - 1 - $0.x, y: $0.y) })
        XCTAssertGreaterThan(a.count, 300)
        XCTAssertGreaterThan(Double(a.intersection(b).count), 0.9 * Double(a.count), "the mirrored window's prompt reads like the plain one")
        XCTAssertLessThan(Double(flipped.intersection(b).count), 0.5 * Double(a.count), "the prompt is not mirrored text")
    }

    func testKeysRestartAndQuit() throws {
        // r ends the running session and starts one with the next seed; q quits: the run ends
        // at once, not when the clip does, with the last session incomplete.
        guard let xdotool = Executable.find("xdotool") else {
            throw Prerequisite.missing("xdotool is not installed: sudo apt-get install xdotool (the Makefile's set-up installs it)")
        }
        let temp = try TemporaryDirectory()
        let clip = try Self.plainClip(in: temp)
        let display = try VirtualDisplay()
        let result = try CLI.run(["live", "--source", clip, "--seed", "41"],
                                 environment: ["DISPLAY": display.name, "QT_QPA_PLATFORM": "xcb", "XDG_RUNTIME_DIR": temp.path], timeout: 90,
                                 watchingStdout: { stdout in
            // Once the first session shows its prompt press r; once the second has started, q.
            let printed = { (event: String) in
                ((try? String(contentsOf: stdout, encoding: .utf8)) ?? "").components(separatedBy: #""event":"\#(event)""#).count - 1
            }
            guard Self.waitFor({ printed("prompt") > 0 ? true : nil }) != nil,
                  let window = Self.waitFor({ Self.runTool(xdotool, ["search", "--name", "^liveness: "], display: display)?
                      .split(separator: "\n").first.map(String.init) }) else { return }
            _ = Self.runTool(xdotool, ["key", "--window", window, "r"], display: display)
            guard Self.waitFor({ printed("started") == 2 ? true : nil }) != nil else { return }
            _ = Self.runTool(xdotool, ["key", "--window", window, "q"], display: display)
        })
        XCTAssertEqual(result.exitCode, 1, "quitting is not passing; stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").compactMap { row in
            (try? JSONSerialization.jsonObject(with: Data(row.utf8))) as? [String: Any]
        }
        let names = lines.compactMap { $0.string("event") }
        let restarted = try XCTUnwrap(lines.first { $0.string("event") == "restarted" }, "no restarted line: \(names)")
        XCTAssertEqual(restarted.string("seed"), "42", "r: the next seed")
        XCTAssertEqual(names.filter { $0 == "started" }.count, 2, "\(names)")
        XCTAssertEqual(names.filter { $0 == "incomplete" }.count, 2, "each session ends incomplete: \(names)")
        let quitAt = try XCTUnwrap(lines.last { $0.string("event") == "incomplete" }?.int("ms"))
        XCTAssertLessThan(quitAt, 29_000, "q ended the run before the 30 s clip did")
        let summary = try XCTUnwrap(lines.last)
        XCTAssertEqual(summary.string("event"), "summary")
        XCTAssertEqual(summary["quit"] as? Bool, true)
        XCTAssertEqual(summary.int("sessions"), 2)
        XCTAssertEqual(summary.string("seed"), "42")
        XCTAssertEqual(summary.string("outcome"), "incomplete")
    }

    // MARK: - Helpers

    /// Polls `found` until it gives a value, for up to 40 s; nil when it never did.
    static func waitFor<T>(_ found: () -> T?) -> T? {
        let deadline = Date(timeIntervalSinceNow: 40)
        while Date() < deadline {
            if let value = found() { return value }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// Runs a helper tool against `display`; its stdout, or nil when it failed.
    static func runTool(_ tool: URL, _ arguments: [String], display: VirtualDisplay) -> String? {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display.name]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    struct Point: Hashable {
        var x: Int, y: Int
    }

    struct Capture {
        var image: RGBImage
        /// Where the 640x480 frame is on the screen; nil when no screenshot showed it.
        var frame: (x: Int, y: Int, width: Int, height: Int)?
        var result: CLIResult
    }

    static func plainClip(in temp: TemporaryDirectory, seconds: Int = 30) throws -> String {
        let clip = temp.file("plain.avi")
        try TestMedia.runFFmpeg([
            "-f", "lavfi", "-i", "color=c=0x303030:size=\(frameWidth)x\(frameHeight):rate=30:duration=\(seconds)",
            "-c:v", "mjpeg", "-q:v", "2", clip.path,
        ])
        return clip.path
    }

    /// Runs `arguments` on `display` and takes screenshots while it runs, keeping the first that
    /// shows the whole frame with a prompt drawn; then presses q, so the run lasts as long as the
    /// screenshots take on a busy machine, not as long as a clip happens to be.
    static func runAndCapture(_ arguments: [String], display: VirtualDisplay, temp: TemporaryDirectory) throws -> Capture {
        guard let xdotool = Executable.find("xdotool") else {
            throw Prerequisite.missing("xdotool is not installed: sudo apt-get install xdotool (the Makefile's set-up installs it)")
        }
        let box = ShotBox()
        let shooter = Thread {
            defer { box.stopped() }
            let deadline = Date(timeIntervalSinceNow: 60)
            var attempt = 0
            while !box.isDone, Date() < deadline {
                attempt += 1
                if let image = try? display.screenshot(in: temp, name: "shot\(attempt)") {
                    let frame = image.boundingBox(of: background, tolerance: 6)
                    if let frame, abs(frame.width - frameWidth) <= 2, abs(frame.height - frameHeight) <= 2,
                       promptPixels(in: image, frame: frame).count > 300 {
                        box.keep(image, frame: frame, note: "screenshot \(attempt)")
                        break
                    }
                    box.keep(image, frame: nil, note: "\(attempt) screenshots, the last one's background box \(frame.map { "\($0)" } ?? "none")")
                }
                Thread.sleep(forTimeInterval: 0.3)
            }
            // Found or given up: quit the run (q, as a user would).
            if let window = runTool(xdotool, ["search", "--name", "^liveness: "], display: display)?.split(separator: "\n").first {
                _ = runTool(xdotool, ["key", "--window", String(window), "q"], display: display)
            }
        }
        shooter.start()
        // XDG_RUNTIME_DIR keeps Qt from warning on stderr about a missing one.
        let result = try CLI.run(arguments, environment: ["DISPLAY": display.name, "QT_QPA_PLATFORM": "xcb", "XDG_RUNTIME_DIR": temp.path], timeout: 120)
        box.finish()
        box.waitUntilStopped()
        let (image, frame, note) = box.taken()
        guard let image else { throw CLIError("no screenshot could be taken of display \(display.name); stderr: \(result.stderr)") }
        if frame == nil { XCTFail("no screenshot showed the window with its prompt (\(note)); exit \(result.exitCode), stderr: \(result.stderr)") }
        return Capture(image: image, frame: frame, result: result)
    }

    /// Near-white pixels in the band above the circle (down to 4 pixels above the ring).
    static func promptPixels(in image: RGBImage, frame: (x: Int, y: Int, width: Int, height: Int)) -> [Point] {
        var found: [Point] = []
        let band = Int(0.5 * Double(frame.height) - radius) - 4
        for y in frame.y..<frame.y + band {
            for x in frame.x..<frame.x + frame.width where image.pixel(x, y)?.isNear(white, tolerance: 40) == true {
                found.append(Point(x: x, y: y))
            }
        }
        return found
    }

    /// Along the circle (72 points), the ring's white is within a pixel of the radius.
    static func assertRing(in image: RGBImage, centre: (x: Double, y: Double), radius: Double, file: StaticString = #filePath, line: UInt = #line) {
        var hits = 0
        for step in 0..<72 {
            let angle = Double(step) * .pi / 36
            let onRing = (-1...1).contains { d in
                let r = radius + Double(d)
                let pixel = image.pixel(Int((centre.x + r * cos(angle)).rounded()), Int((centre.y + r * sin(angle)).rounded()))
                return pixel?.isNear(white, tolerance: 40) == true
            }
            if onRing { hits += 1 }
        }
        XCTAssertGreaterThanOrEqual(hits, 70, "the ring of radius \(radius) around (\(centre.x), \(centre.y)): \(hits)/72 points white", file: file, line: line)
    }

    /// Along a circle where no ring should be, below the prompt band, the frame's background shows.
    static func assertNoRing(in image: RGBImage, centre: (x: Double, y: Double), radius: Double, frame: (x: Int, y: Int, width: Int, height: Int),
                             file: StaticString = #filePath, line: UInt = #line) {
        var checked = 0, background = 0
        let bandBottom = Double(frame.y) + 0.5 * Double(frame.height) - Self.radius
        for step in 0..<72 {
            let angle = Double(step) * .pi / 36
            let x = Int((centre.x + radius * cos(angle)).rounded()), y = Int((centre.y + radius * sin(angle)).rounded())
            guard Double(y) > bandBottom + 4, x >= frame.x, x < frame.x + frame.width, y < frame.y + frame.height else { continue }
            checked += 1
            if image.pixel(x, y)?.isNear(Self.background, tolerance: 12) == true { background += 1 }
        }
        XCTAssertGreaterThan(checked, 40, file: file, line: line)
        XCTAssertGreaterThanOrEqual(background, checked - 5, "no ring at radius \(radius) around (\(centre.x), \(centre.y))", file: file, line: line)
    }
}

/// The screenshot thread's result, handed to the test thread.
private final class ShotBox: @unchecked Sendable {
    // @unchecked Sendable: every property is guarded by `lock`.
    private let lock = NSLock()
    private var image: RGBImage?
    private var frame: (x: Int, y: Int, width: Int, height: Int)?
    private var note = ""
    private var done = false
    private let finished = DispatchSemaphore(value: 0)

    var isDone: Bool { lock.withLock { done } }

    func keep(_ image: RGBImage, frame: (x: Int, y: Int, width: Int, height: Int)?, note: String) {
        lock.withLock {
            if self.frame == nil {
                self.image = image
                self.frame = frame
                self.note = note
            }
            if frame != nil { done = true }
        }
    }

    func finish() { lock.withLock { done = true } }

    /// Called by the screenshot thread as it ends.
    func stopped() { finished.signal() }

    func waitUntilStopped() { finished.wait() }

    func taken() -> (RGBImage?, (x: Int, y: Int, width: Int, height: Int)?, String) {
        lock.withLock { (image, frame, note) }
    }
}
