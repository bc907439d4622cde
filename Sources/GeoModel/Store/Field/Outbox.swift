import Foundation
import GRDB

/// The writes made while the club store could not be reached, kept on this machine
/// in an SQLite file (``FieldFiles/outboxPath``) until they are delivered: committed
/// to disk before a queueing call returns, so they survive SIGKILL and a reboot.
///
/// Each change is one row, numbered in the order it was queued (``QueuedChange/sequence``,
/// never reused), with the ``WriteID`` it is sent with, its caches as JSON, and its
/// state: waiting, being sent (marked before it is sent, so that a delivery cut short
/// is settled through its identifier, ``OutboxDelivery``), or in conflict. Several
/// processes may use one outbox at once (a form and a command): each call is one
/// transaction, and a writer waits for another's up to a busy timeout.
///
/// ```swift
/// let outbox = try Outbox(files: FieldFiles(serverURL: url))
/// let kept = try outbox.queueAdd(GeoCache(title: "Old Oak", details: "Behind the tree",
///                                         creator: "ana", reward: "Travel bug"))
/// kept.code   // "GT…": the code the club store will know it by
/// ```
public final class Outbox {
    /// The files it lives in.
    public let files: FieldFiles

    /// The one connection to the outbox file.
    let queue: DatabaseQueue

    /// The outbox found damaged at this path when it was opened, and set aside for a
    /// new one; nil when it was whole (or new).
    public let setAside: FieldFileSetAside?

    /// Opens (creating when missing, with its directories) the outbox of `files`.
    ///
    /// The directories are made with mode 0700 and the file with mode 0600, whole before
    /// it is in place; it is written with `synchronous = FULL`. The file is checked each
    /// time (SQLite's quick check, its schema): a damaged one is set aside, never
    /// emptied, and a new one made in its place (``setAside`` says so). Throws
    /// ``StoreError`` when the directory or the file cannot be made or opened, or was
    /// written by a newer version.
    public init(files: FieldFiles) throws(StoreError) {
        self.files = files
        (queue, setAside) = try Self.openQueue(files: files)
    }

    /// Keeps an add of `cache` (validated; given a new code when it has none).
    ///
    /// - Throws: ``GeoCacheValidationError`` when a field is empty,
    ///   ``StoreError/nulCharacter(path:cache:field:)`` when it holds U+0000 (which
    ///   the club store cannot hold), ``StoreError`` when the outbox cannot be written.
    ///   Nothing is kept then.
    @discardableResult
    public func queueAdd(_ cache: GeoCache) throws -> QueuedChange {
        var valid = try cache.validated()
        valid.code = cache.code.flatMap(CacheCode.normalized) ?? CacheCode.generate()
        try refuseNUL(in: valid)
        return try insert(kind: .add, code: valid.code!, base: nil, cache: valid)
    }

    /// Keeps an edit of `base` (the version the member saw) to `cache` (validated).
    /// The edited cache keeps `base`'s code.
    ///
    /// - Throws: ``GeoCacheValidationError`` when a field of `cache` is empty,
    ///   ``OutboxError/noCode(title:)`` when `base` has no code,
    ///   ``StoreError/nulCharacter(path:cache:field:)`` for U+0000, ``StoreError`` when
    ///   the outbox cannot be written. Nothing is kept then.
    @discardableResult
    public func queueEdit(of base: GeoCache, to cache: GeoCache) throws -> QueuedChange {
        var valid = try cache.validated()
        let code = try Self.code(of: base)
        valid.code = code
        try refuseNUL(in: valid)
        return try insert(kind: .edit, code: code, base: base, cache: valid)
    }

    /// Keeps a delete of `base` (the version the member saw).
    ///
    /// - Throws: ``OutboxError/noCode(title:)`` when `base` has no code, ``StoreError``
    ///   when the outbox cannot be written.
    ///
    /// A delete already sent as `sentAs` whose outcome was not known (the form quit
    /// before the server answered) is kept under that identifier, and delivery asks the
    /// store what it came to first: done once, whatever the first try did.
    @discardableResult
    public func queueDelete(_ base: GeoCache, sentAs: WriteID? = nil) throws -> QueuedChange {
        try insert(kind: .delete, code: try Self.code(of: base), base: base, cache: nil, sentAs: sentAs)
    }

    /// Every change kept that can be read, in the order it is delivered.
    public func changes() throws -> [QueuedChange] {
        try rows().map(\.change)
    }

    /// The changes kept whose rows cannot be read, in sequence order: never delivered,
    /// given up with ``discard(_:waitingUpTo:settling:)``.
    public func unreadableChanges() throws -> [UnreadableChange] {
        try entries().compactMap { entry in
            if case .unreadable(let change) = entry { change } else { nil }
        }
    }

    /// The number of changes kept, those that cannot be read and the finder's included.
    public func count() throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM change) + (SELECT count(*) FROM finder_change)") ?? 0
        }
    }

    /// Drops the change `sequence` (the member gives it up after a conflict), once no
    /// delivery is in progress (``betweenDeliveries(_:waitingUpTo:_:)``): dropped, it is never sent.
    ///
    /// - Throws: ``OutboxError/noSuchChange(_:)`` when no change has that number (one
    ///   that the delivery waited for delivered meanwhile included).
    ///
    /// With `waitingUpTo`, a delivery still in progress after that long leaves the change
    /// as it is and throws ``OutboxError/deliveringElsewhere(_:)``: a form does not hold
    /// its keys for another process (a `sync` stopped with ^Z keeps its lock).
    ///
    /// A change marked as being sent (its reply lost: ``QueuedChange/mayBeStored``) may be
    /// on the server already: it is first looked up through `settle` (the store's ledger,
    /// as a delivery settles it). Stored, it is removed as delivered and
    /// ``OutboxError/storedMeanwhile(_:)`` is thrown; without `settle`, or while the server
    /// cannot be asked, it is left as it is and ``OutboxError/outcomeNotKnown(_:)`` is thrown.
    public func discard(_ sequence: Int64, waitingUpTo wait: Duration? = nil,
                        settling settle: ((WriteID) throws -> WriteOutcome)? = nil) throws {
        try betweenDeliveries(sequence, waitingUpTo: wait) {
            if let sent = try sentWrite(sequence) {
                guard let settle else { throw OutboxError.outcomeNotKnown(sequence) }
                let outcome: WriteOutcome
                do {
                    outcome = try settle(sent)
                } catch let error as StoreError where error.meansTheServerCannotBeReached {
                    throw OutboxError.outcomeNotKnown(sequence)
                } catch StoreError.outcomeUnknown {
                    throw OutboxError.outcomeNotKnown(sequence)
                }
                if case .stored = outcome {
                    try remove(sequence)
                    throw OutboxError.storedMeanwhile(sequence)
                }
            }
            try write { db in
                try db.execute(sql: "DELETE FROM change WHERE sequence = ?", arguments: [sequence])
                if db.changesCount == 0 { throw OutboxError.noSuchChange(sequence) }
            }
        }
    }

    /// The identifier the change `sequence` was sent with when it is marked as being sent
    /// (its outcome not known), else nil.
    private func sentWrite(_ sequence: Int64) throws -> WriteID? {
        try read { db in
            let row = try GRDB.Row.fetchOne(db, sql: "SELECT write_id, state FROM change WHERE sequence = ?",
                                            arguments: [sequence])
            guard let row, (try? row.decode(String.self, atIndex: 1)) == State.sending.rawValue,
                  let text = try? row.decode(String.self, atIndex: 0), let uuid = UUID(uuidString: text) else { return nil }
            return WriteID(uuid: uuid)
        }
    }

    /// Runs `body`, a change of the changes kept by the member (given up, overwritten),
    /// holding the lock every delivery holds (`outbox.lock`, ``OutboxDelivery``): it waits
    /// for a delivery in progress (a form's, another command's) to end, so that it never
    /// changes a change that delivery has read and may be sending; one delivered
    /// meanwhile is gone when `body` runs. Called from a delivery, it would wait forever.
    func betweenDeliveries<T>(_ sequence: Int64, waitingUpTo wait: Duration? = nil, _ body: () throws -> T) throws -> T {
        guard let lock = try DeliveryLock(directory: files.directory, waiting: true,
                                          until: wait.map { ContinuousClock.now + $0 }) else {
            throw OutboxError.deliveringElsewhere(sequence)
        }
        defer { lock.release() }
        return try body()
    }

    /// Resolves the conflict of change `sequence` in the member's favour: the next
    /// delivery applies it to the server's version it was shown (an edit), or deletes
    /// that version (a delete), or adds the edited cache again when it vanished.
    ///
    /// An edit is merged (``GeoCache/merging(theirs:base:)``): the parts the member
    /// changed from the version the edit was made from take the member's values, every
    /// other part keeps the server's, so a field changed on the server and not here is
    /// never written back. The change waits again under a new ``WriteID``. An add whose
    /// code the server had already becomes an edit of the server's version, written
    /// whole (it was made from no version); a delete of a cache that vanished has
    /// nothing left to do and is dropped. Later changes of the same cache that were made
    /// from what this one wrote start from what it writes now, so they do not conflict
    /// with it on delivery.
    ///
    /// - Returns: true when the change is settled at once (a delete of a cache that
    ///   vanished), false when it waits for the next delivery.
    /// - Throws: ``OutboxError/noSuchChange(_:)``, ``OutboxError/refused(_:)`` for a change
    ///   the server refused, or ``OutboxError/notInConflict(_:)`` when the change is not
    ///   in conflict.
    @discardableResult
    public func overwrite(_ sequence: Int64) throws -> Bool {
        try betweenDeliveries(sequence) { try overwriteNow(sequence) }
    }

    /// ``overwrite(_:)``, holding the delivery lock.
    private func overwriteNow(_ sequence: Int64) throws -> Bool {
        try write { db in
            guard let row = try Self.row(sequence, in: db) else { throw OutboxError.noSuchChange(sequence) }
            if row.change.refusal != nil { throw OutboxError.refused(sequence) }
            guard let conflict = row.change.conflict else { throw OutboxError.notInConflict(sequence) }
            let change = row.change
            var kind = change.kind
            var base = change.base
            var cache = change.cache
            switch conflict {
            case .changed(let server):
                if kind == .add {
                    kind = .edit
                } else if let mine = change.cache, let from = change.base {
                    cache = mine.merging(theirs: server.cache, base: from)
                }
                base = server.cache
            case .vanished:
                if kind == .delete {
                    try db.execute(sql: "DELETE FROM change WHERE sequence = ?", arguments: [sequence])
                    return true
                }
                kind = .add
                base = nil
            }
            try db.execute(sql: """
                UPDATE change SET kind = ?, base = ?, cache = ?, write_id = ?, state = 'waiting',
                    server_id = NULL, server_cache = NULL WHERE sequence = ?
                """, arguments: [kind.rawValue, try Self.json(base), try Self.json(cache), WriteID().description,
                                 sequence])
            if let made = change.cache, let cache, made != cache {
                try Self.rebase(changesOf: change.code, after: sequence, from: made, to: cache, in: db)
            }
            return false
        }
    }

    /// Makes the waiting changes of `code` after `sequence` that were made from `old`
    /// (what an overwritten change wrote before) start from `new` (what it writes now),
    /// each edit merged onto it; stops at the first that was not (sent already, refused,
    /// or made from another version), which delivery then judges as it is.
    private static func rebase(changesOf code: String, after sequence: Int64, from old: GeoCache, to new: GeoCache,
                               in db: Database) throws {
        var old = old, new = new
        let later = try Int64.fetchAll(db, sql: "SELECT sequence FROM change WHERE code = ? AND sequence > ? "
                                           + "ORDER BY sequence", arguments: [code, sequence])
        for number in later {
            guard let row = try Self.row(number, in: db), row.state == .waiting, row.change.refusal == nil,
                  row.change.base == old else { return }
            let cache = row.change.cache.map { $0.merging(theirs: new, base: old) }
            try db.execute(sql: "UPDATE change SET base = ?, cache = ? WHERE sequence = ?",
                           arguments: [try Self.json(new), try Self.json(cache), number])
            guard let made = row.change.cache, let cache else { return }
            old = made
            new = cache
        }
    }
}

/// Why the outbox refused a request about one change, or a change to queue.
public enum OutboxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No change kept has this number.
    case noSuchChange(Int64)
    /// The change is not in conflict, so there is nothing to overwrite.
    case notInConflict(Int64)
    /// The server refused the change: there is no version of it there to overwrite.
    case refused(Int64)
    /// An edit or delete was asked of a cache without a code, which the club store
    /// could not find it by (every stored cache has one).
    case noCode(title: String)
    /// An edit or delete was asked of a cache that a waiting change (its number given)
    /// deletes already.
    case deletedAlready(Int64, title: String)
    /// The change's row cannot be read (`reason` says what), so it can only be given up.
    case unreadable(Int64, reason: String)
    /// Another process was delivering the changes kept here for longer than the wait:
    /// the change was left as it was.
    case deliveringElsewhere(Int64)
    /// The change was sent and its reply lost, and the server could not be asked whether
    /// it was stored: it was left as it was (it may be on the server already).
    case outcomeNotKnown(Int64)
    /// The change was sent and its reply lost, and the server says it was stored: it was
    /// removed as delivered, with nothing to discard.
    case storedMeanwhile(Int64)
    /// The change met a cache that changed hands meanwhile: the club's rules refuse it
    /// from this role (`refusal` says whose it is), so it cannot be written over it.
    case changedHands(Int64, ChangeRefusal)

    /// One sentence for standard error or a status line.
    public var description: String {
        switch self {
        case .noSuchChange(let sequence):
            "No change number \(sequence) waits for the club store; nothing was changed."
        case .notInConflict(let sequence):
            "Change number \(sequence) is not in conflict; it waits to be delivered as it is."
        case .refused(let sequence):
            "Change number \(sequence) was refused by the server, so there is nothing to overwrite; "
                + "sync --discard \(sequence) gives it up."
        case .noCode(let title):
            "\"\(title)\" has no code, so the club store could not find it; nothing was kept."
        case .deletedAlready(let sequence, let title):
            "\"\(title)\" is deleted already by change \(sequence), which waits for the club store; nothing was kept."
        case .unreadable(let sequence, let reason):
            "Change number \(sequence) cannot be read (\(reason)), so it can only be given up; nothing was changed."
        case .deliveringElsewhere(let sequence):
            "Another program (a form, or geocache-tui sync, perhaps stopped with ^Z) is delivering the changes kept "
                + "on this machine; change \(sequence) was left as it is: try again once it is done."
        case .outcomeNotKnown(let sequence):
            "Change number \(sequence) was sent and its reply lost, so it may be stored on the club store already, "
                + "and the server cannot be asked now; it was left as it is: run sync once the server answers, "
                + "which delivers it or finds it stored."
        case .storedMeanwhile(let sequence):
            "Change number \(sequence) was stored on the club store (its reply had been lost); nothing to discard."
        case .changedHands(let sequence, let refusal):
            "Change number \(sequence) is of a cache the club's rules no longer let you change (it changed hands, or your "
                + "role lost a right). \(refusal), "
                + "so it cannot be written over it; sync --discard \(sequence) gives it up."
        }
    }
}
