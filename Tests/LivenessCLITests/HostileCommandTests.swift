import Foundation
import XCTest

/// Commands a clumsy or hostile user runs (issue 20): displays Qt cannot open, signals nohup set,
/// odd names and lists, late timestamps, files that are not what their names say.
final class HostileCommandTests: XCTestCase {
    /// A TCP port on 127.0.0.1 in 6000+N that nothing listens on: DISPLAY=127.0.0.1:N is dead.
    static func deadTCPDisplay() throws -> String {
        for number in 150..<250 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(6000 + number).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if connected != 0 { return "127.0.0.1:\(number)" }
        }
        throw CLIError("every port 6150..<6250 on 127.0.0.1 accepts connections")
    }

    /// Case 3: Qt aborted the process (SIGABRT) on a display it could not open although a
    /// check passed: a remote display (dead ssh -X), or a platform Qt does not have.
    func testADisplayQtCannotOpenIsAnInputErrorNotAnAbort() throws {
        let clip = try TestMedia.singleFaceMP4()
        let dead = try Self.deadTCPDisplay()
        for display in [dead, dead + ".0"] {
            let result = try CLI.run(["live", "--source", clip], environment: ["DISPLAY": display, "QT_QPA_PLATFORM": ""])
            Expect.errorLine(result, code: 3, naming: "DISPLAY=\(display)", cause: ["no display", "Qt could not open", "--headless"])
        }
        let display = try VirtualDisplay()
        let bogus = try CLI.run(["live", "--source", clip], environment: ["DISPLAY": display.name, "QT_QPA_PLATFORM": "bogus"])
        Expect.errorLine(bogus, code: 3, naming: "QT_QPA_PLATFORM=bogus", cause: ["no display", "--headless"])
    }
}
