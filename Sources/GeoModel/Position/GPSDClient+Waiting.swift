import Foundation
import Glibc

extension GPSDClient {
    /// Waits, blocking, until gpsd reports a fresh 2D or 3D fix that can be used
    /// (``GPSFix/check(now:)`` gives it a position) or `timeout` passes, and returns the
    /// fix, or nil with the status it ended in: what a one-shot command such as
    /// `list --near gps` needs (the form never blocks on gpsd). A daemon that cannot be
    /// reached ends the wait at once.
    ///
    /// A fix without a time or at 0,0 is waited past, as a receiver still starting up
    /// reports one before its first real fix; when the wait ends on one, the status
    /// returned holds it (``GPSDStatus/freshFix``), so the caller can say why there is
    /// no position. A fix whose time and the clock disagree is returned: it has a
    /// position, and the caller says that the times differ.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait.
    ///   - now: The time now by this machine's clock, to check the fix's time against.
    public func waitForFix(timeout: Duration, now: () -> Date = { Date() }) -> (fix: GPSFix?, status: GPSDStatus) {
        let deadline = ContinuousClock.now + timeout
        while true {
            readAvailable()
            if let fix = status.freshFix, fix.check(now: now()).coordinate != nil { return (fix, status) }
            if status == .noDaemon { return (nil, status) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return (nil, status) }
            let wait = min(left, wakeAfter ?? left, .milliseconds(250))
            var entry = pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32(max(1, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)))
        }
    }
}
