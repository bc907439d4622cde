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
/// signals' thread at once and does not return. A round trip to a server that does not
/// answer is cut short through ``storeInterruption``, which the command gives its store.
final class CommandSignals: @unchecked Sendable {
    /// The signals taken.
    static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// What an import is given to watch.
    let interruption = ImportInterruption()
    private let lock = NSLock()
    private var first: Int32?
    private let onSignal: (@Sendable (Int32) -> Never)?
    /// A pipe the signals' thread writes one byte into for each signal: its read end
    /// wakes a store waiting on its server; -1 when none could be made.
    private var wakePipe: (read: Int32, write: Int32) = (-1, -1)

    /// Blocks the signals and starts the thread that waits for them.
    init(onSignal: (@Sendable (Int32) -> Never)? = nil) {
        self.onSignal = onSignal
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            wakePipe = (ends[0], ends[1])
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
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
        if wakePipe.write >= 0 {
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(wakePipe.write, &byte, 1)
        }
    }

    /// What a store is given so that a signal ends a wait for its server at once: the
    /// wait gives up once any of the signals has come.
    var storeInterruption: StoreInterruption? {
        guard wakePipe.read >= 0 else { return nil }
        return StoreInterruption(descriptors: [wakePipe.read]) { [self] _ in signal != nil }
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
