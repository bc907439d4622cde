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
        Self.milliseconds(ContinuousClock.now.duration(to: end))
    }

    /// The time left (negative once passed).
    var remaining: Duration { ContinuousClock.now.duration(to: end) }

    /// Whether the deadline has passed.
    var hasPassed: Bool { ContinuousClock.now >= end }

    /// ``seconds`` as a message gives it: three significant digits, so that what is left
    /// of a longer wait (4.99999 s) reads as the wait it is (5 s).
    var shownSeconds: String { String(format: "%.3g", seconds) }

    /// `duration` in whole milliseconds, rounded up, at least 0.
    static func milliseconds(_ duration: Duration) -> Int32 {
        if duration <= .zero { return 0 }
        let (wholeSeconds, attoseconds) = duration.components
        let milliseconds = wholeSeconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}

/// The one blocking call of the PostgreSQL connection: `poll()` on its socket, and on
/// the descriptors of the owner's ``StoreInterruption``.
enum PostgresSocket {
    /// How a wait ended.
    enum WaitEnd: Equatable {
        /// The socket is ready (or has an error or hang-up, which libpq then reports).
        case ready
        /// The deadline passed first.
        case timedOut
        /// The owner's interruption asked to give up.
        case interrupted
    }

    /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`) or has an
    /// error or hang-up, or until `deadline`, or until `interruption` says to give up
    /// (asked, with the time waited so far, when one of its descriptors is readable and
    /// every check interval). A
    /// signal interrupting the wait does not end it.
    static func wait(
        for events: Int16, on socket: Int32, until deadline: PostgresDeadline, interruption: StoreInterruption? = nil
    ) -> WaitEnd {
        guard socket >= 0 else { return .ready }
        let started = ContinuousClock.now
        var descriptors = [pollfd(fd: socket, events: events, revents: 0)]
            + (interruption?.descriptors ?? []).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            var milliseconds = deadline.remainingMilliseconds
            if let interval = interruption?.checkInterval {
                milliseconds = min(milliseconds, PostgresDeadline.milliseconds(interval))
            }
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0, errno != EINTR { return .ready }
            if ready > 0, descriptors[0].revents != 0 { return .ready }
            if let interruption {
                let woken = ready > 0 || interruption.checkInterval != nil
                if woken, interruption.givesUp(after: started.duration(to: .now)) { return .interrupted }
            }
            if deadline.hasPassed { return .timedOut }
        }
    }
}
