import Foundation

/// Keeping the draft of a form that quits when another session holds the store's lock:
/// it waits as every other write waits (``SQLiteStore``'s busy timeout, 10 s), trying
/// again until the lock is released, rather than giving the text up after the form's
/// short lock wait of a running form.
extension CacheList {
    /// How a draft kept at quitting waits out another session's lock
    /// (``keepDraft(_:finishing:waitingForLock:)``).
    public struct DraftLockWait {
        /// The longest the wait lasts, the tries included.
        public var limit: Duration
        /// Asked between tries: true gives the wait up (the draft is not kept).
        public var stop: () -> Bool
        /// Called once, when the first try met the lock, with its holder when the store can
        /// tell: the caller may say that it waits.
        public var waiting: (_ holder: String?) -> Void

        public init(limit: Duration, stoppingWhen stop: @escaping () -> Bool = { false },
                    whileWaiting waiting: @escaping (_ holder: String?) -> Void = { _ in }) {
            self.limit = limit
            self.stop = stop
            self.waiting = waiting
        }

        /// The bound of every write's wait for another session's lock: a command's, and the
        /// form's Add and Save tried again while it answers keys.
        public static let writeBound: Duration = .seconds(10)
        /// The pause, in microseconds, between two tries that met the lock (each try waits
        /// the store's own ``CacheStore/lockWait`` first).
        static let pause: useconds_t = 50_000
    }

    /// Runs `write`, and while it throws ``StoreError/locked(path:holder:)`` runs it again
    /// until it goes through, `wait` stops it or its limit passes (then the last error
    /// is thrown). Without `wait`, `write` runs once.
    func waitingOutLocks<T>(_ wait: DraftLockWait?, _ write: () throws -> T) throws -> T {
        guard let wait else { return try write() }
        let deadline = ContinuousClock.now + wait.limit
        var said = false
        while true {
            do {
                return try write()
            } catch StoreError.locked(let path, let holder) {
                if !said {
                    said = true
                    wait.waiting(holder)
                }
                guard ContinuousClock.now + .microseconds(DraftLockWait.pause) < deadline, !wait.stop() else {
                    throw StoreError.locked(path: path, holder: holder)
                }
                usleep(DraftLockWait.pause)
            }
        }
    }
}
