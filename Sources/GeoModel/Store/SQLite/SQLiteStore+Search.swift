import Foundation
import GRDB

/// Searching the store: case- and diacritic-insensitive matching of the four fields
/// folded by ``SearchFolding``, rebuilt per row from the fields and their
/// ``SearchFoldPatch`` by the ``SearchFunction``.
extension SQLiteStore {
    /// Calls `body` with every cache whose title, details, creator or reward contains
    /// `text`, ignoring case and diacritics ("zurich" finds "Zürich" and "ZÜRICH",
    /// "cafe" finds "Café"), in stored order, at most `limit` of them when given, one
    /// row at a time inside one read transaction. An empty text matches every cache.
    ///
    /// One scan of the table, so the time grows with the store (figures:
    /// docs/performance.md). Rows stored without their digest and patch (by SQL
    /// outside the app, or before schema v3) are completed first.
    public func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {
        try completePendingRows()
        try read(handingTo: body) { db, body in
            try Self.forEachStoredCache(
                of: db.makeStatement(sql: "SELECT \(Self.cacheColumns) FROM cache WHERE \(Self.matchCondition) ORDER BY id LIMIT ?"),
                arguments: [Self.textArgument(SearchFolding.folded(text)), limit ?? -1], body)
        }
    }

    /// The identifiers of the caches ``forEachMatch(of:limit:_:)`` gives, in stored
    /// order: 8 bytes each, 8 MB for a million.
    public func matchIDs(_ text: String) throws -> [CacheID] {
        try completePendingRows()
        return try read { db in
            let ids = try Int64.fetchAll(
                db, sql: "SELECT id FROM cache WHERE \(Self.matchCondition) ORDER BY id",
                arguments: [Self.textArgument(SearchFolding.folded(text))])
            return ids.map(CacheID.init(rawValue:))
        }
    }

    /// The row's search text contains the folded text given as the next argument.
    private static let matchCondition =
        "\(SearchFunction.name)(title, details, creator, reward, fold_patch, CAST(? AS BLOB))"

    /// Works out the digest and search patch of rows stored without them, and gives a
    /// code to rows stored without one (by SQL that is not the app's, or before
    /// migrations v3 and v4), in batches of 20,000 per transaction. Each row is written
    /// once; a batch's new codes are sorted first, so they go into the code index in
    /// order. The commits are durable: a code, once read, is the cache's for good. When
    /// there is nothing to do this is two lookups in partial indexes.
    func completePendingRows() throws {
        guard readOnlyError == nil else { return }  // shown without a code until it can be written
        let hasPending = try read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM cache WHERE content_hash IS NULL)
                    OR EXISTS (SELECT 1 FROM cache WHERE code IS NULL)
                """) ?? false
        }
        guard hasPending else { return }
        var patches = SearchFoldPatch.Builder()
        for condition in ["content_hash IS NULL", "code IS NULL"] {
            var more = true
            while more {
                more = try write { db in
                    let rows = try Row.fetchAll(
                        db, sql: """
                            SELECT \(Self.cacheColumns), content_hash IS NULL FROM cache WHERE \(condition)
                            ORDER BY id LIMIT \(Self.completionBatch)
                            """)
                    let codes = rows.filter { (try? $0.decode(String?.self, atIndex: 5)) == nil }
                        .map { _ in CacheCode.generate() }.sorted()
                    var nextCode = codes.startIndex
                    let both = try db.cachedStatement(sql: "UPDATE cache SET content_hash = ?, fold_patch = ?, code = ? WHERE id = ?")
                    let derived = try db.cachedStatement(sql: "UPDATE cache SET content_hash = ?, fold_patch = ? WHERE id = ?")
                    let coded = try db.cachedStatement(sql: "UPDATE cache SET code = ? WHERE id = ?")
                    for row in rows {
                        let stored = Self.storedCache(from: row)
                        let id = stored.id.rawValue
                        let needsDerived = (try? row.decode(Bool.self, atIndex: 9)) ?? true
                        var code: String?
                        if stored.cache.code == nil {
                            code = codes[nextCode]
                            nextCode += 1
                        }
                        do {
                            switch (needsDerived, code) {
                            case (true, let code?):
                                try both.execute(arguments: Self.derivedArguments(stored.cache, patches: &patches) + [code, id])
                            case (true, nil):
                                try derived.execute(arguments: Self.derivedArguments(stored.cache, patches: &patches) + [id])
                            case (false, let code?):
                                try coded.execute(arguments: [code, id])
                            case (false, nil):
                                break
                            }
                        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                            // The drawn code is taken: the row gets its digest, and a code drawn again.
                            if needsDerived {
                                try derived.execute(arguments: Self.derivedArguments(stored.cache, patches: &patches) + [id])
                            }
                            try Self.giveCode(toRow: id, in: db)
                        }
                    }
                    return rows.count == Self.completionBatch
                }
            }
        }
    }

    /// Rows completed per transaction by ``completePendingRows()``.
    private static let completionBatch = 20_000
}
