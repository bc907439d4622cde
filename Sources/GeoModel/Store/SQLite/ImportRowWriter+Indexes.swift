import GRDB

/// The code and digest indexes, dropped while a large import inserts.
///
/// Each insert put the row's code and digest into their indexes' B-trees, at places
/// the hashes and codes scatter over the whole tree: a fifth of SQLite's work for an
/// import of 200,000 caches into an empty store (callgrind). Made again at the end,
/// each index is one sort instead. The import needs them for no lookup it does not
/// skip: a code whose hash is not among the stored codes' is not stored, and a digest
/// not among the stored digests' is no duplicate (``mayBeStored(_:)``). The first
/// lookup that is not skipped (a code read twice, a duplicate) makes them again at
/// once, and from then on the import goes on as with them; so does ``finish()``.
///
/// Both happen inside the import's transaction, as the triggers' dropping does: no
/// other connection sees the table without its indexes, and a rollback brings them back.
extension ImportRowWriter {
    /// The indexes dropped, in the order the schema has them.
    static let deferredIndexNames = ["cache_by_content_hash", "cache_by_code"]
    /// The fewest caches an import drops the indexes for: below, making them again
    /// costs more than it saves.
    static let deferralMinimum = 2_000

    /// Drops the indexes when the import brings at least ``deferralMinimum`` caches and
    /// more than are `stored` (making them again then sorts at most twice its rows).
    func deferIndexes(importing count: Int, stored: Int) throws {
        guard count >= Self.deferralMinimum, stored < count else { return }
        for name in Self.deferredIndexNames {
            guard let sql = try String.fetchOne(
                database, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name])
            else { continue }
            try database.execute(sql: "DROP INDEX \(name)")
            droppedIndexes.append(sql)
        }
    }

    /// Before a read of the table: writes the cache held (``releaseHeld()``) and the rows
    /// held (``ImportInsertBatch``), and makes the dropped indexes again.
    func readyForLookups() throws {
        try releaseHeld()
        try inserts.flush()
        guard !droppedIndexes.isEmpty else { return }
        for sql in droppedIndexes { try database.execute(sql: sql) }
        droppedIndexes = []
    }
}
