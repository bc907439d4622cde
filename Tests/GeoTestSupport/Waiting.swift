import Foundation

/// Waits until `condition` holds, asking it again every `interval`, for at most
/// `timeout`; returns whether it held.
///
/// The one place the tests pause: each wait is for something a test can see (a
/// process's state, a lock, a file, a line on a terminal, a screen), bounded by a
/// timeout that only a hung process reaches; no test sleeps a fixed time and then
/// hopes that what it waited for has happened.
@discardableResult
package func waitUntil(timeout: Duration, polling interval: Duration = .milliseconds(10),
                       _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        let (seconds, attoseconds) = interval.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// A child process that did not end within the time a test gave it: killed, and the
/// test fails with what it ran.
package struct ProcessTimeout: Error, CustomStringConvertible {
    package let command: String
    package let timeout: Duration
    package var description: String { "\(command) did not exit within \(timeout); it was killed" }

    package init(command: String, timeout: Duration) {
        self.command = command
        self.timeout = timeout
    }
}

extension Process {
    /// Waits for the process to exit, for at most `timeout`: one that is still running
    /// then is killed (SIGKILL) and ``ProcessTimeout`` thrown, so a hung child fails its
    /// test instead of hanging the whole run.
    package func waitForExit(timeout: Duration = .seconds(180)) throws {
        if waitUntil(timeout: timeout, polling: .milliseconds(5), { !isRunning }) { return }
        kill(processIdentifier, SIGKILL)
        waitUntil(timeout: .seconds(10), polling: .milliseconds(5)) { !isRunning }
        let name = executableURL?.lastPathComponent ?? "a child process"
        throw ProcessTimeout(command: ([name] + (arguments ?? [])).joined(separator: " "), timeout: timeout)
    }
}
