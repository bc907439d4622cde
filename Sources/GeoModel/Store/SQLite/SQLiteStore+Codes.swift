import GRDB

/// Codes in the SQLite store: every row has one, unique (the `cache_by_code` index),
/// given when a cache is stored without one, or later to rows other SQL stored
/// (``completePendingRows()``).
extension SQLiteStore {
    /// The cache stored under `code` (compared as ``CacheCode/normalized(_:)`` makes
    /// it), or nil when there is none: one lookup in the unique index on the code.
    public func cache(withCode code: String) throws -> StoredCache? {
        guard let wanted = CacheCode.normalized(code) else { return nil }
        try completePendingRows()
        return try read { db in try Self.cache(withCode: wanted, in: db) }
    }

    /// The cache stored under the normalized `code`, in `db`'s transaction.
    static func cache(withCode code: String, in db: Database) throws -> StoredCache? {
        try fetchCache(in: db, sql: "SELECT \(cacheColumns) FROM cache WHERE code = ?", arguments: [code])
    }

    /// Inserts `cache` (valid) after every other cache, in `db`'s transaction, and
    /// returns it as stored, with its code: its own (normalized) when it has one, or a
    /// new one drawn until it is unique.
    ///
    /// - Throws: ``StoreError/codeInUse(path:code:)`` when `cache`'s own code is stored.
    static func insert(_ cache: GeoCache, in db: Database, path: String) throws -> StoredCache {
        let statement = try db.cachedStatement(sql: insertCacheSQL)
        let code = try storeUnderCode(cache, path: path) { code in
            try statement.execute(arguments: insertArguments(cache, code: code))
        }
        var stored = cache
        stored.code = code
        return StoredCache(id: CacheID(rawValue: db.lastInsertedRowID), cache: stored)
    }

    /// Runs `insert` with `cache`'s own code (normalized) when it has one, else with codes
    /// drawn (``CacheCode/draw(unlessTaken:)``) until one is not taken; returns the code
    /// used. The only constraint a new row can break is the code's uniqueness.
    ///
    /// - Throws: ``StoreError/codeInUse(path:code:)`` when `cache`'s own code is stored.
    static func storeUnderCode(_ cache: GeoCache, path: String, _ insert: (String) throws -> Void) throws -> String {
        func tryInsert(_ code: String) throws -> Bool {
            do {
                try insert(code)
                return true
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                return false
            }
        }
        guard let own = cache.code.flatMap(CacheCode.normalized) else { return try CacheCode.draw(unlessTaken: tryInsert) }
        guard try tryInsert(own) else { throw StoreError.codeInUse(path: path, code: own) }
        return own
    }

    /// Gives the row `id` a new code, drawn until it is unique, in `db`'s transaction.
    static func giveCode(toRow id: Int64, in db: Database) throws {
        let statement = try db.cachedStatement(sql: "UPDATE cache SET code = ? WHERE id = ?")
        _ = try CacheCode.draw { code in
            do {
                try statement.execute(arguments: [code, id])
                return true
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                return false
            }
        }
    }
}
