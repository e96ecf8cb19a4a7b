internal import CLivenessShim
import Foundation

/// Keeps OpenCV's and FFmpeg's own log lines off stderr (call once, before opening any video).
public func silenceLibraryLogs() {
    lv_silence_library_logs()
}

/// Runs `body` with file descriptor 2 pointed at a scratch file, so what a library prints there
/// by itself (libpng's and libjpeg's warnings, which OpenCV leaves on) does not reach the user
/// before, or instead of, the engine's one-line error. Returns the body's result and the last
/// line the library wrote, which may explain a failure. Call it only where no other thread
/// writes to stderr at the same time.
func capturingLibraryStderr<T>(_ body: () throws -> T) throws -> (value: T, lastLine: String?) {
    fflush(stderr)
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, let scratch = tmpfile() else {
        if saved >= 0 { close(saved) }
        return (try body(), nil)
    }
    dup2(fileno(scratch), STDERR_FILENO)
    defer {
        fflush(stderr)
        dup2(saved, STDERR_FILENO)
        close(saved)
        fclose(scratch)
    }
    let value: T
    do {
        value = try body()
    } catch {
        throw CapturedFailure(error: error, lastLine: lastLine(of: scratch))
    }
    return (value, lastLine(of: scratch))
}

/// A failure of the body, with the last line the library printed while it ran.
struct CapturedFailure: Error {
    let error: Error
    let lastLine: String?
}

/// The last non-empty line of the first 64 KiB written to `file`.
private func lastLine(of file: UnsafeMutablePointer<FILE>) -> String? {
    fflush(stderr)
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    let n = bytes.withUnsafeMutableBytes { pread(fileno(file), $0.baseAddress, $0.count, 0) }
    guard n > 0 else { return nil }
    let text = String(decoding: bytes[..<n], as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).last.map { String($0.trimmingCharacters(in: .whitespaces).prefix(200)) }
}

