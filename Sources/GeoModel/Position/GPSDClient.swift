import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client of gpsd, the Linux GPS daemon: keeps the latest fix from its TPV reports
/// and never blocks or slows its caller.
///
/// It speaks gpsd's JSON protocol over TCP: after connecting it sends
/// `?WATCH={"enable":true,"json":true};` and reads one JSON report per line. TPV reports
/// carry the fix (mode 2 or 3 with `lat` and `lon`) or its absence (mode 0 or 1);
/// reports of every other class are skipped, and so is a line that is not JSON or
/// longer than 64 KiB.
///
/// The caller drives it from its own run loop, with no thread or timer of its own:
/// poll ``descriptor`` for reading beside the terminal, sleep at most ``wakeAfter``,
/// and call ``readAvailable()`` whenever either says so. Connecting is non-blocking
/// too: an attempt that is not answered within ``connectTimeout`` fails, and after a
/// failure or a lost connection the client tries again, waiting longer each time (see
/// ``Backoff``). A host name is looked up on a thread of its own.
public final class GPSDClient {
    /// How long a fix stays usable after it arrived (a report repeating it, with the
    /// same time and position, does not make it younger).
    ///
    /// A receiver reports its position every second and gpsd passes each report on as
    /// it comes, so a gap of several seconds means the receiver, its antenna or the
    /// daemon has stopped reporting; a position that old may be off by as far as one
    /// walks or drives in that time, too far to stamp on a cache.
    public static let staleAfter: Duration = .seconds(5)

    /// How long a connection attempt may take before it counts as failed.
    ///
    /// A daemon on this machine or the local network answers at once or refuses at
    /// once; a host that drops packets would otherwise keep the attempt pending for the
    /// kernel's own timeout, minutes during which the status would say "connecting".
    public static let connectTimeout: Duration = .seconds(3)

    /// How often the run loop wakes to ask whether a host name lookup has finished
    /// (the lookup's thread has no descriptor to poll).
    static let resolutionCheckInterval: Duration = .milliseconds(20)

    /// The most reads one ``readAvailable()`` call makes, so that a daemon flooding the
    /// socket cannot keep the caller from its own work (the rest waits for the next call).
    static let readsPerCall = 16

    /// How long the client waits before it tries to connect again after a failure.
    public struct Backoff: Equatable, Sendable {
        /// The wait after the first failure; reset by every connection that is made.
        public var initial: Duration
        /// The longest wait: each failure doubles the wait up to this.
        public var maximum: Duration

        /// Waits of `initial`, doubling after each failure up to `maximum`.
        public init(initial: Duration, maximum: Duration) {
            self.initial = initial
            self.maximum = max(initial, maximum)
        }

        /// Half a second, doubling up to 8 seconds: a daemon that starts after the form
        /// is found within a second or two, and a daemon that stays away costs one
        /// refused connection every 8 seconds.
        public static let standard = Backoff(initial: .milliseconds(500), maximum: .seconds(8))
    }

    /// The endpoint the client connects to.
    public let endpoint: GPSDEndpoint
    private let backoff: Backoff
    private let clock: () -> ContinuousClock.Instant
    private let decoder = JSONDecoder()
    private let dates = GPSDTimeParser()
    private var lines = GPSDLineBuffer()
    private var receiveBuffer = [UInt8](repeating: 0, count: GPSDLineBuffer.defaultLimit)

    /// Where the connection stands.
    private enum Phase {
        /// Waiting for the host name lookup.
        case resolving(GPSDResolution)
        /// A non-blocking connect under way on `socket`; `remaining` are the addresses to
        /// try next if it fails.
        case connecting(socket: Int32, remaining: [GPSDSocketAddress], deadline: ContinuousClock.Instant)
        /// Connected: reports arrive on `socket`.
        case connected(socket: Int32)
        /// After a failure: the next attempt starts at `until`.
        case waiting(until: ContinuousClock.Instant)
    }

    private var phase: Phase
    /// Whether an attempt has failed or a connection been lost since the last
    /// connection was made: the status says "no daemon" rather than "connecting".
    private var hasFailed = false
    private var nextDelay: Duration
    private var latest: (fix: GPSFix, received: ContinuousClock.Instant)?
    private var pendingOutput: [UInt8] = []
    private var malformedLines = 0
    /// Whether a line gpsd sends (its greeting, a report) came on this connection.
    private var heardFromDaemon = false
    /// The status at the end of the last ``readAvailable()``, its age set to zero.
    private var lastReported: GPSDStatus = .connecting

    /// A client for the daemon at `endpoint`; it starts connecting at once, without
    /// waiting.
    ///
    /// - Parameters:
    ///   - endpoint: Where gpsd listens.
    ///   - backoff: How long to wait between connection attempts.
    ///   - clock: The time now on a monotonic clock; a test passes its own to age a fix
    ///     without sleeping.
    public init(endpoint: GPSDEndpoint = .default, backoff: Backoff = .standard,
                clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.endpoint = endpoint
        self.backoff = backoff
        self.clock = clock
        nextDelay = backoff.initial
        phase = .waiting(until: clock())
        startAttempt()
    }

    deinit {
        if let socket = descriptor { close(socket) }
    }

    /// Where the position stands now, by the clock: connecting, no daemon, no fix, or a
    /// fix with its age (stale once older than ``staleAfter``).
    public var status: GPSDStatus {
        guard case .connected = phase else { return hasFailed ? .noDaemon : .connecting }
        guard heardFromDaemon else { return .silent }
        guard let latest else { return .noFix }
        let age = latest.received.duration(to: clock())
        return age > Self.staleAfter ? .stale(latest.fix, age: age) : .fix(latest.fix, age: age)
    }

    /// The socket to poll for reading while the client connects or is connected; nil
    /// while it waits to try again (then ``wakeAfter`` says when).
    public var descriptor: Int32? {
        switch phase {
        case .connecting(let socket, _, _), .connected(let socket): socket
        case .resolving, .waiting: nil
        }
    }

    /// How soon to call ``readAvailable()`` even if ``descriptor`` stays silent: when
    /// the next connection attempt is due, when a pending one times out, or when the
    /// fix becomes stale; nil when only the descriptor can bring news.
    public var wakeAfter: Duration? {
        let now = clock()
        switch phase {
        case .waiting(let until): return max(.zero, now.duration(to: until))
        case .resolving: return Self.resolutionCheckInterval
        case .connecting(_, _, let deadline): return max(.zero, now.duration(to: deadline))
        case .connected:
            guard let latest else { return nil }
            let left = Self.staleAfter - latest.received.duration(to: now)
            return left >= .zero ? left + .milliseconds(1) : nil
        }
    }

    /// How many lines from the daemon were skipped as malformed (not JSON, not an object
    /// with a class, a TPV with fields of the wrong type or out of range) or too long.
    public var skippedLines: Int { malformedLines + lines.droppedLines }

    /// Does what can be done now without waiting: starts a connection attempt that is
    /// due, finishes one that the kernel has decided, and reads and handles every
    /// report that has arrived; returns whether ``status`` differs from what it was at
    /// the end of the previous call, other than a fix growing older (a fix going stale
    /// is a change).
    @discardableResult
    public func readAvailable() -> Bool {
        for _ in 0..<8 {
            guard step() else { break }
        }
        let now = status.ignoringAge
        defer { lastReported = now }
        return now != lastReported
    }

    /// One transition of the connection; false when nothing more can happen now.
    private func step() -> Bool {
        switch phase {
        case .waiting(let until):
            guard clock() >= until else { return false }
            startAttempt()
            return true
        case .resolving(let resolution):
            guard let addresses = resolution.addresses else { return false }
            tryAddresses(addresses)
            return true
        case .connecting(let socket, let remaining, let deadline):
            switch GPSDConnectProgress.check(socket) {
            case .connected:
                becomeConnected(socket)
            case .failed:
                close(socket)
                tryAddresses(remaining)
            case .pending:
                guard clock() >= deadline else { return false }
                close(socket)
                tryAddresses(remaining)
            }
            return true
        case .connected(let socket):
            flush(socket)
            if case .connected = phase { receive(socket) }
            return false
        }
    }

    /// Starts a connection attempt: at once for an address written out, after a lookup
    /// on its own thread for a host name.
    private func startAttempt() {
        let numeric = GPSDSocketAddress.resolve(host: endpoint.host, port: endpoint.port, numericOnly: true)
        if numeric.isEmpty {
            phase = .resolving(GPSDResolution(host: endpoint.host, port: endpoint.port))
        } else {
            tryAddresses(numeric)
        }
    }

    /// Starts connecting to the first of `addresses` that does not fail at once; when
    /// none is left the attempt has failed.
    private func tryAddresses(_ addresses: [GPSDSocketAddress]) {
        var remaining = addresses[...]
        while let address = remaining.popFirst() {
            guard let (socket, connected) = address.startConnecting() else { continue }
            if connected {
                becomeConnected(socket)
            } else {
                phase = .connecting(socket: socket, remaining: Array(remaining), deadline: clock() + Self.connectTimeout)
            }
            return
        }
        fail()
    }

    /// Takes the attempt as failed or the connection as lost: forgets the fix and waits
    /// before the next attempt, longer each time.
    private func fail() {
        hasFailed = true
        latest = nil
        phase = .waiting(until: clock() + nextDelay)
        nextDelay = min(nextDelay * 2, backoff.maximum)
    }

    /// Starts watching on the connected `socket`.
    private func becomeConnected(_ socket: Int32) {
        hasFailed = false
        nextDelay = backoff.initial
        latest = nil
        heardFromDaemon = false
        lines.reset()
        pendingOutput = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [UInt8(ascii: "\n")]
        phase = .connected(socket: socket)
        flush(socket)
    }

    /// Closes the connection and fails, to try again later.
    private func disconnect(_ socket: Int32) {
        close(socket)
        fail()
    }

    /// Sends what is left of the request, as much as the socket takes now.
    private func flush(_ socket: Int32) {
        while !pendingOutput.isEmpty {
            let sent = pendingOutput.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if sent > 0 {
                pendingOutput.removeFirst(sent)
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                disconnect(socket)
                return
            }
        }
    }

    /// Reads what has arrived, without waiting, and handles every complete line; the end
    /// of the stream or an error loses the connection.
    private func receive(_ socket: Int32) {
        var reads = 0
        while reads < Self.readsPerCall {
            let count = receiveBuffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                reads += 1
                let complete = receiveBuffer.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                complete.forEach(handle)
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                disconnect(socket)
                return
            }
        }
    }

    /// Takes the fix, or its loss, from one report line.
    private func handle(_ line: Data) {
        let report = GPSDReport(line: line, decoder: decoder, dates: dates)
        if report != nil { heardFromDaemon = true }
        switch report {
        case .fix(let fix):
            // The same fix again (gpsd may report one fix several times) is no newer:
            // a receiver repeating its last fix is as stale as a silent one.
            if latest?.fix != fix || fix.time == nil { latest = (fix, clock()) }
        case .noFix: latest = nil
        case .other: break
        case nil: malformedLines += 1
        }
    }
}

private extension GPSDStatus {
    /// The status with every age set to zero, to compare what a status line shows
    /// beyond the age.
    var ignoringAge: GPSDStatus {
        switch self {
        case .fix(let fix, _): .fix(fix, age: .zero)
        case .stale(let fix, _): .stale(fix, age: .zero)
        case .connecting, .noDaemon, .silent, .noFix: self
        }
    }
}
