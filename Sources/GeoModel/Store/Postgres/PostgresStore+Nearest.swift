import Foundation

/// Nearest first on the PostgreSQL store: the order of ``NearestKey``, with the
/// distances worked out in Swift, and a best-first search over boxes of latitudes and
/// longitudes that the place indexes (GiST over each cache's point and each corrected
/// place, in microdegrees) answer.
///
/// The search keeps a queue of boxes and places by score: a box scores the least
/// great-circle distance from the origin to it (``DistanceBounds``; going back, the
/// greatest, taken from a constant), a place its distance. The box at the head is read
/// as its 16 parts (``PlaceBox/parts``) in one statement, at most ``boxCapacity`` places
/// each: a part that holds no more is queued as its places, a fuller one as a box to
/// read when it comes to the head. A place at the head comes before everything still queued,
/// so the places come in order, and the search reads the boxes around the key's
/// distance, not the caches nearer (or farther) than it. PostgreSQL's own `<->` on
/// points would order by planar distance in degrees, which is not the great-circle
/// order, and cannot go from the farthest. Only the identity and the place of a
/// candidate travel; the caches given are read whole by identity, inside the same
/// snapshot.
extension PostgresStore {
    /// The most places one read of a box gives at first; a box holding more is read by
    /// parts (a long walk reads more at a time).
    static let boxCapacity = 16

    // MARK: - The calls

    /// Calls `body` with the caches after `key` in nearest-first order from `origin`
    /// (before it, farthest first, when not `forward`) until it returns false, in one
    /// read-only snapshot.
    public func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                            _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        try snapshot { connection in
            if forward {
                if key?.isUnplaced != true {
                    var search = PlaceSearch(origin: origin, key: key, forward: true)
                    guard try Self.walkPlaced(&search, on: connection, body) else { return }
                }
                try Self.walkUnplaced(after: key.flatMap { $0.isUnplaced ? $0.id : nil }, forward: true, on: connection, body)
            } else {
                if key == nil || key!.isUnplaced {
                    guard try Self.walkUnplaced(after: key?.id, forward: false, on: connection, body) else { return }
                }
                var search = PlaceSearch(origin: origin, key: key.flatMap { $0.isUnplaced ? nil : $0 }, forward: false)
                try Self.walkPlaced(&search, on: connection, body)
            }
        }
    }

    // MARK: - Placed caches

    /// Gives the placed caches `search` finds, in order, in batches read by identity;
    /// false when `body` stopped.
    @discardableResult
    private static func walkPlaced(_ search: inout PlaceSearch, on connection: PostgresConnection,
                                   _ body: (StoredCache, NearestKey) throws -> Bool) throws -> Bool {
        var batch = 1
        while true {
            var keys: [NearestKey] = []
            while keys.count < batch {
                guard let next = try search.next(reading: { try placed(on: connection, in: $0, limit: $1) }) else { break }
                keys.append(next)
            }
            if keys.isEmpty { return true }
            let read = try caches(keys.map(\.id), on: connection)
            let byID = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for key in keys {
                guard let stored = byID[key.id] else { continue }
                guard try body(stored, key) else { return false }
            }
            batch = min(batch * 4, fetchSize)
            search.capacity = max(search.capacity, batch * 16)
        }
    }

    /// Gives the caches without a place after (or before) `id` (from the first or the
    /// last for nil), in stored order; false when `body` stopped.
    @discardableResult
    private static func walkUnplaced(after id: CacheID?, forward: Bool, on connection: PostgresConnection,
                                     _ body: (StoredCache, NearestKey) throws -> Bool) throws -> Bool {
        var last = id?.value ?? .int(forward ? 0 : Int(Int64.max))
        var page = 8
        while true {
            let rows = try connection.query("""
                SELECT \(cacheColumns) FROM geocache g WHERE latitude IS NULL AND NOT \(correctedByMember)
                AND id \(forward ? ">" : "<") $1 ORDER BY id \(forward ? "" : "DESC") LIMIT $2
                """, [last, .int(page)]).rows
            for row in rows {
                let stored = storedCache(from: row)
                guard try body(stored, NearestKey(distance: .infinity, id: stored.id)) else { return false }
                last = stored.id.value
            }
            if rows.count < page { return true }
            page = min(page * 4, fetchSize)
        }
    }

    // MARK: - Statements

    /// The identity and place of the placed caches inside each of `boxes`, at most
    /// `limit` of each (all for nil): one statement, which the place indexes answer. A
    /// cache this member corrected is at its corrected place.
    private static func placed(on connection: PostgresConnection, in boxes: [PlaceBox],
                               limit: Int?) throws -> [[(id: CacheID, place: Coordinate)]] {
        func array(_ values: [Int32]) -> PostgresValue { .text("{" + values.map(String.init).joined(separator: ",") + "}") }
        let rows = try connection.query("""
            SELECT q.n, p.id, p.latitude, p.longitude
            FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS q(w, s, e, nn, n),
            LATERAL (
                (SELECT id, latitude, longitude FROM geocache g
                 WHERE \(placePoint) <@ box(point(q.w, q.s), point(q.e, q.nn)) AND NOT \(correctedByMember))
                UNION ALL
                (SELECT g.id, o.corrected_latitude, o.corrected_longitude FROM geocache_own o JOIN geocache g ON g.code = o.code
                 WHERE o.member = current_user AND o.corrected_latitude IS NOT NULL
                     AND \(correctedPoint) <@ box(point(q.w, q.s), point(q.e, q.nn)))
                LIMIT $5
            ) p
            """, [array(boxes.map(\.west)), array(boxes.map(\.south)), array(boxes.map(\.east)), array(boxes.map(\.north)),
                  limit.map { .int($0) } ?? .null]).rows
        var found = Array(repeating: [(id: CacheID, place: Coordinate)](), count: boxes.count)
        for row in rows {
            guard let box = row.int(0), (1...boxes.count).contains(box), let id = row.int(1),
                  let latitude = row.int(2).flatMap(Int32.init(exactly:)),
                  let longitude = row.int(3).flatMap(Int32.init(exactly:)),
                  let place = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude) else { continue }
            found[box - 1].append((CacheID(rawValue: Int64(id)), place))
        }
        return found
    }

    /// The caches with `ids`, in any order.
    private static func caches(_ ids: [CacheID], on connection: PostgresConnection) throws -> [StoredCache] {
        let list = "{" + ids.map(\.description).joined(separator: ",") + "}"
        return try connection.query("SELECT \(cacheColumns) FROM geocache WHERE id = ANY($1::bigint[])", [.text(list)])
            .rows.map(storedCache(from:))
    }

    /// Runs `body` inside one read-only, repeatable-read transaction: every statement of
    /// one nearest-first call sees the same caches.
    ///
    /// Without bitmap scans in it: the planner guesses a box holds a few places and
    /// reads them by a bitmap, which gathers every place in the box before the limit of a
    /// read (12,500 for one part of a box over a clustered store, ten times the time); a
    /// plain scan of the place index stops at the limit.
    private func snapshot<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run { connection in
            try connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try connection.query("SET LOCAL enable_bitmapscan = off")
            do {
                let value = try body(connection)
                try connection.query("COMMIT")
                return value
            } catch {
                if !connection.isBroken { _ = try? connection.query("ROLLBACK") }
                throw error
            }
        }
    }
}
