import Foundation
import GRDB

/// Opening the outbox's file: made whole before it is ever seen, and checked each time
/// it is opened, so that a damaged outbox is set aside (``FieldFileSetAside``) rather
/// than used, or emptied by starting over in place.
///
/// A new outbox is written beside its place (`outbox.sqlite.new-PID-…`, its tables and
/// mode 0600 first; one a process left when it ended is removed at the next opening)
/// and linked into place, so a file at ``FieldFiles/outboxPath`` always
/// holds the outbox's tables: one that is empty, holds no outbox tables, is not an
/// SQLite file, or fails SQLite's quick check was damaged (truncated, overwritten) and
/// may still hold changes never delivered. It is renamed beside itself, and a new outbox
/// starts in its place.
extension Outbox {
    /// The columns of `change`, as the current schema has them.
    static let changeColumns: Set<String> = ["sequence", "write_id", "kind", "code", "base", "cache", "queued_at",
                                              "state", "server_id", "server_cache", "refused"]

    /// Makes the directories (mode 0700) and, when missing, the file (mode 0600, made
    /// whole beside it and linked into place), opens it and checks it. A damaged file is
    /// set aside and a new one made: the returned ``FieldFileSetAside`` says so.
    static func openQueue(files: FieldFiles) throws(StoreError) -> (DatabaseQueue, FieldFileSetAside?) {
        let path = files.outboxPath
        try makeDirectory(files.directory, for: path)
        StoreFile.removeAbandoned(prefix: newFilePrefix, in: files.directory)
        var setAside: FieldFileSetAside?
        // A damaged file set aside, another process may set aside the next one: a few tries.
        for _ in 0..<3 {
            try create(files)
            do {
                return (try openChecked(files), setAside)
            } catch let error as StoreError {
                throw error
            } catch {
                guard let damage = FieldFileDamage.of(error) else { throw StoreError(wrapping: error, path: path) }
                if let found = try FieldFileSetAside.setAside(.outbox, at: path, because: damage.reason) {
                    setAside = found
                }
            }
        }
        throw StoreError.cannotCreate(path: path, reason: "it was found damaged again each time it was made")
    }

    /// Opens the outbox at `files`' path, checks it (``checkFile(_:path:)``), brings its
    /// schema up to date and records the store's name.
    private static func openChecked(_ files: FieldFiles) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = false
        configuration.label = "geocache-tui outbox"
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let queue = try DatabaseQueue(path: files.outboxPath, configuration: configuration)
        do {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try checkFile(db, path: files.outboxPath)
                    try migrate(db)
                    try recordStore(db, storeName: files.storeName)
                    return .commit
                }
            }
        } catch {
            try? queue.close()
            throw error
        }
        return queue
    }

    /// How the name of a new outbox being written begins; the process's id follows, so
    /// one left by a process that ended is removed at the next opening.
    static let newFilePrefix = "outbox.sqlite.new-"

    /// Writes a new outbox beside `files`' path and links it into place when none is
    /// there; another process's made first is left as it is.
    private static func create(_ files: FieldFiles) throws(StoreError) {
        let path = files.outboxPath
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .isDirectory(path: path) }
            return
        }
        let temporary = files.directory + "/" + newFilePrefix + "\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { StoreFile.removeWithSideFiles(temporary) }
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        do {
            let queue = try DatabaseQueue(path: temporary)
            try queue.write { db in
                try migrate(db)
                try recordStore(db, storeName: files.storeName)
            }
            try queue.close()
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        let descriptorToSync = open(temporary, O_RDONLY | O_CLOEXEC)
        if descriptorToSync >= 0 {
            fsync(descriptorToSync)
            close(descriptorToSync)
        }
        guard link(temporary, path) != 0 else { return }
        let code = errno
        if code == EEXIST { return }
        // A file system without hard links: renamed instead, when still nothing is there.
        guard [EPERM, ENOTSUP, ENOSYS].contains(code), !FileManager.default.fileExists(atPath: path),
              rename(temporary, path) == 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
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

    /// Throws ``FieldFileDamage`` when the file open in `db` is not a whole outbox:
    /// SQLite's quick check fails, it holds no schema version (an empty file, or one
    /// another program made), or its tables are not the outbox's. A newer schema is
    /// ``StoreError/newerSchema(path:)``.
    static func checkFile(_ db: Database, path: String) throws {
        try FieldFileDamage.quickCheck(db)
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > schemaVersion { throw StoreError.newerSchema(path: path) }
        guard version >= 1 else {
            throw FieldFileDamage(reason: try db.tableExists("change") ? "it holds no schema version"
                                  : "it is empty: it holds no outbox tables")
        }
        guard try db.tableExists("change"), try db.tableExists("meta") else {
            throw FieldFileDamage(reason: "its tables are not an outbox's")
        }
        let columns = try db.columns(in: "change").map(\.name)
        let expected = version >= 2 ? changeColumns : changeColumns.subtracting(["refused"])
        let missing = expected.subtracting(columns)
        guard missing.isEmpty else {
            throw FieldFileDamage(reason: "its change table lacks " + missing.sorted().joined(separator: ", "))
        }
        if version >= 3, try !db.tableExists("finder_change") {
            throw FieldFileDamage(reason: "it lacks its finder_change table")
        }
    }

    /// Creates the tables of a new outbox, or brings an older one's up to ``schemaVersion``.
    private static func migrate(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
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
            try db.execute(sql: "ALTER TABLE change ADD COLUMN refused TEXT")
        }
        if version < 3 {
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS finder_change (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    write_id TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('visits', 'own')),
                    code TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    queued_at REAL NOT NULL,
                    refused TEXT);
                PRAGMA user_version = \(schemaVersion);
                """)
        }
    }

    /// Records the store's name (for `sync --status`) when it changed.
    private static func recordStore(_ db: Database, storeName: String) throws {
        try db.execute(sql: """
            INSERT INTO meta (key, value) VALUES ('store', ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value != excluded.value
            """, arguments: [storeName])
    }
}
