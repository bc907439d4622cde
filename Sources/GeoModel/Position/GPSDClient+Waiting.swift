import Glibc

extension GPSDClient {
    /// Waits, blocking, until gpsd reports a fresh 2D or 3D fix or `timeout` passes,
    /// and returns the fix, or nil with the status it ended in: what a one-shot
    /// command such as `list --near gps` needs (the form never blocks on gpsd). A daemon
    /// that cannot be reached ends the wait at once.
    public func waitForFix(timeout: Duration) -> (fix: GPSFix?, status: GPSDStatus) {
        let deadline = ContinuousClock.now + timeout
        while true {
            readAvailable()
            if let fix = status.freshFix { return (fix, status) }
            if status == .noDaemon { return (nil, status) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return (nil, status) }
            let wait = min(left, wakeAfter ?? left, .milliseconds(250))
            var entry = pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32(max(1, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)))
        }
    }
}
