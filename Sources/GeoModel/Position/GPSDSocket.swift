import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One address to try for the daemon: a socket address as `connect()` takes it.
struct GPSDSocketAddress: Sendable {
    /// `AF_INET` or `AF_INET6`.
    let family: Int32
    /// The `sockaddr_in` or `sockaddr_in6`, byte for byte.
    let bytes: [UInt8]

    /// Every TCP address `host`, `port` names, in the resolver's order; with
    /// `numericOnly` only when `host` is an address written out (no lookup, which
    /// cannot block), otherwise by the system's resolver (which may).
    static func resolve(host: String, port: UInt16, numericOnly: Bool) -> [GPSDSocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (numericOnly ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [GPSDSocketAddress] = []
        var entry = list
        while let info = entry?.pointee {
            if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
                addresses.append(GPSDSocketAddress(family: info.ai_family, bytes: bytes))
            }
            entry = info.ai_next
        }
        return addresses
    }

    /// Opens a non-blocking TCP socket and starts connecting it to this address.
    /// Returns the socket and whether the connection is already made; nil when the
    /// attempt failed at once (nothing listens on a local port, no route).
    func startConnecting() -> (socket: Int32, connected: Bool)? {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let result = bytes.withUnsafeBytes { raw in
            connect(descriptor, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if result == 0 { return (descriptor, true) }
        if errno == EINPROGRESS || errno == EINTR { return (descriptor, false) }
        close(descriptor)
        return nil
    }
}

/// The outcome of a non-blocking connection attempt, asked without waiting.
enum GPSDConnectProgress {
    /// Still under way.
    case pending
    /// Connected.
    case connected
    /// Refused, unreachable, or otherwise failed.
    case failed

    /// Where the connection attempt on `socket` stands now (`poll()` with no wait).
    static func check(_ socket: Int32) -> GPSDConnectProgress {
        var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&descriptor, 1, 0)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .pending }
        if ready < 0 { return .failed }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return .failed }
        return error == 0 && descriptor.revents & Int16(POLLOUT) != 0 ? .connected : .failed
    }
}

/// A host name lookup on a thread of its own, so that a slow resolver never holds up
/// the client's caller; the client asks for the result on its next call.
final class GPSDResolution: @unchecked Sendable {
    private let lock = NSLock()
    private var result: [GPSDSocketAddress]?

    /// Starts looking up `host`, `port`.
    init(host: String, port: UInt16) {
        Thread.detachNewThread { [self] in
            let addresses = GPSDSocketAddress.resolve(host: host, port: port, numericOnly: false)
            lock.withLock { result = addresses }
        }
    }

    /// The addresses found (empty when the name is unknown); nil while the lookup runs.
    var addresses: [GPSDSocketAddress]? {
        lock.withLock { result }
    }
}
