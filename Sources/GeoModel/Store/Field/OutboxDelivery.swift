import Foundation

/// Delivers an ``Outbox`` to its club store: each change in order, exactly once.
public enum OutboxDelivery {
    /// What one delivery did.
    public struct Report: Equatable, Sendable {
        /// The changes stored on the server (and removed from the outbox), in order.
        public var delivered: [QueuedChange] = []
        /// The changes whose cache changed or vanished on the server, with the
        /// conflict; kept in the outbox.
        public var conflicts: [QueuedChange] = []
        /// Changes not tried because an earlier change of the same cache is in conflict.
        public var held: [QueuedChange] = []
        /// The error that stopped delivery (the server went away again); the changes
        /// not delivered wait for the next one.
        public var stoppedBy: StoreError?

        public init() {}
    }

    /// Delivers every waiting change of `outbox` to `store`, in order. A change that
    /// may have been sent before (its reply lost) is settled through its ``WriteID``
    /// first, so it is never stored twice.
    public static func deliver(_ outbox: Outbox, to store: any CacheStore) throws -> Report {
        fatalError("OutboxDelivery.deliver: not written yet")
    }
}
