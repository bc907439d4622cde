import Foundation

/// How the owner of a store may cut short a wait for its server: descriptors to watch
/// beside the connection's socket, and a closure that says whether to give up.
///
/// A store that waits on a server (``PostgresStore``) polls ``descriptors`` with its
/// socket; when one becomes readable, and every ``checkInterval`` when one is given, it
/// calls ``shouldGiveUp`` with how long this wait for the server has lasted (each wait
/// is for the server's next bytes: a server that answers keeps it short). The closure
/// must read what made a descriptor readable (or
/// the wait wakes again at once); when it answers true, the store closes the connection
/// and the call throws the error of a server that does not answer
/// (``StoreError/connectionLost(server:reason:)``, an unknown outcome for a write).
/// A store that never waits on anything outside the process ignores it. A caller that
/// must not begin another wait once one was given up (a delivery of kept changes) reads
/// ``givenUp`` before and after.
///
/// ```swift
/// store.interruption = StoreInterruption(descriptors: [signalPipe]) { _ in signals.received }
/// ```
public struct StoreInterruption {
    /// Descriptors whose readability may mean "stop waiting".
    public var descriptors: [Int32]
    /// How often to ask ``shouldGiveUp`` while no descriptor is readable; nil asks only
    /// when one is.
    public var checkInterval: Duration?
    /// Whether to give the wait up, given how long it has lasted; called on the
    /// waiting thread.
    public var shouldGiveUp: (_ waited: Duration) -> Bool

    /// How many waits it gave up so far: one count for it and its copies (the store's,
    /// each connection's).
    public var givenUp: Int { count.value }
    private let count = GiveUpCount()

    public init(descriptors: [Int32], checkInterval: Duration? = nil, shouldGiveUp: @escaping (_ waited: Duration) -> Bool) {
        self.descriptors = descriptors
        self.checkInterval = checkInterval
        self.shouldGiveUp = shouldGiveUp
    }

    /// Asks ``shouldGiveUp``, counting a yes in ``givenUp``.
    func givesUp(after waited: Duration) -> Bool {
        guard shouldGiveUp(waited) else { return false }
        count.add()
        return true
    }
}

/// The count of waits an interruption gave up, shared by its copies.
private final class GiveUpCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add() { lock.withLock { count += 1 } }
}
