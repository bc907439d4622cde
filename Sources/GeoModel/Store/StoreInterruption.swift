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
/// A store that never waits on anything outside the process ignores it.
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

    public init(descriptors: [Int32], checkInterval: Duration? = nil, shouldGiveUp: @escaping (_ waited: Duration) -> Bool) {
        self.descriptors = descriptors
        self.checkInterval = checkInterval
        self.shouldGiveUp = shouldGiveUp
    }
}
