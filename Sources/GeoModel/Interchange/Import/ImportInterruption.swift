import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request to stop an import before it commits, from any thread.
///
/// Pass one to ``SQLiteStore/importCaches(from:skipInvalid:existing:interruption:as:)`` and call
/// ``interrupt()`` (for example when SIGTERM arrives): the import stops reading, even
/// while it waits for input on a pipe or terminal, rolls back and throws an
/// ``ImportError`` of kind ``ImportError/Kind/interrupted``. An interruption that comes once the commit has begun
/// changes nothing: the caches are stored and the report returned, and the caller
/// can still see ``isInterrupted``.
public final class ImportInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var interrupted = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextHandler = 0
    private var checkHook: (@Sendable () -> Void)?
    /// How far the import has got (bytes read, records stored), for a progress line.
    public let progress = ImportProgress()
    /// A pipe that becomes readable on interruption, so a reader waiting in `poll`
    /// for input wakes up; -1 when no pipe could be made.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    /// What the import filled in (creators of caches without an owner), for the summary.
    public let tally = ImportTally()

    /// A new, not yet interrupted request.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            wakeDescriptor = ends[0]
            wakeWriter = ends[1]
        } else {
            wakeDescriptor = -1
            wakeWriter = -1
        }
    }

    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if wakeWriter >= 0 { close(wakeWriter) }
    }

    /// Whether ``interrupt()`` was called.
    public var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Asks the import to stop; later calls do nothing.
    public func interrupt() {
        lock.lock()
        guard !interrupted else {
            lock.unlock()
            return
        }
        interrupted = true
        let waiting = Array(handlers.values)
        lock.unlock()
        if wakeWriter >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
        for handler in waiting { handler() }
    }

    /// Throws ``error(source:)`` when ``interrupt()`` was called: what a long step of an
    /// import (a cache's merge of many logs) calls as it goes.
    func check(source: String) throws(ImportError) {
        beforeCheck?()
        if isInterrupted { throw Self.error(source: source) }
    }

    /// What ``check(source:)`` runs before it looks: set by a test to interrupt an import
    /// at that step (a cache's merge), nil otherwise.
    var beforeCheck: (@Sendable () -> Void)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return checkHook
        }
        set {
            lock.lock()
            checkHook = newValue
            lock.unlock()
        }
    }

    /// The error an interrupted import throws, naming `source`.
    static func error(source: String) -> ImportError {
        ImportError(.interrupted, source: source, reason: "interrupted before the commit: nothing was stored")
    }

    /// Runs `handler` on interruption (at once when already interrupted) until the
    /// returned token is passed to ``removeHandler(_:)``.
    func addHandler(_ handler: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        if interrupted {
            lock.unlock()
            handler()
            return -1
        }
        let token = nextHandler
        nextHandler += 1
        handlers[token] = handler
        lock.unlock()
        return token
    }

    func removeHandler(_ token: Int) {
        lock.lock()
        handlers[token] = nil
        lock.unlock()
    }
}
