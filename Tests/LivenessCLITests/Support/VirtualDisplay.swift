import Foundation
import TestSupport
import XCTest

/// An Xvfb X server on a display number Xvfb chooses itself, for the tests that open a window;
/// stopped when the value is released. Skips the test when Xvfb is not installed (fails under CI).
final class VirtualDisplay {
    let number: Int
    let width: Int
    let height: Int
    private let process: Process

    /// DISPLAY for a child process.
    var name: String { ":\(number)" }

    init(width: Int = 1280, height: Int = 1024) throws {
        guard let xvfb = Executable.find("Xvfb") else {
            throw Prerequisite.missing("Xvfb is not installed: sudo apt-get install xvfb (the Makefile's set-up installs it)")
        }
        self.width = width
        self.height = height
        // -displayfd: Xvfb takes a free number and writes it once it accepts connections. Picking
        // the number here raced with test jobs running beside this one: two servers tried one
        // number, and the loser's test drew on the winner's display until that one stopped.
        let announced = Pipe()
        let process = Process()
        process.executableURL = xvfb
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardOutput = announced
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = announced.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let number = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            throw CLIError("Xvfb did not start (exit \(process.terminationStatus)): no display number announced")
        }
        self.number = number
        self.process = process
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The whole screen now, as 8-bit RGB (ffmpeg's x11grab, without the mouse pointer).
    func screenshot(in directory: TemporaryDirectory, name: String = "shot") throws -> RGBImage {
        let raw = directory.file("\(name).rgb")
        try TestMedia.runFFmpeg([
            "-f", "x11grab", "-draw_mouse", "0", "-video_size", "\(width)x\(height)", "-i", self.name,
            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path,
        ])
        return try RGBImage(width: width, height: height, bytes: Data(contentsOf: raw))
    }
}

/// Looks an executable up on PATH.
enum Executable {
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
