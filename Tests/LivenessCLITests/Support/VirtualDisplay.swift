import Foundation
import TestSupport
import XCTest

/// An Xvfb X server on a free display number, for the tests that open a window; stopped when
/// the value is released. Skips the test when Xvfb is not installed (fails under CI).
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
        // Another test run may take a number between our look and Xvfb's start: try the next one.
        for number in 90..<190 where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            let process = Process()
            process.executableURL = xvfb
            process.arguments = [":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let socket = "/tmp/.X11-unix/X\(number)"
            let deadline = Date(timeIntervalSinceNow: 10)
            while process.isRunning, !FileManager.default.fileExists(atPath: socket), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            if process.isRunning, FileManager.default.fileExists(atPath: socket) {
                self.number = number
                self.process = process
                return
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        throw CLIError("no free X display number in 90..<190 for Xvfb")
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
