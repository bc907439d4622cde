import Foundation
import GRDB
import GRDBSQLite

/// Nearest-first reading in one read transaction of the SQLite store: a best-first
/// search of the R*Tree of places (`cache_place`, whole microdegrees), which gives the
/// placed caches in order of their distance, and the caches without a place in stored
/// order (the `cache_unplaced` index).
///
/// The R*Tree's query function ``NearestQueryFunction`` scores each node by the least
/// distance from the origin to its box (the greatest, negated, going back), and each
/// entry by its distance worked out as ``Coordinate/distance(to:)`` does; SQLite keeps
/// the nodes and entries in a queue by score and gives the entries in that order, so
/// the search reads the nodes around the key's distance and not the caches nearer (or
/// farther) than it. Entries at or before the key are left out by the function; those
/// at one distance come in any order and are put in order of identity here.
struct NearestSearch {
    let db: Database
    let origin: Coordinate

    private static let placesSQL = """
        SELECT id, min_latitude, min_longitude FROM cache_place
        WHERE id MATCH \(NearestQueryFunction.name)(?, ?, ?, ?, ?, ?)
        """
    private static let unplacedAfterSQL = """
        SELECT \(SQLiteStore.cacheColumns) FROM cache
        WHERE \(SQLiteStore.unplacedCondition) AND id > ? ORDER BY id LIMIT ?
        """
    private static let unplacedBeforeSQL = """
        SELECT \(SQLiteStore.cacheColumns) FROM cache
        WHERE \(SQLiteStore.unplacedCondition) AND id < ? ORDER BY id DESC LIMIT ?
        """
    /// How many caches without a place one statement reads at a time.
    private static let unplacedPage = 32

    /// Calls `body` with the caches after `key` in nearest-first order (before it, the
    /// farthest first, when not `forward`), each with its key, from the first (or the
    /// last) for nil, until `body` returns false or none is left.
    func walk(from key: NearestKey?, forward: Bool, _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        if forward {
            if key?.isUnplaced != true {
                guard try walkPlaced(from: key, forward: true, body) else { return }
            }
            let after = key.flatMap { $0.isUnplaced ? $0.id.rawValue : nil } ?? Int64.min
            try walkUnplaced(from: after, forward: true, body)
        } else {
            if key == nil || key!.isUnplaced {
                guard try walkUnplaced(from: key?.id.rawValue ?? Int64.max, forward: false, body) else { return }
            }
            try walkPlaced(from: key.flatMap { $0.isUnplaced ? nil : $0 }, forward: false, body)
        }
    }

    // MARK: Placed caches

    /// Walks the placed caches after (or before) `key`, best first; false when `body` stopped.
    @discardableResult
    private func walkPlaced(from key: NearestKey?, forward: Bool,
                            _ body: (StoredCache, NearestKey) throws -> Bool) throws -> Bool {
        let statement = try db.cachedStatement(sql: Self.placesSQL)
        let sqlite = statement.sqliteStatement
        defer { sqlite3_reset(sqlite) }
        sqlite3_bind_int64(sqlite, 1, Int64(origin.latitudeMicrodegrees))
        sqlite3_bind_int64(sqlite, 2, Int64(origin.longitudeMicrodegrees))
        sqlite3_bind_int(sqlite, 3, forward ? 1 : 0)
        sqlite3_bind_int(sqlite, 4, key == nil ? 0 : 1)
        sqlite3_bind_double(sqlite, 5, key?.distance ?? 0)
        sqlite3_bind_int64(sqlite, 6, key?.id.rawValue ?? 0)
        // The entries of one score, gathered to be put in order.
        var tied: [NearestKey] = []
        var tiedScore = 0.0
        func flush() throws -> Bool {
            tied.sort()
            if !forward { tied.reverse() }
            defer { tied.removeAll(keepingCapacity: true) }
            for key in tied {
                guard let stored = try cache(key.id) else { continue }
                guard try body(stored, key) else { return false }
            }
            return true
        }
        while let next = try step(sqlite) {
            let score = DistanceBounds.score(of: next.distance, forward: forward)
            if !tied.isEmpty, score != tiedScore {
                guard try flush() else { return false }
            }
            tied.append(next)
            tiedScore = score
        }
        return try flush()
    }

    /// The key of the next entry the R*Tree gives, nil after the last.
    private func step(_ sqlite: SQLiteStatement) throws -> NearestKey? {
        while true {
            let stepped = sqlite3_step(sqlite)
            guard stepped == SQLITE_ROW else {
                guard stepped == SQLITE_DONE else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: stepped),
                                        message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) },
                                        sql: Self.placesSQL)
                }
                return nil
            }
            guard let place = SQLiteStore.coordinate(latitude: sqlite3_column_int64(sqlite, 1),
                                                     longitude: sqlite3_column_int64(sqlite, 2)) else { continue }
            return NearestKey(distance: origin.distance(to: place), id: CacheID(rawValue: sqlite3_column_int64(sqlite, 0)))
        }
    }

    // MARK: Caches without a place

    /// Walks the caches without a place after (or before) the identifier `id`, in
    /// stored order; false when `body` stopped.
    @discardableResult
    private func walkUnplaced(from id: Int64, forward: Bool,
                              _ body: (StoredCache, NearestKey) throws -> Bool) throws -> Bool {
        var last = id
        while true {
            var page: [StoredCache] = []
            try SQLiteStore.forEachStoredCache(of: db.cachedStatement(sql: forward ? Self.unplacedAfterSQL : Self.unplacedBeforeSQL),
                                               arguments: [last, Self.unplacedPage]) { page.append($0) }
            for stored in page {
                guard try body(stored, NearestKey(distance: .infinity, id: stored.id)) else { return false }
                last = stored.id.rawValue
            }
            if page.count < Self.unplacedPage { return true }
        }
    }

    private func cache(_ id: CacheID) throws -> StoredCache? {
        let statement = try db.cachedStatement(sql: "SELECT \(SQLiteStore.cacheColumns) FROM cache WHERE id = ?")
        var found: StoredCache?
        try SQLiteStore.forEachStoredCache(of: statement, arguments: [id.rawValue]) { found = $0 }
        return found
    }
}

/// The R*Tree query function of nearest-first order, `geocache_nearest(latitude,
/// longitude, forward, keyed, distance, id)`: the origin in microdegrees, 1 for nearest
/// first (0 for farthest first), and 1 with the key to start after (0 for none).
///
/// A node scores the least distance from the origin to its box, or going back the
/// greatest, taken from ``DistanceBounds/farthest`` (the R*Tree takes no score below
/// zero); a node wholly before the key is left out. An entry scores its distance (taken
/// from it going back), and is left out at or before the key. Two distances may round to
/// one score going back: the walk orders the entries of one score by their keys.
enum NearestQueryFunction {
    static let name = "geocache_nearest"

    /// Adds the function to the connection `db`.
    static func register(on db: Database) throws {
        let code = sqlite3_rtree_query_callback(db.sqliteConnection, name, { info in
            guard let info, info.pointee.nParam == 6, let parameters = info.pointee.aParam,
                  let coordinates = info.pointee.aCoord else { return SQLITE_ERROR }
            if info.pointee.pUser == nil {
                guard let origin = Coordinate(latitudeMicrodegrees: Int32(exactly: parameters[0]) ?? .max,
                                              longitudeMicrodegrees: Int32(exactly: parameters[1]) ?? .max) else {
                    return SQLITE_ERROR
                }
                info.pointee.pUser = Unmanaged.passRetained(Query(origin: origin)).toOpaque()
                info.pointee.xDelUser = { query in query.map { Unmanaged<Query>.fromOpaque($0).release() } }
            }
            let query = Unmanaged<Query>.fromOpaque(info.pointee.pUser!).takeUnretainedValue()
            let forward = parameters[2] != 0
            let key = parameters[3] != 0 ? (distance: parameters[4], id: Int64(parameters[5])) : nil
            if info.pointee.iLevel == 0 {
                guard let place = Coordinate(latitudeMicrodegrees: Int32(exactly: coordinates[0]) ?? .max,
                                             longitudeMicrodegrees: Int32(exactly: coordinates[2]) ?? .max) else {
                    info.pointee.eWithin = NOT_WITHIN
                    return SQLITE_OK
                }
                let distance = query.bounds.origin.distance(to: place)
                let id = info.pointee.iRowid
                let comes = key.map { key in
                    forward ? distance > key.distance || (distance == key.distance && id > key.id)
                        : distance < key.distance || (distance == key.distance && id < key.id)
                } ?? true
                info.pointee.eWithin = comes ? FULLY_WITHIN : NOT_WITHIN
                info.pointee.rScore = DistanceBounds.score(of: distance, forward: forward)
                return SQLITE_OK
            }
            let (south, north, west, east) = (coordinates[0], coordinates[1], coordinates[2], coordinates[3])
            let before = key.map {
                query.bounds.isWhollyBefore($0.distance, south: south, north: north, west: west, east: east, forward: forward)
            }
            info.pointee.eWithin = before == true ? NOT_WITHIN : PARTLY_WITHIN
            info.pointee.rScore = query.bounds.score(south: south, north: north, west: west, east: east, forward: forward)
            return SQLITE_OK
        }, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot add the nearest-first search")
        }
    }

    /// What one query works out once: the bounds from its origin.
    private final class Query {
        let bounds: DistanceBounds
        init(origin: Coordinate) { bounds = DistanceBounds(origin: origin) }
    }
}

extension SQLiteStore {
    /// Calls `body` with the caches after `key` in nearest-first order from `origin`
    /// (before it, farthest first, when not `forward`), in one read transaction, until
    /// it returns false; see ``NearestKey`` for the order.
    ///
    /// A best-first search of the R*Tree of places reads the nodes around the key's
    /// distance, not the caches nearer than it; then come the caches without a place,
    /// in stored order.
    public func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                            _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        try read(handingTo: { (found: (StoredCache, NearestKey)) in try body(found.0, found.1) }) { db, body in
            try NearestSearch(db: db, origin: origin).walk(from: key, forward: forward) { try body(($0, $1)) }
        }
    }
}
