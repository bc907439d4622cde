import CSystem
import GRDB

/// Noticing a store file overwritten in place (`cp other.sqlite caches.sqlite`) while
/// the store is open.
///
/// A file copied over the store keeps its device and inode, so
/// ``StoreFile/change(at:since:)`` cannot see it. SQLite cannot either: in WAL mode a
/// connection trusts its page cache for as long as the log's index (`-shm`) is
/// unchanged, and a copy changes only the store file. A write through such a session
/// mixes the pages it remembers with the file's new ones and breaks the indexes
/// ("wrong # of entries in index"), and `quick_check` does not compare indexes with
/// their tables.
///
/// So every commit writes a new random mark into the file's header (`PRAGMA
/// user_version`, which geocache-tui uses for nothing else), and before a write, once
/// the write lock is held, the mark the connection sees (from its page cache) is
/// compared with the mark the file holds (read through the connection's own
/// descriptor, `geocache_sqlite_read_file_u32`): another file copied in carries
/// another mark, or none. The two are compared only while the log holds nothing a
/// checkpoint has not copied into the file yet (`geocache_sqlite_log_is_in_file`),
/// which every commit of geocache-tui's leaves behind (``checkpointCommit(_:wasAsRecorded:)``):
/// otherwise the file may legitimately lag behind the log. The check reads four bytes
/// and the index's header: nothing beside a commit's fsync.
extension SQLiteStore {
    /// The offset of `user_version` in an SQLite file's header, where the mark lives.
    static let markOffset: Int64 = 60

    /// Inside a write transaction, once the write lock is held and before anything is
    /// written: throws ``StoreError/fileOverwritten(path:)`` when the file no longer
    /// holds the mark the connection sees, else reads the schema again if another
    /// connection changed it (``readSchemaIfChanged(_:)``) and gives the commit a new
    /// mark. Returns the mark found, to be compared again before the commit
    /// (``checkMarkKept(_:_:path:)``); nil when the file could not be compared (the log
    /// holds commits not yet copied into it).
    static func checkAndRenewMark(_ db: Database, path: String) throws -> Int32? {
        let found = try checkMark(db, path: path)
        try readSchemaIfChanged(db)
        try db.execute(sql: "PRAGMA user_version = \(Int32.random(in: 1 ... .max))")
        return found
    }

    /// Makes the connection read the schema again when another connection has changed
    /// it since (an import drops and makes again the triggers that count and place
    /// caches, and indexes): a statement first prepared against the old copy, whose
    /// trigger writes the place index (an insert, a new place, own data), failed its
    /// first run with "no such table: cache" (SQLite 3.40, and 3.51 alike). Reading a
    /// table compares the schema's cookie with the file's and reloads it on a change.
    static func readSchemaIfChanged(_ db: Database) throws {
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
    }

    /// Right before the commit: throws ``StoreError/fileOverwritten(path:)`` when the
    /// file no longer holds `mark`, the mark ``checkAndRenewMark(_:path:)`` found (a
    /// copy made while the transaction ran). Nothing to compare when `mark` is nil.
    static func checkMarkKept(_ db: Database, _ mark: Int32?, path: String) throws {
        guard let mark, let connection = db.sqliteConnection else { return }
        guard try fileMark(of: connection, path: path) == mark else { throw StoreError.fileOverwritten(path: path) }
    }

    /// Inside a transaction: throws ``StoreError/fileOverwritten(path:)`` when the
    /// mark the connection sees is not the one in the file, while the log holds nothing
    /// that is not in the file; returns the mark seen then, nil when the two could not
    /// be compared.
    static func checkMark(_ db: Database, path: String) throws -> Int32? {
        // Read first: it begins the transaction's read, which maps the log's index.
        let seen = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard let connection = db.sqliteConnection, geocache_sqlite_log_is_in_file(connection) == 1 else { return nil }
        guard try fileMark(of: connection, path: path) == seen else { throw StoreError.fileOverwritten(path: path) }
        return seen
    }

    /// Whether the file at `path` on its own passes `quick_check`, read without the log
    /// and its index (`immutable`): after a read through an open session failed as
    /// damaged, a file sound alone was copied in over what the session's pages and log
    /// describe (they mix into what SQLite calls malformed), as when the copy came
    /// while the log held a commit not yet in the file and the marks could not be
    /// compared. False when it cannot be opened or checked, or is damaged.
    static func fileAloneIsSound(_ path: String) -> Bool {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        var configuration = connectionConfiguration(label: "geocache-tui check of the file alone")
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: "file:" + encoded + "?immutable=1", configuration: configuration)
        else { return false }
        defer { try? queue.close() }
        return (try? queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(1)") }) == ["ok"]
    }

    /// Whether the header of the file `queue` has open, read through its descriptor, no
    /// longer holds `mark`, the one it held when the store opened: none at all when the
    /// file now ends before it (a copy just begun, or cut short). False when `mark` is
    /// nil (nothing to compare) or the file cannot be read.
    static func fileWasCopiedOver(_ queue: DatabaseQueue, since mark: Int32?, path: String) -> Bool {
        guard let mark else { return false }
        return queue.inDatabase { db in
            guard let connection = db.sqliteConnection else { return false }
            do {
                return try fileMark(of: connection, path: path) != mark
            } catch {
                return false
            }
        }
    }

    /// The mark in the file's own header, read through `connection`'s descriptor
    /// (``mark(read:value:path:)``).
    private static func fileMark(of connection: OpaquePointer, path: String) throws(StoreError) -> Int32? {
        var value: UInt32 = 0
        return try mark(read: geocache_sqlite_read_file_u32(connection, markOffset, &value), value: value, path: path)
    }

    /// What a read of the mark that SQLite's file answered with `result` gives: the mark
    /// `value`; nil when the file ends before the header does (a file being copied over,
    /// which compares as another mark); a read the disk failed (`SQLITE_IOERR_READ`: EIO,
    /// a file system shut down) throws ``StoreError/ioError(path:reason:)``: it tells
    /// nothing of a copy.
    static func mark(read result: Int32, value: UInt32, path: String) throws(StoreError) -> Int32? {
        switch result {
        case SQLITE_OK: return Int32(bitPattern: value)
        case SQLITE_IOERR | (2 << 8): return nil  // SQLITE_IOERR_SHORT_READ
        default: throw .ioError(path: path, reason: "SQLite says: " + String(cString: sqlite3_errstr(result)))
        }
    }
}
