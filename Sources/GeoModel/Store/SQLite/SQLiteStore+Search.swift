import GRDB

/// Searching the store: case- and diacritic-insensitive matching on the folded
/// `search_text` column.
extension SQLiteStore {
    /// Calls `body` with every cache whose title, details, creator or reward contains
    /// `text`, ignoring case and diacritics ("zurich" finds "Zürich" and "ZÜRICH",
    /// "cafe" finds "Café"), in stored order, at most `limit` of them when given, one
    /// row at a time inside one read transaction. An empty text matches every cache.
    ///
    /// One scan of the table with `instr` on the folded `search_text` column, so the
    /// time grows with the store (figures: docs/performance.md). Rows stored without
    /// search text (by SQL outside the app) are folded first.
    public func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {
        try foldPendingSearchText()
        try read { db in
            try Self.forEachStoredCache(
                of: db.makeStatement(
                    sql: "SELECT \(Self.cacheColumns) FROM cache WHERE instr(search_text, ?) > 0 ORDER BY id LIMIT ?"),
                arguments: [Self.textArgument(SearchFolding.folded(text)), limit ?? -1], body)
        }
    }

    /// The identifiers of the caches ``forEachMatch(of:limit:_:)`` gives, in stored
    /// order: 8 bytes each, 8 MB for a million.
    public func matchIDs(_ text: String) throws -> [CacheID] {
        try foldPendingSearchText()
        return try read { db in
            let ids = try Int64.fetchAll(
                db, sql: "SELECT id FROM cache WHERE instr(search_text, ?) > 0 ORDER BY id",
                arguments: [Self.textArgument(SearchFolding.folded(text))])
            return ids.map(CacheID.init(rawValue:))
        }
    }

    /// Fills `search_text` for rows inserted without it (by SQL that is not the
    /// app's, or before migration v2), in batches of 2,000 per transaction. When
    /// there are none this is one lookup in a partial index.
    func foldPendingSearchText() throws {
        let hasPending = try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM cache WHERE search_text IS NULL)") ?? false
        }
        guard hasPending else { return }
        var more = true
        while more {
            more = try write { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT \(Self.cacheColumns) FROM cache WHERE search_text IS NULL ORDER BY id LIMIT 2000")
                let update = try db.cachedStatement(sql: "UPDATE cache SET search_text = CAST(? AS TEXT) WHERE id = ?")
                for row in rows {
                    let stored = Self.storedCache(from: row)
                    try update.execute(arguments: [Self.textArgument(SearchFolding.searchText(for: stored.cache)), stored.id.rawValue])
                }
                return rows.count == 2000
            }
        }
    }
}
