import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Sockets on 127.0.0.1 for the test servers and peers: the one place that binds to
/// port 0 and reads back the port the kernel chose.
package enum LoopbackSocket {
    /// Why a socket could not be set up (the call and its errno).
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The address 127.0.0.1:`port`.
    package static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// A new socket of `type` (SOCK_STREAM or SOCK_DGRAM, flags such as SOCK_NONBLOCK
    /// or-ed in) bound to `port` on 127.0.0.1 (0: a free one the kernel chooses),
    /// listening with `backlog` when one is given; the caller owns the descriptor.
    package static func bound(type: Int32, port: Int = 0,
                              listening backlog: Int32? = nil) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = address(port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
                    && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
            }
        }
        guard ready else {
            let failure = errno
            close(descriptor)
            throw Failure(description: "cannot bind\(backlog == nil ? "" : " and listen on") a loopback port: errno \(failure)")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// The ports ``freePort(type:)`` handed out in this process: never handed out again.
    private static let handedOut = Mutex<Set<Int>>([])

    /// A port on 127.0.0.1 free now for sockets of `type` (bound, then released), for a
    /// server a test starts and may stop and start again on it. It lies below the
    /// kernel's ephemeral ports (32768 on): a client's connection, which takes its own
    /// port from those, could hold the port of a server stopped for a moment, and the
    /// server would not start again (a club test met it under load). None is handed out
    /// twice in one run.
    package static func freePort(type: Int32 = Int32(SOCK_STREAM.rawValue)) throws -> Int {
        for _ in 0..<1_000 {
            let port = Int.random(in: 20_000..<32_768)
            guard handedOut.withLock({ $0.insert(port).inserted }),
                  let socket = try? bound(type: type, port: port) else { continue }
            close(socket.descriptor)
            return port
        }
        throw Failure(description: "no free loopback port from 20000 to 32767")
    }
}
