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
        let socket = try LoopbackSocket.bound(type: Int32(SOCK_STREAM.rawValue), listening: listening ? 8 : nil)
        port = socket.port
        if !listening { close(socket.descriptor) }
        descriptor = listening ? socket.descriptor : -1
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A port on 127.0.0.1 nothing listens on (bound, then released).
    package static func closedPort() throws -> Int {
        try SilentListener(listening: false).port
    }
}
