import Foundation
import XCTest

/// Small inputs are read within a size limit, a device is refused where a file is meant, a FIFO
/// with no writer does not hang, workers are capped by the machine and images by their pixels.
final class BoundedInputTests: XCTestCase {
    /// A FIFO nobody writes to, a device that never ends, and a 2 GiB file (sparse: no disk used).
    private func endlessInputs(in temp: TemporaryDirectory) throws -> [String: String] {
        let huge = temp.file("huge.json").path
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
        XCTAssertEqual(truncate(huge, 2 << 30), 0)
        return ["FIFO": try HostileFixtures.fifo(temp.file("fifo").path), "device": "/dev/zero", "huge file": huge]
    }

    func testConfigurationListAndManifestAreBounded() throws {
        let temp = try TemporaryDirectory()
        let clip = try TestMedia.gridClip()
        for (what, path) in try endlessInputs(in: temp) {
            let config = try CLI.run(["score", clip, "--config", path])
            Expect.errorLine(config, code: 3, naming: path, cause: [])
            let manifest = try CLI.run(["bench", path])
            Expect.errorLine(manifest, code: 3, naming: path, cause: [])
            let list = try CLI.run(["score", "--list", path, "--jobs", "1"])
            // A FIFO with no writer is an empty list: nothing to score, and no wait.
            if what == "FIFO" {
                XCTAssertEqual(list.exitCode, 0, list.stderr)
                XCTAssertEqual(try BatchOutput(list.stdout).summary?.int("clips"), 0)
            } else {
                Expect.errorLine(list, code: 3, naming: path, cause: ["list cannot be used"])
            }
        }
        let fromStdin = try CLI.run(["score", "--list", "-", "--jobs", "1"], stdin: "/dev/zero")
        Expect.errorLine(fromStdin, code: 3, naming: "stdin", cause: ["NUL byte"])
        let endless = try temp.write(String(repeating: "/x.mp4\n", count: 1_000_001), to: "endless.txt")
        let long = try CLI.run(["score", "--list", endless, "--jobs", "1"])
        Expect.errorLine(long, code: 3, naming: endless, cause: ["more than 1000000 paths"])
    }

    func testAConfigurationFromAPipeStillWorks() throws {
        let result = try CLI.run(["score", try TestMedia.gridClip(), "--seed", "1", "--json", "--config", "/dev/stdin"],
                                 shell: #"echo '{"capMs": 10000}' | exec "$@""#)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        XCTAssertEqual(try result.json().object("config")?.number("capMs"), 10000)
    }

    /// Issue 36 row 13's sibling: one worker scoring a 16x16000 strip and then a 16000x16 one kept
    /// OpenCV's cascade buffers as wide as the one and as tall as the other, 20000 x 20000: the
    /// second clip failed as over the 4096 MB limit. Both are scored, in either order.
    func testOneWorkerScoresATallStripThenAWideOne() throws {
        let temp = try TemporaryDirectory()
        let tall = temp.file("tall.mp4").path, wide = temp.file("wide.mp4").path
        for (path, size) in [(tall, "16x16000"), (wide, "16000x16")] {
            try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc=size=\(size):rate=10", "-t", "0.5", "-c:v", "libx264", "-pix_fmt", "yuv420p", path])
        }
        for order in [[tall, wide], [wide, tall]] {
            let result = try CLI.run(["score"] + order + ["--jobs", "1", "--seed", "1"], timeout: 300)
            XCTAssertEqual(result.exitCode, 0, result.stderr)
            let records = try BatchOutput(result.stdout).records
            XCTAssertEqual(records.count, 2)
            for record in records {
                XCTAssertEqual(record.string("outcome"), "incomplete", "\(record)")
            }
        }
    }

    func testJobsAreCappedByTheMachineAndTheSummarySaysHowManyRan() throws {
        let temp = try TemporaryDirectory()
        let text = try temp.write("not a video\n", to: "text.mp4")
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        let result = try CLI.run(["score", "--list", try temp.write(String(repeating: text + "\n", count: 3 * cpus + 2), to: "list.txt"), "--jobs", "256"], timeout: 300)
        XCTAssertEqual(result.exitCode, 3, result.stderr)
        let summary = try XCTUnwrap(try BatchOutput(result.stdout).summary)
        let jobs = try XCTUnwrap(summary.int("jobs"))
        XCTAssertEqual(summary.int("jobsAsked"), 256)
        XCTAssertLessThanOrEqual(jobs, 2 * cpus)
        XCTAssertLessThanOrEqual(summary.int("workersAtOnce") ?? .max, jobs)
        XCTAssertEqual(summary.int("workersStarted"), summary.int("workersAtOnce"), "no worker died")
        let human = try XCTUnwrap(result.stderrLines.last)
        XCTAssertTrue(human.contains("with \(summary.int("workersAtOnce") ?? -1) worker(s) (--jobs 256 capped to \(jobs) for \(cpus) CPU"), human)
    }

    func testMeasureRefusesImagesOverThePixelLimitBeforeDecoding() throws {
        let temp = try TemporaryDirectory()
        let huge = try temp.write(HostileFixtures.pngHeader(width: 32000, height: 32000), to: "huge.png")
        let result = try CLI.run(["measure", huge])
        Expect.errorLine(result, code: 3, naming: huge, cause: ["32000x32000", "over the limit of 100 megapixels", "not decoded"])
        // A header whose width times height overflows 64 bits is refused the same way (it trapped).
        let overflowing = try temp.write(HostileFixtures.pngHeader(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), to: "overflowing.png")
        Expect.errorLine(try CLI.run(["measure", overflowing]), code: 3, naming: overflowing, cause: ["4294967295x4294967295", "over the limit of 100 megapixels"])
        // Just under the limit the header passes (the image is then found truncated).
        let under = try temp.write(HostileFixtures.pngHeader(width: 10000, height: 10000), to: "under.png")
        Expect.errorLine(try CLI.run(["measure", under]), code: 3, naming: under, cause: ["not a readable image"])
    }

    func testLibraryWarningsStayOffStderr() throws {
        let temp = try TemporaryDirectory()
        let corrupt = try temp.write(HostileFixtures.png(badChecksum: true), to: "corrupt.png")
        let result = try CLI.run(["measure", corrupt])
        // libpng's own "libpng error: IHDR: CRC error" becomes the cause inside our one line.
        Expect.errorLine(result, code: 3, naming: corrupt, cause: ["not a readable image", "CRC error"])
        let warned = try temp.write(HostileFixtures.png(warning: true), to: "warned.png")
        let fine = try CLI.run(["measure", warned])
        XCTAssertEqual(fine.exitCode, 0, fine.stderr)
        XCTAssertEqual(fine.stderr, "", "libpng's warning line")
    }

    func testADeeplyNestedCascadeIsRefusedBeforeOpenCVParsesIt() throws {
        let temp = try TemporaryDirectory()
        let depth = 50_000
        let deep = try temp.write("<?xml version=\"1.0\"?>\n<opencv_storage>" + String(repeating: "<a>", count: depth)
                                  + String(repeating: "</a>", count: depth) + "</opencv_storage>\n", to: "deep.xml")
        for option in ["--face-cascade", "--search-cascade"] {
            let result = try CLI.run(["score", try TestMedia.gridClip(), option, deep])
            Expect.errorLine(result, code: 3, naming: deep, cause: ["nested 50001 levels deep"])
        }
        let gzipped = try temp.write("not checked", to: "cascade.xml.gz")
        Expect.errorLine(try CLI.run(["measure", try TestMedia.singleFaceJPEG(), "--face-cascade", gzipped]), code: 3, naming: gzipped, cause: ["compressed"])
    }

    func testHugeNumbersOnTheCommandLineAreUsageErrors() throws {
        let clip = try TestMedia.gridClip()
        Expect.usageError(try CLI.run(["live", "--camera", "99999999999", "--headless"]), cause: "--camera must be between 0 and 255", usage: "usage: liveness live")
        Expect.usageError(try CLI.run(["score", clip, "--jobs", "1", "--clip-timeout", "9999999999"]), cause: "--clip-timeout must be", usage: "usage: liveness score")
        Expect.usageError(try CLI.run(["score", clip, "--jobs", "1", "--memory-limit", "99999999999999999"]), cause: "--memory-limit must be", usage: "usage: liveness score")
    }
}
