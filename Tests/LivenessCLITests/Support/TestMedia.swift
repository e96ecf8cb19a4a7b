import DataTestSupport
import Foundation
import TestSupport
import XCTest

/// The real clips in the shared data folder, and media generated with ffmpeg at test time.
enum TestMedia {
    /// The data root (`TestData`: $LIVENESS_DATA, or ../shared/data beside the package root).
    static func dataDirectory() -> URL { TestData.root }

    /// The package's root folder (where Package.swift and Benchmarks/ are).
    static func packageRoot() -> URL { TestData.packageRoot }

    /// A file of the shared data folder; skips the test when it is not there (fails under CI).
    static func clip(_ relativePath: String) throws -> String { try TestData.require(relativePath) }

    /// A webcam selfie (WebM/VP8 in a .mov, 15 fps) with head turns and no blink confirmed by eye:
    /// under the defaults it ends incomplete (see `realMovPassingArguments`).
    static func realMov() throws -> String { try clip("liveness_real_vs_spoof_samples/videos/real.mov") }

    /// real.mov does not pass under the defaults: its one closing that reopens (5270 ms, inside a
    /// blink its labels leave uncertain) moves the lids by under 0.01 eye widths each way, under
    /// the blink's 0.03 (Benchmarks/RESULTS.md, "Blinks of people never seen"). With the bound off
    /// it passes (turn at 3068 ms, blink at 5270 ms): the arguments for the tests of what a passed
    /// run writes.
    static func realMovPassingArguments(in temp: TemporaryDirectory) throws -> [String] {
        ["--config", try temp.write(Self.lidTravelLowered, to: "real-passes.json")]
    }

    /// The configuration that takes the blink's lid travel bound off, below what real.mov's closing shows.
    static let lidTravelLowered = #"{"blinkMinLidTravel": 0}"#
    /// 72 frames at 30 fps, one blink at 833-1000 ms, no head turn: ends during the scan. Index (moov) at the end.
    static func singleFaceMP4() throws -> String { try clip("pyfeat_face_videos/single_face.mp4") }
    static func singleFaceJPEG() throws -> String { try clip("pyfeat_face_videos/single_face.jpg") }
    static func baselineMP4() throws -> String { try clip("openwillis_selfie_videos/baseline.mp4") }

    /// The ffmpeg executable on PATH; skips the test when it is not installed (fails under CI).
    static func ffmpeg() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Prerequisite.missing("ffmpeg is not installed (sudo apt-get install ffmpeg); it generates this test's media")
    }

    /// Runs ffmpeg quietly with `arguments`; throws with its stderr when it fails.
    static func runFFmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = try ffmpeg()
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError("ffmpeg \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }

    /// `count` bytes that are the same on every run (SplitMix64 from `seed`).
    static func noise(count: Int, seed: UInt64) -> Data {
        var state = seed
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            withUnsafeBytes(of: z) { bytes.append(contentsOf: $0) }
        }
        return Data(bytes.prefix(count))
    }

    /// The top-level boxes of an ISO-BMFF (MP4/MOV) file, in file order.
    static func topLevelBoxes(_ data: Data) -> [String] {
        var names: [String] = []
        var offset = 0
        let bytes = [UInt8](data)
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            names.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1, offset + 16 <= bytes.count {
                size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            }
            guard size >= 8 else { break }
            offset += size
        }
        return names
    }
}

/// JPEG checks for the stills the CLI writes.
enum JPEG {
    /// The frame size from the first start-of-frame marker, or nil when `data` is no baseline/progressive JPEG.
    static func size(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if (0xC0...0xC3).contains(marker) {
                let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                return (width, height)
            }
            offset += 2 + length
        }
        return nil
    }
}

/// Reading the JSON the CLI writes.
enum JSONFile {
    static func object(_ data: Data, what: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let text = String(decoding: data, as: UTF8.self)
        guard let value = try? JSONSerialization.jsonObject(with: data), let object = value as? [String: Any] else {
            XCTFail("\(what) is not one JSON object: \(text.prefix(400))", file: file, line: line)
            throw CLIError("\(what) is not one JSON object")
        }
        return object
    }

    static func object(at url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try object(try Data(contentsOf: url), what: url.path, file: file, line: line)
    }

    /// One JSON object per non-empty line.
    static func lines(at url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").enumerated().map { index, row in
            try object(Data(row.utf8), what: "\(url.lastPathComponent) line \(index + 1)", file: file, line: line)
        }
    }
}

/// Small accessors for JSON values decoded by JSONSerialization.
extension Dictionary where Key == String, Value == Any {
    func string(_ key: String) -> String? { self[key] as? String }
    func number(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func objects(_ key: String) -> [[String: Any]]? { self[key] as? [[String: Any]] }
    func isNull(_ key: String) -> Bool { self[key] is NSNull }
}
