import GRDB
import GRDBSQLite

/// The import's two statements per cache, on SQLite's own API: look for a cache
/// identical in all four fields (by its ``ContentDigest``), and insert it (with the
/// digest and its ``SearchFoldPatch``) when there is none.
///
/// Each field is bound as TEXT with its byte length, so a NUL inside it is kept, as
/// ``SQLiteStore/textArgument(_:)`` keeps it through GRDB; the statements are
/// ``SQLiteStore/containsCacheSQL`` and ``SQLiteStore/insertCacheSQL`` unchanged.
/// Binding through GRDB's `StatementArguments` (an array of existentials, a NUL
/// check per field and dynamic casts) cost more than SQLite's own work for a row
/// (docs/performance.md).
struct ImportRowWriter {
    private let database: Database
    private let exists: Statement
    private let insert: Statement
    /// Remembers how the import's words fold: descriptions repeat theirs.
    private var patches = SearchFoldPatch.Builder()

    /// Prepares the statements on `database`, inside the import's transaction.
    init(_ database: Database) throws {
        self.database = database
        exists = try database.makeStatement(sql: SQLiteStore.containsCacheSQL)
        insert = try database.makeStatement(sql: SQLiteStore.insertCacheSQL)
    }

    /// Stores `cache` unless an identical one is stored (also one stored earlier by
    /// this writer); returns whether it was stored. Its search patch is worked out
    /// only when it is stored.
    mutating func storeUnlessDuplicate(_ cache: GeoCache) throws -> Bool {
        let digest = ContentDigest.of(cache)
        let lookup = exists.sqliteStatement
        defer { sqlite3_reset(lookup) }
        try check(sqlite3_bind_int64(lookup, 1, digest))
        try bindFields(of: cache, to: lookup, from: 2)
        guard try step(lookup, sql: SQLiteStore.containsCacheSQL) == SQLITE_ROW else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the duplicate check returned no row",
                                sql: SQLiteStore.containsCacheSQL)
        }
        if sqlite3_column_int(lookup, 0) != 0 { return false }

        let row = insert.sqliteStatement
        defer { sqlite3_reset(row) }
        try bindFields(of: cache, to: row, from: 1)
        try check(sqlite3_bind_int64(row, 5, digest))
        if let patch = patches.patch(for: cache) {
            try check(patch.withUnsafeBytes { sqlite3_bind_blob(row, 6, $0.baseAddress, Int32($0.count), Self.transient) })
        } else {
            try check(sqlite3_bind_null(row, 6))
        }
        _ = try step(row, sql: SQLiteStore.insertCacheSQL)
        return true
    }

    private func bindFields(of cache: GeoCache, to statement: SQLiteStatement, from first: Int32) throws {
        try bind(cache.title, at: first, to: statement)
        try bind(cache.details, at: first + 1, to: statement)
        try bind(cache.creator, at: first + 2, to: statement)
        try bind(cache.reward, at: first + 3, to: statement)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code, sql: nil) }
    }

    /// Binds `text`'s UTF-8 bytes, all of them, as TEXT (SQLite copies them).
    private func bind(_ text: String, at index: Int32, to statement: SQLiteStatement) throws {
        var text = text
        let code = text.withUTF8 { bytes in
            // A null pointer would bind NULL: an empty field points at a byte of its own.
            withUnsafePointer(to: 0 as CChar) { empty in
                sqlite3_bind_text(statement, index,
                                  bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? empty,
                                  Int32(bytes.count), Self.transient)
            }
        }
        guard code == SQLITE_OK else { throw error(code, sql: nil) }
    }

    /// Steps `statement` once; returns SQLITE_ROW or SQLITE_DONE, throws otherwise.
    private func step(_ statement: SQLiteStatement, sql: String) throws -> Int32 {
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW || code == SQLITE_DONE else { throw error(code, sql: sql) }
        return code
    }

    private func error(_ code: Int32, sql: String?) -> DatabaseError {
        let message = database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
