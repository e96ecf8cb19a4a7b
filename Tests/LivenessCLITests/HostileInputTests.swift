import Foundation
import XCTest

/// The hostile-input corpus (Benchmarks/make_hostile_corpus.sh --quick): every case gives what its
/// manifest says, in batch mode and alone, in bounded time; rotated, variable-rate and mislabelled
/// copies score like their upright twin.
final class HostileInputTests: XCTestCase {
    /// The corpus and its batch run, made once for all the tests of this class.
    private struct Corpus {
        let directory: TemporaryDirectory
        let cases: [[String: Any]]
        let batch: CLIResult
        let output: BatchOutput

        func path(_ file: String) -> String { directory.file(file).path }
    }

    private static var made: Result<Corpus, Error>?
    /// Per-clip limit of the corpus run: generous, as other work may load the machine.
    private static let clipTimeout = 180

    private func corpus() throws -> Corpus {
        if Self.made == nil { Self.made = Result { try Self.make() } }
        return try Self.made!.get()
    }

    private static func make() throws -> Corpus {
        _ = try TestMedia.ffmpeg()
        _ = try TestMedia.singleFaceMP4()
        let directory = try TemporaryDirectory(prefix: "liveness-hostile")
        let script = try Scripts.run("Benchmarks/make_hostile_corpus.sh", ["--quick", directory.path])
        guard script.status == 0 else { throw CLIError("make_hostile_corpus.sh failed: \(script.stderr)") }
        let manifest = try Data(contentsOf: directory.file("manifest.json"))
        let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: manifest) as? [[String: Any]])
        let batch = try CLI.run(
            ["score", "--list", directory.file("list.txt").path, "--jobs", "2", "--seed", "1", "--clip-timeout", "\(clipTimeout)"], timeout: 900)
        return Corpus(directory: directory, cases: cases, batch: batch, output: try BatchOutput(batch.stdout))
    }

    func testEveryCaseGivesItsAnswerOrItsErrorInBatchMode() throws {
        let corpus = try corpus()
        XCTAssertGreaterThanOrEqual(corpus.cases.count, 15)
        XCTAssertEqual(corpus.output.records.count, corpus.cases.count, "every case accounted for")
        XCTAssertEqual(corpus.batch.exitCode, 3, "the corpus holds input errors")
        for entry in corpus.cases {
            let file = try XCTUnwrap(entry.string("file"))
            let record = try corpus.output.record(corpus.path(file))
            let allowed = (entry["exitCodes"] as? [Int]) ?? []
            let code = BatchOutput.exitCode(of: record)
            XCTAssertTrue(code.map(allowed.contains) ?? false, "\(file): exit code \(String(describing: code)), expected one of \(allowed): \(record)")
            if let outcome = entry.string("outcome") {
                XCTAssertEqual(record.string("outcome"), outcome, "\(file): \(entry.string("note") ?? "")")
            }
            if let kind = entry.string("errorKind") {
                XCTAssertEqual(record.object("error")?.string("kind"), kind, "\(file): \(entry.string("note") ?? "")")
                let message = record.object("error")?.string("message") ?? ""
                XCTAssertTrue(message.hasPrefix("liveness: \(corpus.path(file)): "), "\(file): the error names the file: \(message)")
                XCTAssertFalse(message.contains("\n"), "\(file): one line")
            }
            // Bounded time per clip (the 10-minute clips included): within the limit, or the
            // clip would be a timeLimit error above.
            XCTAssertLessThan(record.object("timing")?.number("wallMs") ?? 0, Double(Self.clipTimeout) * 1000, "\(file) took too long")
        }
        CLI.assertNoCrash(corpus.batch)
        XCTAssertEqual(corpus.output.summary?.int("workersStarted"), 2, "no worker died on any of them")
    }

    func testRotatedVariableRateAndMislabelledCopiesScoreLikeTheirUprightTwin() throws {
        let corpus = try corpus()
        let twinned = corpus.cases.filter { $0.string("twin") != nil }
        XCTAssertEqual(Set(twinned.compactMap { $0.string("file") }),
                       ["rotate-90.mp4", "rotate-180.mp4", "rotate-270.mp4", "vfr-retimed.mp4", "vfr-dropped.mp4", "wrong-fps-header.mkv",
                        "turned-45.mp4", "zero-matrix.mp4", "file:one-frame.mp4", "pipe:0", "http:/127.0.0.1:9/http-named.mp4", #"caf\xE9.mp4"#,
                        "late-start-600.mkv", "late-start-36000.mkv", "hflip.mp4", "hflip-rotate-90.mp4", "long-audio.mkv", "long-audio.webm", "audio-burst.mkv", "vflip-rotate-180.mp4", "upright.ts"])
        for entry in twinned {
            let file = try XCTUnwrap(entry.string("file"))
            let record = try corpus.output.record(corpus.path(file))
            let twin = try corpus.output.record(corpus.path(try XCTUnwrap(entry.string("twin"))))
            XCTAssertTrue(twin.isNull("error"), "\(twin)")
            let codec = record.object("input")?.string("codec") ?? ""
            XCTAssertTrue(!codec.isEmpty && codec.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(file): codec \(codec.debugDescription)")
            XCTAssertEqual(record.string("outcome"), twin.string("outcome"), "\(file): outcome")
            // Variable-rate copies: the outcome only (see the manifest's note).
            guard entry.string("twinMatch") == "credits" else { continue }
            // Two frames of the twin's rate.
            let slack = 2 * 1000 / (twin.object("input")?.number("declaredFps") ?? 30) + 1
            XCTAssertEqual(record.object("autoshot")?.number("ms") ?? -1, twin.object("autoshot")?.number("ms") ?? -1, accuracy: slack, "\(file): autoshot")
            let credits = { (r: [String: Any]) in
                Dictionary(uniqueKeysWithValues: (r.objects("actions") ?? []).compactMap { a in
                    a["credited"] as? Bool == true ? a.string("action").map { ($0, a.number("ms") ?? -1) } : nil
                })
            }
            let mine = credits(record), theirs = credits(twin)
            XCTAssertEqual(Set(mine.keys), Set(theirs.keys), "\(file): the same actions credited")
            for (action, ms) in theirs {
                XCTAssertEqual(mine[action] ?? -1, ms, accuracy: slack, "\(file): \(action) credited at \(String(describing: mine[action])) ms, the twin at \(ms) ms")
            }
            if file.hasPrefix("rotate-") {
                let input = try XCTUnwrap(record.object("input")), upright = try XCTUnwrap(twin.object("input"))
                XCTAssertNotEqual(input.int("rotationDegrees"), 0, "\(file): the rotation metadata was read")
                if file != "rotate-180.mp4" {
                    XCTAssertEqual(input.int("width"), upright.int("height"), "\(file) is stored sideways")
                }
                XCTAssertEqual(record.object("frames")?.int("inCircle"), twin.object("frames")?.int("inCircle"), "\(file): the face is found as upright")
            }
            if file == "turned-45.mp4" || file == "zero-matrix.mp4" {
                XCTAssertEqual(record.object("input")?.int("rotationDegrees"), 0, "\(file): no quarter turn, no rotation")
            }
        }
    }

    func testBadFilesAloneGiveOneLineAndTheirExitCode() throws {
        let corpus = try corpus()
        for entry in corpus.cases where entry.string("errorKind") != nil || entry.string("file") == "one-frame.mp4" {
            let file = try XCTUnwrap(entry.string("file"))
            let path = corpus.path(file)
            let result = try CLI.run(["score", path, "--seed", "1", "--json"], timeout: 60)
            let allowed = (entry["exitCodes"] as? [Int]) ?? []
            XCTAssertTrue(allowed.contains(Int(result.exitCode)), "\(file): exit \(result.exitCode), expected one of \(allowed): \(result.stderr)")
            if result.exitCode == 3 {
                Expect.errorLine(result, code: 3, naming: path, cause: [])
                let batchMessage = try corpus.output.record(path).object("error")?.string("message")
                XCTAssertEqual(result.stderrLines.first, batchMessage, "\(file): the same message alone and in a batch")
            }
        }
    }
}
