import Foundation
import GRDB

extension SQLiteStore {
    // MARK: - Reading by order

    /// The cache stored right before the one with `id` (which need not exist any
    /// more), or nil when there is none.
    public func cache(before id: CacheID) throws -> StoredCache? {
        try fetchCache(sql: "SELECT \(Self.cacheColumns) FROM cache WHERE id < ? ORDER BY id DESC LIMIT 1",
                       arguments: [id.rawValue])
    }

    /// The cache at the 1-based `position` in stored order, or nil when there is
    /// none. It skips `position - 1` rows: cheap near the start, slower the further
    /// in (figures: docs/performance.md).
    public func cache(atPosition position: Int) throws -> StoredCache? {
        guard position >= 1 else { return nil }
        return try fetchCache(sql: "SELECT \(Self.cacheColumns) FROM cache ORDER BY id LIMIT 1 OFFSET ?",
                              arguments: [position - 1])
    }

    // MARK: - Editing

    /// Replaces the fields, place and listing of `stored` with those of `cache`,
    /// provided the row still holds exactly `stored.cache` (the four fields, the code,
    /// the place and the listing): one durable transaction that compares and writes.
    /// The code stays `stored`'s whatever `cache.code` says.
    ///
    /// - Throws: ``GeoCacheValidationError`` when a field of `cache` is empty,
    ///   ``CacheEditError/changedElsewhere(newer:)`` or
    ///   ``CacheEditError/deletedElsewhere(_:)`` when another process got there
    ///   first (nothing written), ``StoreError`` when the write fails.
    /// - Returns: The cache as now stored.
    @discardableResult
    public func update(_ stored: StoredCache, to cache: GeoCache, as _: WriteID) throws -> StoredCache {
        var valid = try cache.validated()
        valid.code = stored.cache.code
        let updated = StoredCache(id: stored.id, cache: valid)
        let conflict: CacheEditError? = try write { db in
            try db.execute(sql: """
                UPDATE cache
                SET \(Self.versionAssignments)
                WHERE id = ? AND \(Self.sameVersionCondition)
                """,
                arguments: Self.versionValues(valid) + [stored.id.rawValue] + Self.versionArguments(stored.cache))
            if db.changesCount == 1 { return nil }
            if let conflict = try Self.conflict(for: stored, in: db) { return conflict }
            try db.execute(sql: "UPDATE cache SET \(Self.versionAssignments) WHERE id = ?",
                           arguments: Self.versionValues(valid) + [stored.id.rawValue])
            return nil
        }
        if let conflict { throw conflict }
        return updated
    }

    /// Deletes `stored`, provided the row still holds exactly `stored.cache` (also its
    /// code, place and listing), in one durable transaction.
    ///
    /// - Throws: ``CacheEditError/changedElsewhere(newer:)`` (a cache someone else
    ///   just edited is not deleted on the strength of its old content) or
    ///   ``CacheEditError/deletedElsewhere(_:)`` (nothing to delete), ``StoreError``
    ///   when the write fails.
    /// - Returns: The number of caches left.
    @discardableResult
    public func delete(_ stored: StoredCache, as _: WriteID) throws -> Int {
        let outcome: Result<Int, CacheEditError> = try write { db in
            try db.execute(sql: "DELETE FROM cache WHERE id = ? AND \(Self.sameVersionCondition)",
                           arguments: [stored.id.rawValue] + Self.versionArguments(stored.cache))
            if db.changesCount != 1 {
                if let conflict = try Self.conflict(for: stored, in: db) { return .failure(conflict) }
                try db.execute(sql: "DELETE FROM cache WHERE id = ?", arguments: [stored.id.rawValue])
            }
            return .success(try Int.fetchOne(db, sql: "SELECT value FROM cache_count") ?? 0)
        }
        return try outcome.get()
    }

    /// What an update writes over a row's version: the four fields and what is derived
    /// from them, the place and the listing; its values come from ``versionValues(_:)``.
    static let versionAssignments = """
        title = CAST(? AS TEXT), details = CAST(? AS TEXT), creator = CAST(? AS TEXT), reward = CAST(? AS TEXT),
        content_hash = ?, fold_patch = ?, latitude = ?, longitude = ?, listing = ?
        """

    /// The values of ``versionAssignments`` for `cache`.
    static func versionValues(_ cache: GeoCache) -> StatementArguments {
        cacheArguments(cache) + derivedArguments(cache) + placeArguments(cache)
    }

    /// Why a compare-and-write on `stored` touched no row, or nil when the row reads
    /// exactly as `stored` all the same: its text holds bytes that are not UTF-8
    /// (written by another program), which read as U+FFFD, so the bytes never equal
    /// the text that was read. What the person saw is what is there, and the caller
    /// then writes by identity alone; the write lock held since the comparison keeps
    /// anyone else from changing the row in between.
    private static func conflict(for stored: StoredCache, in db: Database) throws -> CacheEditError? {
        let sql = "SELECT \(cacheColumns) FROM cache WHERE id = ?"
        guard let row = try Row.fetchOne(db, sql: sql, arguments: [stored.id.rawValue]) else {
            return .deletedElsewhere(stored.id)
        }
        let current = storedCache(from: row)
        return current == stored ? nil : .changedElsewhere(newer: current)
    }
}
