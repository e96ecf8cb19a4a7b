import Foundation

/// Writes every byte, retrying after interrupts; false on any other failure (EPIPE included: the
/// coordinator ignores SIGPIPE).
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        written += n
    }
    return true
}
