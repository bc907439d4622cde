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
final class ImportRowWriter {
    /// ``SQLiteStore/insertCacheSQL`` with `OR ROLLBACK`: a constraint that fails ends
    /// the whole import's transaction (which would be refused anyway), so SQLite need not
    /// keep a statement journal for each insert, which a trigger otherwise makes it
    /// write, a large share of an import's work per cache. (One
    /// `INSERT ... SELECT ... WHERE NOT EXISTS` instead of two statements cost more: an
    /// insert that reads its own table goes through a temporary table.)
    static let insertSQL = SQLiteStore.insertCacheSQL.replacingOccurrences(of: "INSERT INTO", with: "INSERT OR ROLLBACK INTO")

    private let database: Database
    private let exists: Statement
    private let insert: Statement
    /// Remembers how the import's words fold: descriptions repeat theirs.
    private var patches = SearchFoldPatch.Builder()

    /// The digests of every cache stored (before and during the import) while there
    /// are at most ``digestLimit``: a cache whose digest is not among them cannot be a
    /// duplicate, so its lookup is skipped (nearly every cache of an import). Past the
    /// limit it is dropped and every cache is looked up, so memory stays bounded
    /// (about 16 bytes a digest).
    private var digests: Set<Int64>?
    static let digestLimit = 1_000_000

    /// The counter trigger's own SQL while the import has it dropped.
    private let counterTrigger: String?
    private var added = 0

    /// Prepares the statements on `database`, inside the import's transaction.
    ///
    /// The trigger that counts each inserted row is dropped for the import and made
    /// again from its own SQL by ``finish()``, which adds the import's count once. Both
    /// happen inside the import's transaction: no other connection ever sees the
    /// table without its trigger, and a rollback (an error, Ctrl-C, a kill) brings the
    /// trigger back with everything else. Running it for every row was a large share
    /// of SQLite's work per cache (docs/performance.md has the figures).
    init(_ database: Database) throws {
        self.database = database
        counterTrigger = try String.fetchOne(
            database, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'cache_counted_on_insert'")
        if counterTrigger != nil { try database.execute(sql: "DROP TRIGGER cache_counted_on_insert") }
        exists = try database.makeStatement(sql: SQLiteStore.containsCacheSQL)
        insert = try database.makeStatement(sql: Self.insertSQL)
        // The store's rows all have their digest: the import completed any pending ones.
        let stored = try Int.fetchOne(database, sql: "SELECT value FROM cache_count") ?? 0
        if stored <= Self.digestLimit {
            var known = Set<Int64>(minimumCapacity: stored)
            let cursor = try Int64.fetchCursor(database, sql: "SELECT content_hash FROM cache WHERE content_hash IS NOT NULL")
            while let digest = try cursor.next() { known.insert(digest) }
            digests = known
        }
    }

    /// Adds the caches stored to the count and makes the counter trigger again; call it
    /// once, last, before the import's transaction commits.
    func finish() throws {
        try database.execute(sql: "UPDATE cache_count SET value = value + ? WHERE singleton = 1", arguments: [added])
        if let counterTrigger { try database.execute(sql: counterTrigger) }
    }

    /// What is stored beside a cache's fields: its ``ContentDigest`` and its
    /// ``SearchFoldPatch``.
    typealias Derived = (digest: Int64, patch: [UInt8]?)

    /// Works out ``Derived`` on the import's reading thread, remembering the words it
    /// folded; only that thread calls it, one cache at a time.
    final class Derivation: @unchecked Sendable {
        private var patches = SearchFoldPatch.Builder()

        func derived(for cache: GeoCache) -> Derived {
            (ContentDigest.of(cache), patches.patch(for: cache))
        }
    }

    /// Stores `cache` unless an identical one is stored (also one stored earlier by
    /// this writer); returns whether it was stored. `derived`, when given, is what
    /// ``Derivation`` made of it; otherwise it is worked out here.
    func storeUnlessDuplicate(_ cache: GeoCache, derived: Derived? = nil) throws -> Bool {
        let lookup = exists.sqliteStatement, row = insert.sqliteStatement
        defer {
            sqlite3_reset(lookup)
            sqlite3_reset(row)
        }
        let digest = derived?.digest ?? ContentDigest.of(cache)
        var title = cache.title, details = cache.details, creator = cache.creator, reward = cache.reward
        return try title.withUTF8 { title in
            try details.withUTF8 { details in
                try creator.withUTF8 { creator in
                    try reward.withUTF8 { reward in
                        if digests?.contains(digest) ?? true {
                            try check(sqlite3_bind_int64(lookup, 1, digest))
                            for (index, field) in [title, details, creator, reward].enumerated() {
                                try bind(field, at: Int32(index + 2), to: lookup)
                            }
                            guard sqlite3_step(lookup) == SQLITE_ROW else {
                                throw error(sqlite3_errcode(database.sqliteConnection), sql: SQLiteStore.containsCacheSQL)
                            }
                            if sqlite3_column_int(lookup, 0) != 0 { return false }
                        }

                        for (index, field) in [title, details, creator, reward].enumerated() {
                            try bind(field, at: Int32(index + 1), to: row)
                        }
                        try check(sqlite3_bind_int64(row, 5, digest))
                        let stepped: Int32
                        let patch: [UInt8]? = if let derived { derived.patch } else { patches.patch(for: cache) }
                        if let patch {
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
                        added += 1
                        if digests != nil {
                            digests!.insert(digest)
                            if digests!.count > Self.digestLimit { digests = nil }
                        }
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
