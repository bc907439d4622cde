import Foundation

/// The writes made while the club store could not be reached, kept on this machine
/// in an SQLite file (``FieldFiles/outboxPath``) until they are delivered: committed
/// to disk before a queueing call returns, so they survive SIGKILL and a reboot.
public final class Outbox {
    /// The files it lives in.
    public let files: FieldFiles

    /// Opens (creating when missing, with its directories) the outbox of `files`.
    public init(files: FieldFiles) throws(StoreError) {
        fatalError("Outbox.init: not written yet")
    }

    /// Keeps an add of `cache` (validated; given a new code when it has none).
    @discardableResult
    public func queueAdd(_ cache: GeoCache) throws -> QueuedChange {
        fatalError("Outbox.queueAdd: not written yet")
    }

    /// Keeps an edit of `base` (the version the member saw) to `cache` (validated).
    @discardableResult
    public func queueEdit(of base: GeoCache, to cache: GeoCache) throws -> QueuedChange {
        fatalError("Outbox.queueEdit: not written yet")
    }

    /// Keeps a delete of `base` (the version the member saw).
    @discardableResult
    public func queueDelete(_ base: GeoCache) throws -> QueuedChange {
        fatalError("Outbox.queueDelete: not written yet")
    }

    /// Every change kept, in the order it is delivered.
    public func changes() throws -> [QueuedChange] {
        fatalError("Outbox.changes: not written yet")
    }

    /// The number of changes kept.
    public func count() throws -> Int {
        fatalError("Outbox.count: not written yet")
    }

    /// Drops the change `sequence` (the member gives it up after a conflict).
    public func discard(_ sequence: Int64) throws {
        fatalError("Outbox.discard: not written yet")
    }

    /// Resolves the conflict of change `sequence` in the member's favour: the next
    /// delivery writes it over the server's version it was shown (an edit), or deletes
    /// that version (a delete), or adds the edited cache again when it vanished.
    public func overwrite(_ sequence: Int64) throws {
        fatalError("Outbox.overwrite: not written yet")
    }
}
