import GRDB

/// Caches stored under identifiers another store gave them: a club store's copy on
/// this machine (``ClubCopy``) keeps each cache under the club store's identifier, so
/// an `--id` names the same cache on the copy as on the server, and the copy's stored
/// order (by identifier) is the server's.
extension SQLiteStore {
    /// Replaces every stored cache with `caches`, each under its own
    /// ``StoredCache/id`` and its own code (normalized; a new one when it has none), in
    /// one transaction: either all of them are stored or none.
    ///
    /// Stored order is by identifier, so the caches are read back in the order of
    /// their identifiers and positions count them so, whatever order they are given
    /// in. Everything an insert keeps is kept as for ``saveCaches(_:)``: the count, the
    /// place index, each cache's digest and search patch; an ``append(_:)`` afterwards
    /// gets an identifier above the greatest one given.
    ///
    /// The caches are kept as they are, not validated: a copy holds what the club store
    /// holds, and a cache written there by other SQL with an empty field (a member's
    /// `UPDATE` in psql) must not stop every member's copy.
    ///
    /// - Throws: ``StoreError/codeInUse(path:code:)`` when two caches carry the same
    ///   code, ``StoreError/database(path:message:)`` when two carry the same
    ///   identifier, ``StoreError`` when the write fails; nothing is changed then.
    func replaceCaches(keepingIdentifiers caches: [StoredCache]) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM cache")
            for stored in caches {
                try Self.insert(stored, in: db, path: path)
            }
        }
    }

    /// Puts `stored` under its identifier, in `db`'s transaction: the cache of that
    /// identifier is replaced (its place and count kept by the triggers), or it is added.
    /// A patch of a club store's copy (``ClubCopy/patch(_:)``).
    static func replace(_ stored: StoredCache, in db: Database, path: String) throws {
        try db.execute(sql: "DELETE FROM cache WHERE id = ?", arguments: [stored.id.rawValue])
        try insert(stored, in: db, path: path)
    }

    /// Inserts `stored` (valid) under its identifier, in `db`'s transaction, with its
    /// own code (normalized) when it has one, or a new one drawn until it is unique.
    ///
    /// - Throws: ``StoreError/database(path:message:)`` when a row has its identifier
    ///   already, ``StoreError/codeInUse(path:code:)`` when one has its own code.
    private static func insert(_ stored: StoredCache, in db: Database, path: String) throws {
        // The identifier's key is the one constraint besides the code's: checked first.
        let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM cache WHERE id = ?)",
                                      arguments: [stored.id.rawValue]) ?? false
        if taken { throw StoreError.database(path: path, message: "two caches have the identifier \(stored.id)") }
        let statement = try db.cachedStatement(sql: insertIdentifiedCacheSQL)
        _ = try storeUnderCode(stored.cache, path: path) { code in
            try statement.execute(arguments: [stored.id.rawValue] + insertArguments(stored.cache, code: code))
        }
    }
}
