import GRDB
import GRDBSQLite

/// The import's two statements per cache, on SQLite's own API: look for a cache
/// identical in all four fields (``SQLiteStore/containsCacheSQL``: by its
/// ``ContentDigest``, then the fields), also one stored earlier in the same import, and
/// insert it (with the digest and its ``SearchFoldPatch``) when there is none.
///
/// Each field is bound as TEXT with its byte length, so a NUL inside it is kept, as
/// ``SQLiteStore/textArgument(_:)`` keeps it through GRDB, and without a copy: the
/// bytes stay where they are until the statement has run. Binding through GRDB's
/// `StatementArguments` (an array of existentials, a NUL check per field and dynamic
/// casts) cost more than SQLite's own work for a row (docs/performance.md).
struct ImportRowWriter {
    /// ``SQLiteStore/insertCacheSQL`` with `OR ROLLBACK`: a constraint that fails ends
    /// the whole import's transaction (which would be refused anyway), so SQLite need not
    /// keep a statement journal for each insert, which the counter trigger otherwise
    /// makes it write: about a third of an import's instructions per cache. (One
    /// `INSERT ... SELECT ... WHERE NOT EXISTS` instead of two statements cost more: an
    /// insert that reads its own table goes through a temporary table.)
    static let insertSQL = SQLiteStore.insertCacheSQL.replacingOccurrences(of: "INSERT INTO", with: "INSERT OR ROLLBACK INTO")

    private let database: Database
    private let exists: Statement
    private let insert: Statement
    /// Remembers how the import's words fold: descriptions repeat theirs.
    private var patches = SearchFoldPatch.Builder()

    /// Prepares the statements on `database`, inside the import's transaction.
    init(_ database: Database) throws {
        self.database = database
        exists = try database.makeStatement(sql: SQLiteStore.containsCacheSQL)
        insert = try database.makeStatement(sql: Self.insertSQL)
    }

    /// Stores `cache` unless an identical one is stored (also one stored earlier by
    /// this writer); returns whether it was stored.
    mutating func storeUnlessDuplicate(_ cache: GeoCache) throws -> Bool {
        let lookup = exists.sqliteStatement, row = insert.sqliteStatement
        defer {
            sqlite3_reset(lookup)
            sqlite3_reset(row)
        }
        let digest = ContentDigest.of(cache)
        var title = cache.title, details = cache.details, creator = cache.creator, reward = cache.reward
        return try title.withUTF8 { title in
            try details.withUTF8 { details in
                try creator.withUTF8 { creator in
                    try reward.withUTF8 { reward in
                        try check(sqlite3_bind_int64(lookup, 1, digest))
                        for (index, field) in [title, details, creator, reward].enumerated() {
                            try bind(field, at: Int32(index + 2), to: lookup)
                        }
                        guard sqlite3_step(lookup) == SQLITE_ROW else { throw error(sqlite3_errcode(database.sqliteConnection), sql: SQLiteStore.containsCacheSQL) }
                        if sqlite3_column_int(lookup, 0) != 0 { return false }

                        for (index, field) in [title, details, creator, reward].enumerated() {
                            try bind(field, at: Int32(index + 1), to: row)
                        }
                        try check(sqlite3_bind_int64(row, 5, digest))
                        let stepped: Int32
                        if let patch = patches.patch(for: cache) {
                            stepped = try patch.withUnsafeBytes { patch in
                                try check(sqlite3_bind_blob(row, 6, patch.baseAddress, Int32(patch.count), nil))
                                defer { sqlite3_bind_null(row, 6) }
                                return sqlite3_step(row)
                            }
                        } else {
                            try check(sqlite3_bind_null(row, 6))
                            stepped = sqlite3_step(row)
                        }
                        guard stepped == SQLITE_DONE else { throw error(stepped, sql: Self.insertSQL) }
                        return true
                    }
                }
            }
        }
    }

    /// Binds `bytes` as TEXT without a copy (SQLITE_STATIC): they must stay valid until
    /// the statement is reset.
    private func bind(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, to statement: SQLiteStatement) throws {
        guard let base = bytes.baseAddress else {
            // A null pointer would bind NULL: an empty field is bound as an empty text
            // SQLite copies (none of) the bytes of.
            try check(withUnsafePointer(to: 0 as CChar) { sqlite3_bind_text(statement, index, $0, 0, Self.transient) })
            return
        }
        try check(sqlite3_bind_text(statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                    Int32(bytes.count), nil))
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code, sql: nil) }
    }

    private func error(_ code: Int32, sql: String?) -> DatabaseError {
        let message = database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}
