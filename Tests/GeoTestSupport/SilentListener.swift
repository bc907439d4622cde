import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket on 127.0.0.1 that accepts connections in the kernel (for its backlog)
/// but never answers: a server that has stopped responding. With `listening: false`
/// the port is bound and released at once: a port nothing listens on.
package final class SilentListener {
    package let port: Int
    private let descriptor: Int32

    package init(listening: Bool = true) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PostgresTestServer.Failure("cannot open a socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
                    && (!listening || listen(descriptor, 8) == 0)
            }
        }
        let failure = errno
        port = Int(UInt16(bigEndian: address.sin_port))
        if !ready || !listening { close(descriptor) }
        self.descriptor = ready && listening ? descriptor : -1
        guard ready else { throw PostgresTestServer.Failure("cannot open a listening socket: errno \(failure)") }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A port on 127.0.0.1 nothing listens on (bound, then released).
    package static func closedPort() throws -> Int {
        try SilentListener(listening: false).port
    }
}
