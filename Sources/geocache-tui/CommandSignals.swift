import Foundation
import GeoModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Takes SIGINT, SIGTERM and SIGHUP away from their default action, for a command that
/// must clean up or finish what it started before it exits.
///
/// From creation on, the three signals are blocked in the calling thread, and so in
/// every thread it starts afterwards (an import's reading thread among them); a thread
/// of their own takes them with `sigwait`. The first one interrupts an import
/// (``ImportInterruption``): before the commit it rolls back, after it the command still
/// prints the summary, and then exits with the signal's status, 128 + its number (130,
/// 143, 129), as a shell would report it. A command that cannot stop at a point of its
/// own (an export blocked writing into a full pipe) gives `onSignal`, which runs on the
/// signals' thread at once and does not return.
final class CommandSignals: @unchecked Sendable {
    /// The signals taken.
    static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// What an import is given to watch.
    let interruption = ImportInterruption()
    private let lock = NSLock()
    private var first: Int32?
    private let onSignal: (@Sendable (Int32) -> Never)?

    /// Blocks the signals and starts the thread that waits for them.
    init(onSignal: (@Sendable (Int32) -> Never)? = nil) {
        self.onSignal = onSignal
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.caught { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let watched = set
        let watcher = Thread { [self] in
            var waited = watched
            while true {
                var number: Int32 = 0
                if sigwait(&waited, &number) == 0 { received(number) }
            }
        }
        watcher.start()
    }

    private func received(_ number: Int32) {
        lock.lock()
        if first == nil { first = number }
        lock.unlock()
        if let onSignal { onSignal(number) }
        interruption.interrupt()
    }

    /// The first signal received, if any.
    var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    /// The exit status for the first signal received (128 + its number), if any.
    var exitStatus: Int32? { signal.map { 128 + $0 } }

    /// "SIGTERM", "SIGINT", "SIGHUP" (or "signal N").
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
