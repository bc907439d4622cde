import Foundation

/// Reading, writing, searching and the draft on the PostgreSQL store: the same
/// statements as the SQLite store's, on `bytea` fields.
extension PostgresStore {
    /// The columns that make a ``StoredCache``.
    static let cacheColumns = "id, title, details, creator, reward"

    /// How many rows a cursor fetches at a time while streaming.
    static let fetchSize = 1000

    // MARK: - Reading

    public func count() throws -> Int {
        try run { try $0.query("SELECT value FROM geocache_count").rows.first?.int(0) ?? 0 }
    }

    public func first() throws -> StoredCache? {
        try fetchCache("SELECT \(Self.cacheColumns) FROM geocache ORDER BY id LIMIT 1")
    }

    public func last() throws -> StoredCache? {
        try fetchCache("SELECT \(Self.cacheColumns) FROM geocache ORDER BY id DESC LIMIT 1")
    }

    public func cache(after id: CacheID) throws -> StoredCache? {
        try fetchCache("SELECT \(Self.cacheColumns) FROM geocache WHERE id > $1 ORDER BY id LIMIT 1", [id.value])
    }

    public func cache(before id: CacheID) throws -> StoredCache? {
        try fetchCache("SELECT \(Self.cacheColumns) FROM geocache WHERE id < $1 ORDER BY id DESC LIMIT 1", [id.value])
    }

    public func cache(_ id: CacheID) throws -> StoredCache? {
        try fetchCache("SELECT \(Self.cacheColumns) FROM geocache WHERE id = $1", [id.value])
    }

    public func cache(atPosition position: Int) throws -> StoredCache? {
        guard position >= 1 else { return nil }
        return try fetchCache("SELECT \(Self.cacheColumns) FROM geocache ORDER BY id LIMIT 1 OFFSET $1",
                              [.int(position - 1)])
    }

    public func position(of id: CacheID) throws -> Int {
        try run { try $0.query("SELECT count(*) FROM geocache WHERE id <= $1", [id.value]).rows.first?.int(0) ?? 0 }
    }

    public func contains(_ cache: GeoCache) throws -> Bool {
        try run { connection in
            try connection.query("SELECT EXISTS (SELECT 1 FROM geocache WHERE \(Self.sameContent(from: 1)))",
                                 Self.fieldValues(cache)).rows.first?.bool(0) ?? false
        }
    }

    public func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        try stream("SELECT \(Self.cacheColumns) FROM geocache ORDER BY id", [], body)
    }

    // MARK: - Searching

    public func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {
        try stream("""
            SELECT \(Self.cacheColumns) FROM geocache WHERE position($1::bytea IN search_text) > 0
            ORDER BY id LIMIT $2
            """, [.utf8(SearchFolding.folded(text)), limit.map { .int($0) } ?? .null], body)
    }

    public func matchIDs(_ text: String) throws -> [CacheID] {
        try run { connection in
            try connection.query(
                "SELECT id FROM geocache WHERE position($1::bytea IN search_text) > 0 ORDER BY id",
                [.utf8(SearchFolding.folded(text))]
            ).rows.compactMap { $0.int(0).map { CacheID(rawValue: Int64($0)) } }
        }
    }

    // MARK: - Writing

    public func append(_ cache: GeoCache) throws -> (stored: StoredCache, count: Int) {
        let valid = try cache.validated()
        return try transaction(appending: true) { connection in
            let inserted = try connection.query(
                "INSERT INTO geocache (title, details, creator, reward, search_text) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                Self.insertValues(valid))
            let id = CacheID(rawValue: Int64(inserted.rows.first?.int(0) ?? 0))
            let count = try connection.query("SELECT value FROM geocache_count").rows.first?.int(0) ?? 0
            return (StoredCache(id: id, cache: valid), count)
        }
    }

    public func saveCaches(_ caches: [GeoCache]) throws {
        for cache in caches { _ = try cache.validated() }
        try transaction(appending: true) { connection in
            try connection.query("DELETE FROM geocache", timeout: Self.bulkStatementTimeout)
            for cache in caches {
                try connection.query(
                    "INSERT INTO geocache (title, details, creator, reward, search_text) VALUES ($1, $2, $3, $4, $5)",
                    Self.insertValues(cache), timeout: Self.bulkStatementTimeout)
            }
        }
    }

    public func update(_ stored: StoredCache, to cache: GeoCache) throws -> StoredCache {
        let valid = try cache.validated()
        let conflict: CacheEditError? = try transaction { connection in
            let result = try connection.query("""
                UPDATE geocache SET title = $6, details = $7, creator = $8, reward = $9, search_text = $10
                WHERE id = $5 AND \(Self.sameContent(from: 1))
                """, Self.fieldValues(stored.cache) + [stored.id.value] + Self.insertValues(valid))
            return result.affectedRows == 1 ? nil : try Self.conflict(for: stored.id, on: connection)
        }
        if let conflict { throw conflict }
        return StoredCache(id: stored.id, cache: valid)
    }

    public func delete(_ stored: StoredCache) throws -> Int {
        let outcome: Result<Int, CacheEditError> = try transaction { connection in
            let result = try connection.query("DELETE FROM geocache WHERE id = $5 AND \(Self.sameContent(from: 1))",
                                              Self.fieldValues(stored.cache) + [stored.id.value])
            guard result.affectedRows == 1 else { return .failure(try Self.conflict(for: stored.id, on: connection)) }
            return .success(try connection.query("SELECT value FROM geocache_count").rows.first?.int(0) ?? 0)
        }
        return try outcome.get()
    }

    // MARK: - The draft

    /// Whose draft this is: the login and the host the form runs on, beside the
    /// database role (a column default), so members sharing a role keep their own text.
    static let member: String = {
        let user = ProcessInfo.processInfo.environment["USER"] ?? NSUserName()
        return "\(user)@\(ProcessInfo.processInfo.hostName)"
    }()

    public func loadDraft() throws -> [GeoCache.Field: String] {
        try run { connection in
            var draft: [GeoCache.Field: String] = [:]
            let rows = try connection.query(
                "SELECT field, value FROM geocache_draft WHERE role = current_user AND member = $1",
                [.text(Self.member)]).rows
            for row in rows {
                if let name = row.string(0), let field = GeoCache.Field(rawValue: name) { draft[field] = row.string(1) }
            }
            return draft
        }
    }

    public func saveDraft(_ fields: [GeoCache.Field: String]) throws {
        try transaction { connection in
            try connection.query("DELETE FROM geocache_draft WHERE role = current_user AND member = $1", [.text(Self.member)])
            for (field, value) in fields where !value.isEmpty {
                try connection.query("INSERT INTO geocache_draft (member, field, value) VALUES ($1, $2, $3)",
                                     [.text(Self.member), .text(field.rawValue), .utf8(value)])
            }
        }
    }

    // MARK: - Plumbing

    /// `title = $n AND details = $n+1 AND …`: the four fields equal to parameters
    /// from `$first`, found through the indexed hash of the four.
    static func sameContent(from first: Int) -> String {
        let (t, d, c, r) = (first, first + 1, first + 2, first + 3)
        return """
            content_hash = sha256(int4send(length($\(t)::bytea)) || $\(t)::bytea || int4send(length($\(d)::bytea)) \
            || $\(d)::bytea || int4send(length($\(c)::bytea)) || $\(c)::bytea || int4send(length($\(r)::bytea)) \
            || $\(r)::bytea) AND title = $\(t) AND details = $\(d) AND creator = $\(c) AND reward = $\(r)
            """
    }

    /// The four fields as `bytea` parameters, in form order.
    static func fieldValues(_ cache: GeoCache) -> [PostgresValue] {
        GeoCache.Field.allCases.map { .utf8(cache[$0]) }
    }

    /// The parameters of an insert: the four fields and the search text.
    static func insertValues(_ cache: GeoCache) -> [PostgresValue] {
        fieldValues(cache) + [.utf8(SearchFolding.searchText(for: cache))]
    }

    /// A row selected with ``cacheColumns`` as a ``StoredCache``.
    static func storedCache(from row: PostgresRow) -> StoredCache {
        StoredCache(
            id: CacheID(rawValue: Int64(row.int(0) ?? 0)),
            cache: GeoCache(title: row.string(1) ?? "", details: row.string(2) ?? "",
                            creator: row.string(3) ?? "", reward: row.string(4) ?? ""))
    }

    /// Why a compare-and-write on `id` touched no row.
    private static func conflict(for id: CacheID, on connection: PostgresConnection) throws -> CacheEditError {
        let rows = try connection.query("SELECT \(cacheColumns) FROM geocache WHERE id = $1", [id.value]).rows
        return rows.first.map { .changedElsewhere(newer: storedCache(from: $0)) } ?? .deletedElsewhere(id)
    }

    private func fetchCache(_ sql: String, _ parameters: [PostgresValue] = []) throws -> StoredCache? {
        try run { try $0.query(sql, parameters).rows.first.map(Self.storedCache(from:)) }
    }

    /// Calls `body` with each row of `sql`, fetched ``fetchSize`` at a time through a
    /// cursor inside one read-only, repeatable-read transaction (a consistent snapshot).
    private func stream(_ sql: String, _ parameters: [PostgresValue], _ body: (StoredCache) throws -> Void) throws {
        try run { connection in
            try connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do {
                try connection.query("DECLARE geocache_rows NO SCROLL CURSOR FOR \(sql)", parameters)
                while true {
                    let rows = try connection.query("FETCH \(Self.fetchSize) FROM geocache_rows").rows
                    for row in rows { try body(Self.storedCache(from: row)) }
                    if rows.count < Self.fetchSize { break }
                }
                try connection.query("COMMIT")
            } catch {
                if !connection.isBroken { _ = try? connection.query("ROLLBACK") }
                throw error
            }
        }
    }
}

extension CacheID {
    /// The identifier as a statement parameter.
    var value: PostgresValue { .int(Int(rawValue)) }
}
