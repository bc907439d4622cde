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
