import Foundation

/// Reading, writing and searching on the PostgreSQL store: the same
/// statements as the SQLite store's, on `text` fields (UTF-8; a cache holding NUL in
/// one is refused before anything is sent, ``refuseNUL(in:)``), with each cache's code (text:
/// a stored code is ASCII), place (two integer columns of microdegrees, both NULL
/// without one) and listing (``ListingEncoding``'s `bytea`, NULL when empty).
extension PostgresStore {
    /// The columns that make a ``StoredCache``: the cache, then its club record (the
    /// owner, who changed it last, and when, in seconds since 1970).
    static let cacheColumns = cacheColumnNames.replacingOccurrences(
        of: "changed_epoch", with: "extract(epoch FROM changed_at) AS changed_epoch")

    /// The names of ``cacheColumns``' values, for a query that selects them from a
    /// subquery that selected ``cacheColumns``.
    static let cacheColumnNames = "id, title, details, creator, reward, code, latitude, longitude, listing, owner, changed_by, changed_epoch"

    /// The columns an insert writes, in the order of ``insertValues(_:code:)``.
    static let insertColumns = "title, details, creator, reward, search_text, code, latitude, longitude, listing"

    /// How many rows a cursor fetches at a time while streaming.
    static let fetchSize = 1000

    // MARK: - Reading
    //
    // Each read is one exchange (`PostgresStore+Exchange.swift`); Next, Previous, First
    // and Last are answered from the caches read ahead while they hold the answer
    // (`PostgresStore+ReadAhead.swift`). The count is read, unless the question just
    // before it read a window, which brings the count of the same snapshot (a wrap from
    // the first cache to the last asks for the last cache and then the count).

    public func count() throws -> Int {
        if let count = readAhead.countJustRead {
            readAhead.countJustRead = nil
            return count
        }
        return try rows("SELECT value FROM geocache_count").first?.int(0) ?? 0
    }

    public func first() throws -> StoredCache? {
        try readingAhead(.forward, from: nil) { $0.cache(after: .min) }
    }

    public func last() throws -> StoredCache? {
        try readingAhead(.backward, from: nil) { $0.cache(before: .max) }
    }

    public func cache(after id: CacheID) throws -> StoredCache? {
        try readingAhead(.forward, from: id.rawValue) { $0.cache(after: id.rawValue) }
    }

    public func cache(before id: CacheID) throws -> StoredCache? {
        try readingAhead(.backward, from: id.rawValue) { $0.cache(before: id.rawValue) }
    }

    /// Always read (never from the caches read ahead): what the store holds now is asked
    /// for before an edit or a delete.
    public func cache(_ id: CacheID) throws -> StoredCache? {
        try fetchCache("SELECT \(Self.cacheColumns) FROM geocache WHERE id = $1", [id.value])
    }

    public func cache(atPosition position: Int) throws -> StoredCache? {
        guard position >= 1 else { return nil }
        return try fetchCache("SELECT \(Self.cacheColumns) FROM geocache ORDER BY id LIMIT 1 OFFSET $1",
                              [.int(position - 1)])
    }

    public func position(of id: CacheID) throws -> Int {
        try rows("SELECT count(*) FROM geocache WHERE id <= $1", [id.value]).first?.int(0) ?? 0
    }

    public func contains(_ cache: GeoCache) throws -> Bool {
        // No stored field holds NUL, and a text parameter cannot carry one.
        if Self.nulField(in: cache) != nil { return false }
        return try rows("SELECT EXISTS (SELECT 1 FROM geocache WHERE \(Self.sameContent(from: 1)))",
                        Self.fieldValues(cache)).first?.bool(0) ?? false
    }

    public func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        try stream("SELECT \(Self.cacheColumns) FROM geocache ORDER BY id", [], body)
    }

    /// The cache stored under `code`, found through the unique index on the normalized code.
    public func cache(withCode code: String) throws -> StoredCache? {
        guard let code = CacheCode.normalized(code) else { return nil }
        return try fetchCache("SELECT \(Self.cacheColumns) FROM geocache WHERE code = $1", [.text(code)])
    }

    // MARK: - Searching

    public func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {
        let folded = SearchFolding.folded(text)
        // No search text holds NUL (a text parameter cannot carry one either).
        if folded.utf8.contains(0) { return }
        try stream("""
            SELECT \(Self.cacheColumns) FROM geocache WHERE strpos(search_text, $1::text) > 0
            ORDER BY id LIMIT $2
            """, [.text(folded), limit.map { .int($0) } ?? .null], body)
    }

    public func matchIDs(_ text: String) throws -> [CacheID] {
        let folded = SearchFolding.folded(text)
        if folded.utf8.contains(0) { return [] }
        return try rows("SELECT id FROM geocache WHERE strpos(search_text, $1::text) > 0 ORDER BY id",
                        [.text(folded)]).compactMap { $0.int(0).map { CacheID(rawValue: Int64($0)) } }
    }

    /// Every match of `text` with its position among all the stored caches, read in one
    /// statement (a window function numbers the rows) through a cursor: the protocol's
    /// way, which reads every cache and then the matches, costs a second pass.
    public func forEachNumberedMatch(of text: String,
                                     _ body: (_ position: Int, _ stored: StoredCache) throws -> Void) throws {
        let folded = SearchFolding.folded(text)
        if folded.utf8.contains(0) { return }
        let columns = Self.cacheColumnNames.split(separator: ",").map { "n." + $0.trimmingCharacters(in: .whitespaces) }
        try streamRows("""
            SELECT \(columns.joined(separator: ", ")), n.numbered FROM (
                SELECT \(Self.cacheColumns), search_text, row_number() OVER (ORDER BY id) AS numbered FROM geocache
            ) n WHERE strpos(n.search_text, $1::text) > 0 ORDER BY n.id
            """, [.text(folded)]) { row in
            try body(row.int("numbered") ?? 0, Self.storedCache(from: row))
        }
    }

    // MARK: - Writing

    // Each write is one round trip through the ledger (``ledgerWrite(_:kind:appending:_:timeout:replay:result:)``):
    // the conditional parts (a code taken, a newer version met) are in the statements,
    // which return enough to tell the cases apart.

    /// Stores `cache` last. A cache with a code keeps it (normalized), and is refused
    /// with ``StoreError/codeInUse(path:code:)`` when a stored cache has it; one
    /// without a code (or with text no code can be, such as `GC 12`) gets a new
    /// ``CacheCode``, drawn again (another round trip, rarely) while it is taken
    /// (``CacheCode/draw(unlessTaken:)``).
    /// Appends hold the append lock, and only appends and imports (which hold it too)
    /// give codes, so the check and the insert cannot be overtaken.
    public func append(_ cache: GeoCache, as write: WriteID) throws -> (stored: StoredCache, count: Int) {
        let valid = try cache.validated()
        try refuseNUL(in: cache)
        var added: (stored: StoredCache, count: Int)?
        /// True when the cache went in under `code`, false when the code is taken.
        func tryAppend(_ code: String) throws -> Bool {
            added = try append(valid, code: code, as: write)
            return added != nil
        }
        if let given = cache.code.flatMap(CacheCode.normalized) {
            guard try tryAppend(given) else { throw StoreError.codeInUse(path: name, code: given) }
        } else {
            _ = try CacheCode.draw(unlessTaken: tryAppend)
        }
        return added!
    }

    /// One round trip of ``append(_:as:)``: `valid` stored under `code`, or nil when a
    /// stored cache has that code (nothing was written).
    private func append(_ valid: GeoCache, code: String, as write: WriteID) throws -> (stored: StoredCache, count: Int)? {
        var valid = valid
        valid.code = code
        return try ledgerWrite(write, kind: .append, appending: true, [
            PostgresStatement("""
                WITH added AS (
                    INSERT INTO geocache (\(Self.insertColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                    ON CONFLICT (code) DO NOTHING RETURNING id)
                \(Self.markStored(10, from: "added", detail: "$6"))
                """, Self.insertValues(valid, code: code) + [write.value]),
            PostgresStatement(Self.recordCount, [write.value]),
            PostgresStatement("SELECT \(Self.cacheColumns) FROM geocache WHERE id = (SELECT cache_id FROM geocache_write WHERE write_id = $1::uuid AND stored)",
                              [write.value]),
        ], replay: { record in
            var stored = valid
            stored.code = record.detail ?? code
            return (StoredCache(id: record.cacheID ?? CacheID(rawValue: 0), cache: stored), record.count ?? 0)
        }, result: { outcomes in
            guard let id = try outcomes[0].get().rows.first?.int(0) else { return nil }
            let count = try outcomes[1].get().rows.first?.int(0) ?? 0
            let club = try outcomes[2].get().rows.first.map(Self.clubRecord(from:))
            return (StoredCache(id: CacheID(rawValue: Int64(id)), cache: valid, club: club), count)
        })
    }

    /// Replaces every cache with `caches`; each keeps its code or gets a new one, as
    /// ``append(_:)`` gives them, and two with the same code are refused with
    /// ``StoreError/codeInUse(path:code:)`` (nothing is replaced). One round trip.
    public func saveCaches(_ caches: [GeoCache], as write: WriteID) throws {
        for cache in caches {
            _ = try cache.validated()
            try refuseNUL(in: cache)
        }
        var given = Set<String>()
        for code in caches.compactMap({ $0.code.flatMap(CacheCode.normalized) }) {
            guard given.insert(code).inserted else { throw StoreError.codeInUse(path: name, code: code) }
        }
        var used = given
        var statements = [PostgresStatement("DELETE FROM geocache")]
        for cache in caches {
            var code: String
            if let kept = cache.code.flatMap(CacheCode.normalized) {
                code = kept
            } else {
                code = CacheCode.draw { used.insert($0).inserted }
            }
            statements.append(PostgresStatement("""
                INSERT INTO geocache (\(Self.insertColumns), owner) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL)
                """, Self.insertValues(cache, code: code)))
        }
        statements.append(PostgresStatement("""
            UPDATE geocache_write SET stored = true, count_after = (SELECT value FROM geocache_count) WHERE write_id = $1::uuid
            """, [write.value]))
        try ledgerWrite(write, kind: .replace, appending: true, statements, timeout: Self.bulkStatementTimeout,
                        replay: { _ in }, result: { _ in })
    }

    /// Writes `cache` over `stored` when the store holds exactly `stored`, in one
    /// round trip that also reads the row as it is, so a refusal names the newer
    /// version (or the deletion) without another.
    public func update(_ stored: StoredCache, to cache: GeoCache, as write: WriteID) throws -> StoredCache {
        var valid = try cache.validated()
        valid.code = stored.cache.code
        try refuseNUL(in: valid)
        let updated = StoredCache(id: stored.id, cache: valid, club: stored.club)
        return try ledgerWrite(write, kind: .update, [
            PostgresStatement("""
                WITH changed AS (
                    UPDATE geocache SET title = $10, details = $11, creator = $12, reward = $13, search_text = $14,
                                        latitude = $15, longitude = $16, listing = $17
                    WHERE id = $9 AND \(Self.sameVersion(from: 1)) RETURNING id)
                \(Self.markStored(18, from: "changed"))
                """, Self.versionValues(stored.cache) + [stored.id.value] + Self.updateValues(valid) + [write.value]),
            PostgresStatement("SELECT \(Self.cacheColumns) FROM geocache WHERE id = $1", [stored.id.value]),
        ], replay: { _ in updated }, result: { outcomes -> StoredCache? in
            if try outcomes[0].get().rows.first != nil {
                return try outcomes[1].get().rows.first.map(Self.storedCache(from:)) ?? updated
            }
            if let conflict = try Self.conflict(for: stored, current: outcomes[1].get().rows.first) { throw conflict }
            return nil
        }) ?? byIdentity(stored, kind: .update, as: write, replay: { _ in updated }) { connection in
            try connection.query("""
                UPDATE geocache SET title = $2, details = $3, creator = $4, reward = $5, search_text = $6,
                                    latitude = $7, longitude = $8, listing = $9
                WHERE id = $1
                """, [stored.id.value] + Self.updateValues(valid))
            return updated
        }
    }

    /// Deletes `stored` when the store holds exactly that version, in one round trip
    /// that also reads the row as it is when it does not.
    public func delete(_ stored: StoredCache, as write: WriteID) throws -> Int {
        try ledgerWrite(write, kind: .delete, [
            PostgresStatement("""
                WITH gone AS (DELETE FROM geocache WHERE id = $9 AND \(Self.sameVersion(from: 1)) RETURNING id)
                \(Self.markStored(10, from: "gone"))
                """, Self.versionValues(stored.cache) + [stored.id.value, write.value]),
            PostgresStatement(Self.recordCount, [write.value]),
            PostgresStatement("SELECT \(Self.cacheColumns) FROM geocache WHERE id = $1", [stored.id.value]),
        ], replay: { record in record.count ?? 0 }, result: { outcomes -> Int? in
            if try outcomes[0].get().rows.first != nil { return try outcomes[1].get().rows.first?.int(0) ?? 0 }
            if let conflict = try Self.conflict(for: stored, current: outcomes[2].get().rows.first) { throw conflict }
            return nil
        }) ?? byIdentity(stored, kind: .delete, as: write, replay: { record in record.count ?? 0 }) { connection in
            try connection.query("DELETE FROM geocache WHERE id = $1", [stored.id.value])
            return try connection.query("SELECT value FROM geocache_count").rows.first?.int(0) ?? 0
        }
    }

    /// Hands `stored` to `owner` when the store holds exactly that version; a role the
    /// server's `geocache_member` does not take for a member (not in the club's member
    /// role, one of the group roles, one that cannot log in, or one the rules do not
    /// bind), or any role before the rules are set up, is refused first.
    public func handOver(_ stored: StoredCache, to owner: CacheOwner, as write: WriteID) throws -> StoredCache {
        if let role = owner.role {
            // `geocache_member` raises on a member role that is gone: asked first, in the same round trip.
            let answer = try rows("""
                SELECT c.member_role, CASE WHEN c.member_role IS NULL THEN false
                                           WHEN NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = c.member_role) THEN NULL
                                           ELSE geocache_member($1) END
                FROM geocache_club c
                """, [.text(role)]).first
            if let answer, let members = answer.string(0), answer[1] == nil { throw ChangeRefusal.memberRoleGone(members) }
            guard answer?.bool(1) ?? false else { throw ChangeRefusal.notAMember(role) }
        }
        return try ledgerWrite(write, kind: .update, [
            PostgresStatement("""
                WITH changed AS (UPDATE geocache SET owner = $10 WHERE id = $9 AND \(Self.sameVersion(from: 1)) RETURNING id)
                \(Self.markStored(11, from: "changed"))
                """, Self.versionValues(stored.cache) + [stored.id.value, owner.role.map { .text($0) } ?? .null, write.value]),
            PostgresStatement("SELECT \(Self.cacheColumns) FROM geocache WHERE id = $1", [stored.id.value]),
        ], replay: { _ in stored }, result: { outcomes -> StoredCache? in
            let current = try outcomes[1].get().rows.first
            if try outcomes[0].get().rows.first != nil, let current { return Self.storedCache(from: current) }
            if let conflict = Self.conflict(for: stored, current: current) { throw conflict }
            return nil
        }) ?? byIdentity(stored, kind: .update, as: write, replay: { _ in stored }) { connection in
            let changed = try connection.query("UPDATE geocache SET owner = $2 WHERE id = $1 RETURNING \(Self.cacheColumns)",
                                               [stored.id.value, owner.role.map { .text($0) } ?? .null]).rows.first
            guard let changed else { throw CacheEditError.changedElsewhere(newer: stored) }
            return Self.storedCache(from: changed)
        }
    }

    /// The write `write` of `stored` by its identity alone, for a row that reads
    /// exactly as `stored` but did not compare equal in SQL: its `bytea` fields hold
    /// bytes that are not UTF-8, or a listing that does not decode (written by another
    /// program), which read as U+FFFD and as no listing.
    /// The row is locked (`FOR UPDATE`) and read again in the transaction, and
    /// `body` writes it only when it still reads as `stored`. A second round trip, for
    /// such rows only.
    private func byIdentity<T>(_ stored: StoredCache, kind: WriteKind, as write: WriteID,
                               replay: (WriteRecord) throws -> T,
                               _ body: (PostgresConnection) throws -> T) throws -> T {
        try ledgerTransaction(write, kind: kind, detail: { _ in nil }, replay: replay) { connection in
            let rows = try connection.query("SELECT \(Self.cacheColumns) FROM geocache WHERE id = $1 FOR UPDATE",
                                            [stored.id.value]).rows
            if let conflict = Self.conflict(for: stored, current: rows.first) { throw conflict }
            return try body(connection)
        }
    }

    // MARK: - Plumbing

    /// `title = $n AND details = $n+1 AND …`: the four fields equal to parameters
    /// from `$first`, found through the indexed hash of the four (``contentHash(_:_:_:_:)``).
    static func sameContent(from first: Int) -> String {
        let (t, d, c, r) = ("$\(first)::text", "$\(first + 1)::text", "$\(first + 2)::text", "$\(first + 3)::text")
        return "content_hash = \(contentHash(t, d, c, r)) AND title = \(t) AND details = \(d) AND creator = \(c) AND reward = \(r)"
    }

    /// The whole stored version equal to eight parameters from `$first` (those of
    /// ``versionValues(_:)``): the four fields (through their indexed hash), the code,
    /// the place and the listing. What compare-and-write compares.
    static func sameVersion(from first: Int) -> String {
        let (code, latitude, longitude, listing) = (first + 4, first + 5, first + 6, first + 7)
        return sameContent(from: first) + """
             AND code IS NOT DISTINCT FROM $\(code)::text AND latitude IS NOT DISTINCT FROM $\(latitude)::integer \
            AND longitude IS NOT DISTINCT FROM $\(longitude)::integer AND listing IS NOT DISTINCT FROM $\(listing)::bytea
            """
    }

    /// The four fields as `text` parameters, in form order.
    static func fieldValues(_ cache: GeoCache) -> [PostgresValue] {
        GeoCache.Field.allCases.map { .text(cache[$0]) }
    }

    /// The parameters of ``sameVersion(from:)``: the four fields, the code, the
    /// latitude, the longitude and the listing.
    static func versionValues(_ cache: GeoCache) -> [PostgresValue] {
        fieldValues(cache) + [cache.code.map { .text($0) } ?? .null] + placeValues(cache)
    }

    /// The latitude, the longitude (NULL without a place) and the listing (NULL when empty).
    static func placeValues(_ cache: GeoCache) -> [PostgresValue] {
        let latitude = cache.coordinate.map { PostgresValue.int(Int($0.latitudeMicrodegrees)) } ?? .null
        let longitude = cache.coordinate.map { PostgresValue.int(Int($0.longitudeMicrodegrees)) } ?? .null
        return [latitude, longitude, ListingEncoding.encode(cache.listing).map { .bytea($0) } ?? .null]
    }

    /// The parameters of an update: the four fields, the search text, the place and the listing.
    static func updateValues(_ cache: GeoCache) -> [PostgresValue] {
        fieldValues(cache) + [.text(SearchFolding.searchText(for: cache))] + placeValues(cache)
    }

    /// The parameters of an insert, in the order of ``insertColumns``.
    static func insertValues(_ cache: GeoCache, code: String) -> [PostgresValue] {
        let values = updateValues(cache)
        return Array(values[0..<5]) + [.text(code)] + Array(values[5...])
    }

    /// A row selected with ``cacheColumns`` as a ``StoredCache``. A listing whose bytes
    /// cannot be read (damaged in the database) reads as an empty one.
    static func storedCache(from row: PostgresRow) -> StoredCache {
        var coordinate: Coordinate?
        if let latitude = row.int(6).flatMap(Int32.init(exactly:)), let longitude = row.int(7).flatMap(Int32.init(exactly:)) {
            coordinate = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
        }
        return StoredCache(
            id: CacheID(rawValue: Int64(row.int(0) ?? 0)),
            cache: GeoCache(title: row.string(1) ?? "", details: row.string(2) ?? "",
                            creator: row.string(3) ?? "", reward: row.string(4) ?? "", code: row.string(5),
                            coordinate: coordinate, listing: ListingEncoding.decode(row[8]) ?? .empty),
            club: clubRecord(from: row))
    }

    /// The club record of a row selected with ``cacheColumns``: a NULL owner is the
    /// club's. A time that is not a finite number reads as unknown.
    static func clubRecord(from row: PostgresRow) -> ClubRecord {
        let seconds = row.string(11).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
        return ClubRecord(owner: row.string(9).map(CacheOwner.member) ?? .club, changedBy: row.string(10),
                          changedAt: seconds.map { Date(timeIntervalSince1970: $0) })
    }

    /// Why a compare-and-write on `stored` touched no row, given the row as it is now
    /// (`current`, nil when deleted): ``CacheEditError/deletedElsewhere(_:)``,
    /// ``CacheEditError/changedElsewhere(newer:)`` with the newer version, or nil when
    /// the row reads exactly as `stored` all the same (its listing's bytes differ from
    /// the ones ``ListingEncoding`` writes for what they read as: written by another
    /// program, or damaged): the caller then writes it by identity. (Fields that are not
    /// UTF-8, which this was first written for, cannot be stored in `text` since schema
    /// version 4.)
    private static func conflict(for stored: StoredCache, current: PostgresRow?) -> CacheEditError? {
        guard let current else { return .deletedElsewhere(stored.id) }
        let newer = storedCache(from: current)
        return newer == stored ? nil : .changedElsewhere(newer: newer)
    }

    func fetchCache(_ sql: String, _ parameters: [PostgresValue] = []) throws -> StoredCache? {
        try rows(sql, parameters).first.map(Self.storedCache(from:))
    }

    /// Calls `body` with each row of `sql` as a cache; see ``streamRows(_:_:_:)``.
    private func stream(_ sql: String, _ parameters: [PostgresValue], _ body: (StoredCache) throws -> Void) throws {
        try streamRows(sql, parameters) { try body(Self.storedCache(from: $0)) }
    }

    /// Calls `body` with each row of `sql`, fetched ``fetchSize`` at a time through a
    /// cursor inside one read-only, repeatable-read transaction (a consistent snapshot).
    ///
    /// `BEGIN`, `DECLARE` and the first `FETCH` go in one exchange, and each further
    /// `FETCH` in one more only when the one before was full. A command's transaction is
    /// left open (``readTransactionOpen``) and ended in front of its next exchange: a
    /// command that exits never waits for its end. A form's is ended at once, since
    /// the server holds other sessions' notifications back while it is open.
    private func streamRows(_ sql: String, _ parameters: [PostgresValue], _ body: (PostgresRow) throws -> Void) throws {
        let fetch = PostgresStatement("FETCH \(Self.fetchSize) FROM geocache_rows")
        let opened = try exchange([[PostgresStatement("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
                                    PostgresStatement("DECLARE geocache_rows NO SCROLL CURSOR FOR \(sql)", parameters),
                                    fetch]])[0]
        do {
            var rows = try Self.result(of: opened[2], in: opened, server: name).rows
            while true {
                for row in rows { try body(row) }
                if rows.count < Self.fetchSize { break }
                rows = try Self.result(of: exchange([[fetch]])[0][0], server: name).rows
            }
        } catch {
            readTransactionOpen = connection.map { !$0.isBroken } ?? false
            throw error
        }
        readTransactionOpen = true
        if purpose == .form { _ = try exchange([]) }
    }
}

extension CacheID {
    /// The identifier as a statement parameter.
    var value: PostgresValue { .int(Int(rawValue)) }
}
