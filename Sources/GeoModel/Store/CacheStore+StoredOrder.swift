import GRDB

extension CacheStore {
    /// ``walkStoredOrder(from:forward:_:)`` a cache at a time, with ``cache(after:)`` or
    /// ``cache(before:)``: for a store that reads ahead of such steps already (a club
    /// store's batches) or whose steps cost little.
    public func walkStoredOrder(from id: CacheID?, forward: Bool, _ body: (StoredCache) throws -> Bool) throws {
        var next = try id.map { forward ? try cache(after: $0) : try cache(before: $0) } ?? (forward ? first() : last())
        while let here = next, try body(here) {
            next = forward ? try cache(after: here.id) : try cache(before: here.id)
        }
    }
}

extension SQLiteStore {
    /// ``walkStoredOrder(from:forward:_:)`` in one read transaction, one statement
    /// stepped row by row: a filter that keeps few of a large store's caches is walked
    /// to its next kept one without a transaction and a statement for each cache passed.
    public func walkStoredOrder(from id: CacheID?, forward: Bool, _ body: (StoredCache) throws -> Bool) throws {
        let order = forward ? "id > ? ORDER BY id" : "id < ? ORDER BY id DESC"
        let bound = id?.rawValue ?? (forward ? .min : .max)
        try read(handingTo: body) { db, body in
            let statement = try db.makeStatement(sql: "SELECT \(Self.cacheColumns) FROM cache WHERE \(order)")
            let rows = try Row.fetchCursor(statement, arguments: [bound])
            let sqlite = statement.sqliteStatement
            while try rows.next() != nil {
                guard try body(Self.storedCache(at: sqlite)) else { return }
            }
        }
    }
}
