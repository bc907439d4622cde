import Foundation
import GRDB

/// The outbox's file: its directory and mode, its tables, and the rows a delivery reads
/// and moves from state to state.
///
/// Tables: `change` (one row per queued change: `sequence INTEGER PRIMARY KEY
/// AUTOINCREMENT`, `write_id` unique, `kind`, `code`, `base` and `cache` as JSON,
/// `queued_at`, `state` and, for a conflict, the server's version as `server_id` and
/// `server_cache`, both null when the cache vanished, and `refused`, the server's reason
/// when it refused the change) and `meta` (`store`: the store's redacted URL, for
/// `sync --status`). `PRAGMA user_version` is the schema's version (2 added `refused`).
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
    static let schemaVersion = 2

    /// How long a write waits for another process's transaction on the outbox.
    static let busyTimeout: TimeInterval = 10

    /// Makes the directories (mode 0700) and the file (mode 0600) when missing, opens
    /// the file and creates its tables.
    static func openQueue(files: FieldFiles) throws(StoreError) -> DatabaseQueue {
        let path = files.outboxPath
        try makeDirectory(files.directory, for: path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EISDIR { throw .isDirectory(path: path) }
            throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
        close(descriptor)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = false
        configuration.label = "geocache-tui outbox"
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try createTables(db, path: path, storeName: files.storeName)
                    return .commit
                }
            }
            return queue
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
    }

    /// Makes `directory` and any missing parent with mode 0700.
    static func makeDirectory(_ directory: String, for path: String) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw .cannotCreate(path: path, reason: "its directory \(directory) cannot be made (\(reason))")
        }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreate(path: path, reason: "\(directory) is not a directory")
        }
    }

    /// Creates the tables of a new outbox and records the store's name; refuses a newer schema.
    private static func createTables(_ db: Database, path: String, storeName: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > schemaVersion { throw StoreError.newerSchema(path: path) }
        if version < 1 {
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS change (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    write_id TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete')),
                    code TEXT NOT NULL,
                    base TEXT,
                    cache TEXT,
                    queued_at REAL NOT NULL,
                    state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sending', 'conflict')),
                    server_id INTEGER,
                    server_cache TEXT);
                """)
        }
        if version < 2 {
            try db.execute(sql: "ALTER TABLE change ADD COLUMN refused TEXT; PRAGMA user_version = \(schemaVersion)")
        }
        try db.execute(sql: """
            INSERT INTO meta (key, value) VALUES ('store', ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value != excluded.value
            """, arguments: [storeName])
    }

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
    func insert(kind: QueuedChange.Kind, code: String, base: GeoCache?, cache: GeoCache?) throws -> QueuedChange {
        let write = WriteID()
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
                INSERT INTO change (write_id, kind, code, base, cache, queued_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [write.description, kind.rawValue, code, try Self.json(keptBase), cacheJSON,
                                 queuedAt.timeIntervalSince1970])
            return (db.lastInsertedRowID, keptBase)
        }
        return QueuedChange(sequence: sequence, write: write, kind: kind, code: code, base: keptBase, cache: cache,
                            queuedAt: Date(timeIntervalSince1970: queuedAt.timeIntervalSince1970), conflict: nil)
    }

    /// The last change waiting for the cache `code`, or nil.
    private static func latestChange(of code: String, in db: Database) throws -> QueuedChange? {
        try Row.Record.fetchOne(db, sql: "SELECT \(columns) FROM change WHERE code = ? ORDER BY sequence DESC LIMIT 1",
                                arguments: [code])?.row().change
    }

    /// Every change with its state, in sequence order.
    func rows() throws -> [Row] {
        try read { db in
            try Row.Record.fetchAll(db, sql: "SELECT \(Self.columns) FROM change ORDER BY sequence").map { try $0.row() }
        }
    }

    /// The change `sequence` with its state, or nil.
    static func row(_ sequence: Int64, in db: Database) throws -> Row? {
        try Row.Record.fetchOne(db, sql: "SELECT \(columns) FROM change WHERE sequence = ?", arguments: [sequence])?.row()
    }

    /// Marks the change as being sent, durably, before it is.
    func markSending(_ sequence: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE change SET state = 'sending' WHERE sequence = ?", arguments: [sequence])
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
    /// waiting, and is not sent again until the member gives it up (``discard(_:)``);
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

/// Reading a row of the `change` table.
extension Outbox.Row {
    /// The columns of one `change` row, as read.
    struct Record: FetchableRecord {
        /// `sequence`.
        let sequence: Int64
        /// `write_id`, a UUID.
        let write: String
        /// `kind`: `add`, `edit` or `delete`.
        let kind: String
        /// `code`.
        let code: String
        /// `base`, JSON.
        let base: String?
        /// `cache`, JSON.
        let cache: String?
        /// `queued_at`, seconds since 1970.
        let queuedAt: Double
        /// `state`.
        let state: String
        /// `server_id`.
        let serverID: Int64?
        /// `server_cache`, JSON.
        let serverCache: String?
        /// `refused`: the server's reason.
        let refused: String?

        /// Reads the columns of `Outbox.columns`.
        init(row: GRDB.Row) {
            sequence = row[0]
            write = row[1]
            kind = row[2]
            code = row[3]
            base = row[4]
            cache = row[5]
            queuedAt = row[6]
            state = row[7]
            serverID = row[8]
            serverCache = row[9]
            refused = row[10]
        }

        /// The change it holds; a row this version cannot read is a damaged outbox.
        func row() throws -> Outbox.Row {
            guard let uuid = UUID(uuidString: write), let kind = QueuedChange.Kind(rawValue: kind),
                  let state = Outbox.State(rawValue: state) else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "change \(sequence) cannot be read")
            }
            let decoder = JSONDecoder()
            func decode(_ text: String?) throws -> GeoCache? {
                try text.map { try decoder.decode(GeoCache.self, from: Data($0.utf8)) }
            }
            var conflict: OutboxConflict?
            if state == .conflict {
                if let serverID, let server = try decode(serverCache) {
                    conflict = .changed(server: StoredCache(id: CacheID(rawValue: serverID), cache: server))
                } else {
                    conflict = .vanished
                }
            }
            let change = QueuedChange(sequence: sequence, write: WriteID(uuid: uuid), kind: kind, code: code,
                                      base: try decode(base), cache: try decode(cache),
                                      queuedAt: Date(timeIntervalSince1970: queuedAt), conflict: conflict,
                                      refusal: refused, mayBeStored: state == .sending)
            return Outbox.Row(change: change, state: state)
        }
    }
}
