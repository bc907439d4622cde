import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A point in time a connection attempt or a round trip must not outlast, on the
/// monotonic clock (a change of the wall clock moves no deadline).
struct PostgresDeadline {
    /// The length of the wait as asked for, for messages.
    let seconds: TimeInterval
    private let end: ContinuousClock.Instant

    init(seconds: TimeInterval) {
        self.seconds = seconds
        end = ContinuousClock.now.advanced(by: .milliseconds(Int64((max(seconds, 0) * 1000).rounded(.up))))
    }

    /// The milliseconds left, rounded up, at least 0; for `poll()`.
    var remainingMilliseconds: Int32 {
        let left = ContinuousClock.now.duration(to: end)
        if left <= .zero { return 0 }
        let (wholeSeconds, attoseconds) = left.components
        let milliseconds = wholeSeconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Whether the deadline has passed.
    var hasPassed: Bool { ContinuousClock.now >= end }
}

/// The one blocking call of the PostgreSQL connection: `poll()` on its socket.
enum PostgresSocket {
    /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`) or has an
    /// error or hang-up (which libpq then reports), or until `deadline`; false when
    /// the deadline passed first. A signal interrupting the wait does not end it.
    static func wait(for events: Int16, on socket: Int32, until deadline: PostgresDeadline) -> Bool {
        guard socket >= 0 else { return true }
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        while true {
            let milliseconds = deadline.remainingMilliseconds
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { return true }
            if deadline.hasPassed { return false }
        }
    }
}
