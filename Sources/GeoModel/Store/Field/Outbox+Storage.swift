import Foundation
import GRDB

/// The outbox's file: its tables, and the rows a delivery reads and moves from state to
/// state (opening and checking it: `Outbox+Opening.swift`; reading a row on its own:
/// `Outbox+Rows.swift`).
///
/// Tables: `change` (one row per queued change: `sequence INTEGER PRIMARY KEY
/// AUTOINCREMENT`, `write_id` unique, `kind`, `code`, `base` and `cache` as JSON,
/// `queued_at`, `state` and, for a conflict, the server's version as `server_id` and
/// `server_cache`, both null when the cache vanished, and `refused`, the server's reason
/// when it refused the change) and `meta` (`store`: the store's redacted URL, for
/// `sync --status`). `PRAGMA user_version` is the schema's version (2 added `refused`; 3 the
/// `finder_change` table of `Outbox+Finder.swift`).
extension Outbox {
    /// Where a change is on its way to the club store.
    enum State: String {
        /// Not sent yet (or found not stored after a delivery was cut).
        case waiting
        /// Marked just before it was sent: it may have been stored.
        case sending
        /// Delivery found the cache changed or gone on the server.
        case conflict
    }

    /// A change as the file holds it, with its state.
    struct Row {
        /// The change.
        let change: QueuedChange
        /// Where it is on its way.
        let state: State
    }

    /// The schema version this code writes; a newer file is refused.
    static let schemaVersion = 3

    /// How long a write waits for another process's transaction on the outbox.
    static let busyTimeout: TimeInterval = 10

    // MARK: Reading and writing the file

    /// Runs `body` in a read transaction; file errors become ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch {
            throw StoreError(wrapping: error, path: files.outboxPath)
        }
    }

    /// Runs `body` in an immediate transaction, committed durably before it returns;
    /// file errors become ``StoreError``, an ``OutboxError`` is thrown as it is.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as OutboxError {
            throw error
        } catch {
            throw StoreError(wrapping: error, path: files.outboxPath)
        }
    }

    /// The store name the file records (``FieldFiles/storeName`` when it was last
    /// opened: the URL without its password), for `sync --status`.
    public func recordedStoreName() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'store'") }
    }

    /// Keeps a new change, waiting, and returns it as kept.
    ///
    /// An edit or a delete of a cache that an earlier waiting change adds or edits
    /// starts from what that change makes of it (its base is that change's cache,
    /// whatever version the caller saw): delivered in order, the member's own changes
    /// never conflict with one another. One after a waiting delete of the cache is
    /// refused with ``OutboxError/deletedAlready(_:title:)``.
    ///
    /// A change already sent as `sentAs`, its outcome not known, is kept as being sent
    /// under that identifier: delivery asks the store what it came to before sending it.
    func insert(kind: QueuedChange.Kind, code: String, base: GeoCache?, cache: GeoCache?,
                sentAs: WriteID? = nil) throws -> QueuedChange {
        let write = sentAs ?? WriteID()
        let queuedAt = Date()
        let cacheJSON = try Self.json(cache)
        let (sequence, keptBase) = try self.write { db -> (Int64, GeoCache?) in
            var keptBase = base
            if kind != .add, let earlier = try Self.latestChange(of: code, in: db) {
                guard earlier.kind != .delete, let made = earlier.cache else {
                    throw OutboxError.deletedAlready(earlier.sequence, title: earlier.title)
                }
                keptBase = made
            }
            try db.execute(sql: """
                INSERT INTO change (write_id, kind, code, base, cache, queued_at, state) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [write.description, kind.rawValue, code, try Self.json(keptBase), cacheJSON,
                                 queuedAt.timeIntervalSince1970, sentAs == nil ? "waiting" : "sending"])
            return (db.lastInsertedRowID, keptBase)
        }
        return QueuedChange(sequence: sequence, write: write, kind: kind, code: code, base: keptBase, cache: cache,
                            queuedAt: Date(timeIntervalSince1970: queuedAt.timeIntervalSince1970), conflict: nil)
    }

    /// The last change waiting for the cache `code` that can be read, or nil (one that
    /// cannot be read holds the later ones back at delivery, whatever they start from).
    private static func latestChange(of code: String, in db: Database) throws -> QueuedChange? {
        let rows = try GRDB.Row.fetchAll(db, sql: "SELECT \(columns) FROM change WHERE code = ? ORDER BY sequence DESC",
                                         arguments: [code])
        return rows.lazy.compactMap { row -> QueuedChange? in
            if case .change(let read) = entry(from: row) { read.change } else { nil }
        }.first
    }

    /// Every change that can be read, with its state, in sequence order.
    func rows() throws -> [Row] {
        try entries().compactMap { entry in
            if case .change(let row) = entry { row } else { nil }
        }
    }

    /// The change `sequence` with its state, or nil.
    ///
    /// - Throws: ``OutboxError/unreadable(_:reason:)`` when its row cannot be read.
    static func row(_ sequence: Int64, in db: Database) throws -> Row? {
        guard let row = try GRDB.Row.fetchOne(db, sql: "SELECT \(columns) FROM change WHERE sequence = ?",
                                              arguments: [sequence]) else { return nil }
        switch entry(from: row) {
        case .change(let read): return read
        case .unreadable(let change): throw OutboxError.unreadable(sequence, reason: change.reason)
        }
    }

    /// Marks the change as being sent, durably, before it is.
    func markSending(_ sequence: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE change SET state = 'sending' WHERE sequence = ?", arguments: [sequence])
        }
    }

    /// Makes the change wait again under its identifier: the server refused the write
    /// before storing anything (the role itself refused), so it is not one whose reply
    /// was lost.
    func markWaiting(_ sequence: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE change SET state = 'waiting' WHERE sequence = ?", arguments: [sequence])
        }
    }

    /// Gives the change a new identifier and makes it wait again: its old one was
    /// found not stored (and can never be stored now).
    func renewWrite(_ sequence: Int64) throws -> WriteID {
        let write = WriteID()
        try self.write { db in
            try db.execute(sql: "UPDATE change SET write_id = ?, state = 'waiting' WHERE sequence = ?",
                           arguments: [write.description, sequence])
        }
        return write
    }

    /// Removes a change that was delivered.
    func remove(_ sequence: Int64) throws {
        try write { db in try db.execute(sql: "DELETE FROM change WHERE sequence = ?", arguments: [sequence]) }
    }

    /// Records that the server refused the change (`reason`, its words): it stays kept,
    /// waiting, and is not sent again until the member gives it up (``discard(_:waitingUpTo:settling:)``);
    /// returns it so.
    func recordRefusal(_ sequence: Int64, reason: String) throws -> QueuedChange? {
        try write { db in
            try db.execute(sql: "UPDATE change SET state = 'waiting', refused = ? WHERE sequence = ?",
                           arguments: [reason, sequence])
            return try Self.row(sequence, in: db)?.change
        }
    }

    /// Records the conflict delivery found for the change, which stays kept; returns it so.
    func recordConflict(_ sequence: Int64, _ conflict: OutboxConflict) throws -> QueuedChange? {
        var serverID: Int64?, serverJSON: String?
        if case .changed(let server) = conflict {
            serverID = server.id.rawValue
            serverJSON = try Self.json(server.cache)
        }
        return try write { db in
            try db.execute(sql: "UPDATE change SET state = 'conflict', server_id = ?, server_cache = ? WHERE sequence = ?",
                           arguments: [serverID, serverJSON, sequence])
            return try Self.row(sequence, in: db)?.change
        }
    }

    // MARK: Rows and JSON

    /// The columns `Row.Record` reads, in its order.
    static let columns = "sequence, write_id, kind, code, base, cache, queued_at, state, server_id, server_cache, refused"

    /// `cache` as JSON text, or nil.
    static func json(_ cache: GeoCache?) throws -> String? {
        guard let cache else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(cache), as: UTF8.self)
    }

    /// The code an edit or a delete of `base` is about.
    static func code(of base: GeoCache) throws(OutboxError) -> String {
        guard let code = base.code.flatMap(CacheCode.normalized) else { throw .noCode(title: base.title) }
        return code
    }

    /// Refuses a cache holding U+0000, which the club store cannot hold: it could
    /// never be delivered.
    func refuseNUL(in cache: GeoCache) throws(StoreError) {
        guard let field = PostgresStore.nulField(in: cache) else { return }
        throw .nulCharacter(path: files.storeName, cache: PostgresStore.naming(cache), field: field)
    }
}
