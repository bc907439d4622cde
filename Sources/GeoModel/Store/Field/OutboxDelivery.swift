import Foundation

/// Delivers an ``Outbox`` to its club store: each change in order, exactly once.
///
/// Each change is marked as being sent, durably, before it is sent with its
/// ``WriteID``, and removed once the store says it is stored. A change found marked
/// (the delivery that sent it was killed, or lost the reply and could not ask) is
/// first settled through its identifier (``CacheStore/settleWrite(_:)``): stored, it
/// is done; not stored, it gets a new identifier and is sent. An edit or delete is
/// sent only when the server still holds the version it was made from (a delete of a
/// cache the server deleted meanwhile is done, and counts as delivered); otherwise it
/// becomes a conflict (``OutboxConflict``), kept until the member decides, and the
/// later changes of the same cache wait behind it; so does a change the server refuses
/// (``QueuedChange/refusal``), which stays until the member gives it up, and a change
/// whose row cannot be read (``UnreadableChange``), which is never sent. One process
/// delivers an outbox at a time (a lock file beside it).
public enum OutboxDelivery {
    /// What one delivery did.
    public struct Report: Equatable, Sendable {
        /// The changes stored on the server (and removed from the outbox), in order.
        public var delivered: [QueuedChange] = []
        /// The changes whose cache changed or vanished on the server, with the
        /// conflict; kept in the outbox.
        public var conflicts: [QueuedChange] = []
        /// The changes the server refused (``QueuedChange/refusal`` says why), now or
        /// earlier; kept in the outbox, never sent again as they are.
        public var refused: [QueuedChange] = []
        /// Changes not tried because an earlier change of the same cache is in conflict,
        /// was refused, or cannot be read.
        public var held: [QueuedChange] = []
        /// The changes whose rows cannot be read: never sent, not even in part; kept in
        /// the outbox until the member gives them up.
        public var unreadable: [UnreadableChange] = []
        /// The error that stopped delivery: the server went away again
        /// (``StoreError/meansTheServerCannotBeReached``), or another writer held the
        /// store's lock for the whole wait (``StoreError/locked(path:holder:)``);
        /// the changes not delivered wait for the next one.
        public var stoppedBy: StoreError?
        /// True when nothing was tried because another process (a form, a command) is
        /// delivering this outbox right now.
        public var deliveringElsewhere = false
        /// The finder's changes (visits, own data) stored on the server, in order.
        public var finderDelivered: [FinderChange] = []
        /// The finder's changes the server refused, now or earlier (kept, never sent again).
        public var finderRefused: [FinderChange] = []
        /// The finder's changes whose rows cannot be read: never sent; kept until the member
        /// gives them up (`sync --discard fN`).
        public var finderUnreadable: [UnreadableFinderChange] = []

        /// How many changes were stored on the server, the caches' and the finder's.
        public var deliveredCount: Int { delivered.count + finderDelivered.count }

        /// How many changes the server refused, now or earlier, the caches' and the finder's.
        public var refusedCount: Int { refused.count + finderRefused.count }

        /// How many changes cannot be read, the caches' and the finder's.
        public var unreadableCount: Int { unreadable.count + finderUnreadable.count }

        /// A report of a delivery that did nothing (yet).
        public init() {}
    }

    /// Delivers every waiting change of `outbox` to `store`, in order. A change that
    /// may have been sent before (its reply lost) is settled through its ``WriteID``
    /// first, so it is never stored twice.
    ///
    /// Changes already in conflict are reported again in ``Report/conflicts``. Throws
    /// only when the outbox file cannot be read or written (``StoreError``); what the
    /// store answers is in the report.
    ///
    /// `mayChange` is the club's rules as this role knows them: an edit or delete of a
    /// cache it says no to now (the cache changed hands meanwhile, its content unchanged
    /// or not) is not sent into the server's refusal but becomes a conflict with the
    /// server's version, which the member can only give up.
    public static func deliver(_ outbox: Outbox, to store: any CacheStore,
                               mayChange: (StoredCache) -> Bool = { _ in true }) throws -> Report {
        var report = Report()
        guard let lock = try DeliveryLock(directory: outbox.files.directory) else {
            report.deliveringElsewhere = true
            return report
        }
        defer { lock.release() }
        var heldCodes = Set<String>()
        delivery: for entry in try outbox.entries() {
            let row: Outbox.Row
            switch entry {
            case .change(let read):
                row = read
            case .unreadable(let change):
                report.unreadable.append(change)
                if let code = change.code { heldCodes.insert(code) }
                continue
            }
            let change = row.change
            // A conflict the club's rules alone made is tried again (below): the role may
            // change the cache again (a keeper's right given back), or it is met again.
            if row.state == .conflict, !change.isRulesConflict {
                report.conflicts.append(change)
                heldCodes.insert(change.code)
                continue
            }
            if change.refusal != nil {
                report.refused.append(change)
                heldCodes.insert(change.code)
                continue
            }
            if heldCodes.contains(change.code) {
                report.held.append(change)
                continue
            }
            do {
                switch try send(row, of: outbox, to: store, mayChange: mayChange) {
                case nil:
                    try onOutbox { try outbox.remove(change.sequence) }
                    report.delivered.append(change)
                case let conflict?:
                    report.conflicts.append(try onOutbox { try outbox.recordConflict(change.sequence, conflict) } ?? change)
                    heldCodes.insert(change.code)
                }
            } catch let error as OutboxFileError {
                throw error.error
            } catch let error as StoreError where error.meansTheServerRefusedTheWrite {
                if roleIsRefused(error, by: store) {
                    try onOutbox { try outbox.markWaiting(change.sequence) }
                    report.stoppedBy = error
                    break delivery
                }
                let reason = error.description
                report.refused.append(try onOutbox { try outbox.recordRefusal(change.sequence, reason: reason) } ?? change)
                heldCodes.insert(change.code)
            } catch let error as StoreError {
                report.stoppedBy = error
                break delivery
            } catch {
                report.stoppedBy = .serverError(server: store.name, message: String(describing: error))
                break delivery
            }
        }
        if report.stoppedBy == nil { try deliverFinderChanges(of: outbox, to: store, into: &report) }
        return report
    }

    /// Delivers the finder's changes after the changes to caches, in order, each with
    /// its identifier: a visit recorded twice, or a write whose reply was lost sent
    /// again, is stored once (the ledger, and a visit's identity). One whose row cannot
    /// be read is never sent, and is reported (``Report/finderUnreadable``).
    private static func deliverFinderChanges(of outbox: Outbox, to store: any CacheStore,
                                             into report: inout Report) throws {
        for entry in try onOutbox({ try outbox.finderEntries() }) {
            let change: FinderChange
            switch entry {
            case .change(let read):
                change = read
            case .unreadable(let unreadable):
                report.finderUnreadable.append(unreadable)
                continue
            }
            if change.refusal != nil {
                report.finderRefused.append(change)
                continue
            }
            do {
                switch change.kind {
                case .visits(let visits, let exported):
                    _ = try store.recordVisits(visits, as: change.write)
                    if !exported.isEmpty { try store.markVisitsExported(exported, as: WriteID()) }
                case .own(let code, let data):
                    // Only the fields the member changed: the server's others may be newer.
                    _ = try store.setOwnData(data, forCode: code, from: change.ownBase, overChanges: change.ownOverChanges,
                                             as: change.write)
                }
                try onOutbox { try outbox.removeFinderChange(change.sequence) }
                report.finderDelivered.append(change)
            } catch let error as OutboxFileError {
                throw error.error
            } catch let error as StoreError where error.meansTheServerRefusedTheWrite {
                if roleIsRefused(error, by: store) {
                    report.stoppedBy = error
                    return
                }
                try refuse(change, because: error.description, in: outbox, into: &report)
            } catch let error as OwnDataEditError {
                // A part changed on the server since it was read here: kept, never written over it unseen.
                try refuse(change, because: error.description, in: outbox, into: &report)
            } catch let error as StoreError {
                report.stoppedBy = error
                return
            }
        }
    }

    /// Records that the finder's `change` was refused (`reason`): kept, never sent again.
    private static func refuse(_ change: FinderChange, because reason: String, in outbox: Outbox,
                               into report: inout Report) throws {
        try onOutbox { try outbox.refuseFinderChange(change.sequence, reason: reason) }
        report.finderRefused.append(FinderChange(sequence: change.sequence, write: change.write, kind: change.kind,
                                                 queuedAt: change.queuedAt, refusal: reason, ownBase: change.ownBase,
                                                 ownOverChanges: change.ownOverChanges))
    }

    /// Whether `error`, a write's refusal, refuses the role itself rather than the change
    /// (``StoreError/roleRefusal(on:)``): none of the changes is then marked refused, so
    /// that all are delivered once the role is given back.
    private static func roleIsRefused(_ error: StoreError, by store: any CacheStore) -> Bool {
        error.roleRefusal(on: store) != nil
    }

    /// An outbox file error met in the middle of a delivery: thrown by ``deliver(_:to:mayChange:)``,
    /// never put in its report.
    private struct OutboxFileError: Error {
        let error: Error
    }

    /// Runs an outbox call, marking its errors as the outbox's.
    private static func onOutbox<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw OutboxFileError(error: error)
        }
    }

    /// Settles a change marked as being sent, then sends it when needed; returns nil
    /// once it is stored, or the conflict the server's version makes.
    private static func send(_ row: Outbox.Row, of outbox: Outbox, to store: any CacheStore,
                             mayChange: (StoredCache) -> Bool) throws -> OutboxConflict? {
        let change = row.change
        var write = change.write
        if row.state == .sending {
            if case .stored = try store.settleWrite(write) { return nil }
            write = try onOutbox { try outbox.renewWrite(change.sequence) }
        }
        switch change.kind {
        case .add:
            guard let cache = change.cache else { return nil }
            do {
                try onOutbox { try outbox.markSending(change.sequence) }
                _ = try store.append(cache, as: write)
                return nil
            } catch StoreError.codeInUse {
                // The add was refused, so its identifier is settled as not stored.
                if let server = try store.cache(withCode: change.code) { return .changed(server: server) }
                throw StoreError.codeInUse(path: store.name, code: change.code)
            }
        case .edit, .delete:
            guard let base = change.base else { return nil }
            // A delete of a cache deleted meanwhile has nothing left to do: no conflict.
            guard let server = try store.cache(withCode: change.code) else {
                return change.kind == .delete ? nil : .vanished
            }
            guard server.cache == base, mayChange(server) else { return .changed(server: server) }
            do {
                try onOutbox { try outbox.markSending(change.sequence) }
                if change.kind == .edit, let cache = change.cache {
                    try store.update(server, to: cache, as: write)
                } else {
                    try store.delete(server, as: write)
                }
                return nil
            } catch CacheEditError.changedElsewhere(let newer) {
                return .changed(server: newer)
            } catch CacheEditError.deletedElsewhere {
                return change.kind == .delete ? nil : .vanished
            }
        }
    }
}

/// An exclusive `flock` on `outbox.lock` beside the outbox, so that one process
/// delivers it at a time, and the member's settling of a change (given up, overwritten)
/// never happens while a delivery has read it and may be sending it; the system drops
/// it when the process ends, however it ends.
final class DeliveryLock {
    private let descriptor: Int32

    /// Takes the lock, or returns nil when another process (or another opening in this
    /// one) holds it; with `waiting`, waits for it instead, as long as it takes, or until
    /// `deadline` and then returns nil.
    init?(directory: String, waiting: Bool = false, until deadline: ContinuousClock.Instant? = nil) throws(StoreError) {
        let path = directory + "/outbox.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        // A wait with a deadline asks again every 20 ms: flock itself waits without one.
        let blocks = waiting && deadline == nil
        while flock(descriptor, blocks ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            if reason == EINTR { continue }
            if reason == EWOULDBLOCK, waiting, let deadline, ContinuousClock.now < deadline {
                usleep(20_000)
                continue
            }
            close(descriptor)
            if reason == EWOULDBLOCK { return nil }
            throw .cannotCreate(path: path, reason: String(cString: strerror(reason)))
        }
        self.descriptor = descriptor
    }

    /// Releases the lock.
    func release() {
        close(descriptor)
    }
}
