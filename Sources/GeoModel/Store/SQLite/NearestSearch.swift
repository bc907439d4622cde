import Foundation
import GRDB
import GRDBSQLite

/// Nearest-first reading in one read transaction of the SQLite store: the R*Tree of
/// places (`cache_place`, whole microdegrees) narrows the candidates to boxes around a
/// circle, ``Coordinate/distance(to:)`` orders them exactly by ``NearestKey``, and the
/// caches without a place follow in stored order (the `cache_unplaced` index).
///
/// A search for the cache after a key grows a circle from the key's distance outward,
/// doubling the step each time the ring holds none, until the circle covers the
/// Earth: a box query holds every cache within its circle, so the best candidate
/// within the circle is the best of all. The far half of the Earth is searched from the
/// antipode in the same way. A circle's boxes are close to it while it is small; a
/// circle of thousands of kilometres has boxes that cover most of the Earth, so a
/// search that must reach that far (the first cache of a store whose caches all lie on
/// another continent, the farthest cache of a store clustered in one region) reads
/// most of the R*Tree, still without reading a row of the table.
struct NearestSearch {
    /// A box of microdegrees: the R*Tree query's four bounds.
    struct Box: Equatable {
        var minLatitude: Int64, maxLatitude: Int64, minLongitude: Int64, maxLongitude: Int64
    }

    let db: Database
    let origin: Coordinate

    /// Half the Earth's circumference: no two places are farther apart.
    static let greatestDistance = Double.pi * Coordinate.earthRadius
    /// The first ring searched beyond a key, in metres; it doubles while rings are empty.
    static let initialStep = 128.0
    /// What a distance worked out in floating point may be off by, in metres, at most
    /// (far less near the origin; up to a few centimetres near the antipode).
    static let slack = 1.0

    private static let placesSQL = """
        SELECT id, min_latitude, min_longitude FROM cache_place
        WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
        """
    private static let unplacedAfterSQL = """
        SELECT \(SQLiteStore.cacheColumns) FROM cache
        WHERE \(SQLiteStore.unplacedCondition) AND id > ? ORDER BY id LIMIT ?
        """
    private static let unplacedBeforeSQL = """
        SELECT \(SQLiteStore.cacheColumns) FROM cache
        WHERE \(SQLiteStore.unplacedCondition) AND id < ? ORDER BY id DESC LIMIT 1
        """

    // MARK: The three questions

    /// The first cache after `key` in nearest-first order (the first of all for nil).
    func first(after key: NearestKey?) throws -> StoredCache? {
        if key?.isUnplaced != true, let found = try nearestPlaced(after: key) {
            return try cache(found.id)
        }
        var found: StoredCache?
        try forEachUnplaced(after: key?.isUnplaced == true ? key!.id.rawValue : Int64.min, limit: 1) { found = $0 }
        return found
    }

    /// The cache right before `key` in nearest-first order (the last of all for nil).
    func last(before key: NearestKey?) throws -> StoredCache? {
        if key == nil || key!.isUnplaced {
            let before = key?.id.rawValue ?? Int64.max
            if let row = try Row.fetchOne(db, sql: Self.unplacedBeforeSQL, arguments: [before]) {
                return SQLiteStore.storedCache(from: row)
            }
        }
        return try farthestPlaced(before: key).map { try cache($0.id) } ?? nil
    }

    /// Calls `body` with the caches in nearest-first order, at most `limit` of them.
    func forEach(limit: Int?, _ body: (StoredCache, NearestKey) throws -> Void) throws {
        var left = limit ?? .max
        guard left > 0 else { return }
        var last: NearestKey?
        var step = Self.initialStep
        while left > 0 {
            let radius = (last?.distance ?? 0) + step
            var ring: [NearestKey] = []
            try forEachPlaced(within: radius) { key in
                if key.distance <= radius, last.map({ key > $0 }) ?? true { ring.append(key) }
            }
            ring.sort()
            for key in ring.prefix(left) {
                guard let stored = try cache(key.id) else { continue }
                try body(stored, key)
                left -= 1
                last = key
            }
            if radius >= Self.greatestDistance { break }
            step *= 2
        }
        guard left > 0 else { return }
        try forEachUnplaced(after: Int64.min, limit: left) { stored in
            try body(stored, NearestKey(distance: .infinity, id: stored.id))
        }
    }

    // MARK: Placed caches

    /// The smallest key of a placed cache greater than `key` (the smallest of all for nil).
    private func nearestPlaced(after key: NearestKey?) throws -> NearestKey? {
        let start = key?.distance ?? 0
        if start > Self.greatestDistance / 2 {
            // Everything farther than `start` lies within a circle around the antipode.
            return try bestAroundAntipode(within: Self.greatestDistance - start + Self.slack) { candidate, best in
                key.map { candidate > $0 } ?? true && best.map { candidate < $0 } ?? true
            }
        }
        var step = Self.initialStep
        while true {
            let radius = start + step
            var best: NearestKey?
            try forEachPlaced(within: radius) { candidate in
                if candidate.distance <= radius, key.map({ candidate > $0 }) ?? true, best.map({ candidate < $0 }) ?? true {
                    best = candidate
                }
            }
            if best != nil || radius >= Self.greatestDistance { return best }
            step *= 2
        }
    }

    /// The greatest key of a placed cache smaller than `key` (the greatest of all for
    /// nil or an unplaced key).
    private func farthestPlaced(before key: NearestKey?) throws -> NearestKey? {
        let limit = key.flatMap { $0.isUnplaced ? nil : $0 }
        if let limit, limit.distance <= Self.greatestDistance / 2 {
            // Everything nearer than the key lies within its circle.
            var best: NearestKey?
            try forEachPlaced(within: limit.distance) { candidate in
                if candidate < limit, best.map({ candidate > $0 }) ?? true { best = candidate }
            }
            return best
        }
        // From the antipode (or the key's distance from it) outward, until the best
        // candidate is farther than anything the circle leaves out.
        var step = Self.initialStep
        let start = limit.map { Self.greatestDistance - $0.distance } ?? 0
        while true {
            let radius = start + step
            let found = try bestAroundAntipode(within: radius) { candidate, best in
                limit.map { candidate < $0 } ?? true && best.map { candidate > $0 } ?? true
            }
            if let found, found.distance >= Self.greatestDistance - radius + Self.slack { return found }
            if radius >= Self.greatestDistance + Self.slack { return found }
            step *= 2
        }
    }

    /// The candidate `better` prefers among the placed caches within `radius` of the
    /// antipode, keyed by their distance from the origin.
    private func bestAroundAntipode(within radius: Double,
                                    better: (NearestKey, NearestKey?) -> Bool) throws -> NearestKey? {
        var best: NearestKey?
        for box in Self.boxes(around: Self.antipode(of: origin), radius: radius) {
            try forEachPlaced(in: box) { candidate in
                if better(candidate, best) { best = candidate }
            }
        }
        return best
    }

    /// Calls `body` with the key of every placed cache within `radius` metres of the
    /// origin, and of some a little beyond it.
    private func forEachPlaced(within radius: Double, _ body: (NearestKey) -> Void) throws {
        for box in Self.boxes(around: origin, radius: radius) {
            try forEachPlaced(in: box, body)
        }
    }

    /// Calls `body` with the key of every placed cache in `box`, read from the R*Tree
    /// alone (it holds the exact microdegrees).
    private func forEachPlaced(in box: Box, _ body: (NearestKey) -> Void) throws {
        let statement = try db.cachedStatement(sql: Self.placesSQL)
        let sqlite = statement.sqliteStatement
        defer { sqlite3_reset(sqlite) }
        sqlite3_bind_int64(sqlite, 1, box.minLatitude)
        sqlite3_bind_int64(sqlite, 2, box.maxLatitude)
        sqlite3_bind_int64(sqlite, 3, box.minLongitude)
        sqlite3_bind_int64(sqlite, 4, box.maxLongitude)
        while true {
            let stepped = sqlite3_step(sqlite)
            guard stepped == SQLITE_ROW else {
                guard stepped == SQLITE_DONE else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: stepped),
                                        message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) },
                                        sql: Self.placesSQL)
                }
                return
            }
            guard let place = SQLiteStore.coordinate(latitude: sqlite3_column_int64(sqlite, 1),
                                                     longitude: sqlite3_column_int64(sqlite, 2)) else { continue }
            body(NearestKey(distance: origin.distance(to: place), id: CacheID(rawValue: sqlite3_column_int64(sqlite, 0))))
        }
    }

    // MARK: Rows

    private func cache(_ id: CacheID) throws -> StoredCache? {
        let statement = try db.cachedStatement(sql: "SELECT \(SQLiteStore.cacheColumns) FROM cache WHERE id = ?")
        var found: StoredCache?
        try SQLiteStore.forEachStoredCache(of: statement, arguments: [id.rawValue]) { found = $0 }
        return found
    }

    private func forEachUnplaced(after id: Int64, limit: Int, _ body: (StoredCache) throws -> Void) throws {
        try SQLiteStore.forEachStoredCache(of: db.cachedStatement(sql: Self.unplacedAfterSQL),
                                           arguments: [id, limit], body)
    }

    // MARK: Geometry

    /// The point on the other side of the Earth.
    static func antipode(of place: Coordinate) -> Coordinate {
        let longitude = place.longitudeMicrodegrees > 0
            ? place.longitudeMicrodegrees - Coordinate.maximumLongitudeMicrodegrees
            : place.longitudeMicrodegrees + Coordinate.maximumLongitudeMicrodegrees
        return Coordinate(latitudeMicrodegrees: -place.latitudeMicrodegrees, longitudeMicrodegrees: longitude)!
    }

    /// Boxes of microdegrees that hold every place within `radius` metres of `center`
    /// (and some places beyond): one box, two where the circle crosses the
    /// antimeridian, and a band of all longitudes where it holds a pole.
    static func boxes(around center: Coordinate, radius: Double) -> [Box] {
        let maxLatitude = Int64(Coordinate.maximumLatitudeMicrodegrees)
        let maxLongitude = Int64(Coordinate.maximumLongitudeMicrodegrees)
        let angle = (radius * (1 + 1e-9) + slack) / Coordinate.earthRadius
        let latitude = center.latitude * .pi / 180
        func microdegrees(_ radians: Double) -> Double { radians * 180 / .pi * 1_000_000 }
        let south = Int64(microdegrees(latitude - angle).rounded(.down)) - 1
        let north = Int64(microdegrees(latitude + angle).rounded(.up)) + 1
        if angle >= .pi || south <= -maxLatitude || north >= maxLatitude {
            return [Box(minLatitude: max(south, -maxLatitude), maxLatitude: min(north, maxLatitude),
                        minLongitude: -maxLongitude, maxLongitude: maxLongitude)]
        }
        let ratio = sin(angle) / cos(latitude)
        guard ratio < 1 else {
            return [Box(minLatitude: south, maxLatitude: north, minLongitude: -maxLongitude, maxLongitude: maxLongitude)]
        }
        let halfWidth = microdegrees(asin(ratio))
        let west = Int64((Double(center.longitudeMicrodegrees) - halfWidth).rounded(.down)) - 1
        let east = Int64((Double(center.longitudeMicrodegrees) + halfWidth).rounded(.up)) + 1
        if east - west >= 2 * maxLongitude {
            return [Box(minLatitude: south, maxLatitude: north, minLongitude: -maxLongitude, maxLongitude: maxLongitude)]
        }
        if west < -maxLongitude {
            return [Box(minLatitude: south, maxLatitude: north, minLongitude: -maxLongitude, maxLongitude: east),
                    Box(minLatitude: south, maxLatitude: north, minLongitude: west + 2 * maxLongitude, maxLongitude: maxLongitude)]
        }
        if east > maxLongitude {
            return [Box(minLatitude: south, maxLatitude: north, minLongitude: west, maxLongitude: maxLongitude),
                    Box(minLatitude: south, maxLatitude: north, minLongitude: -maxLongitude, maxLongitude: east - 2 * maxLongitude)]
        }
        return [Box(minLatitude: south, maxLatitude: north, minLongitude: west, maxLongitude: east)]
    }
}

extension SQLiteStore {
    /// The first cache after `key` in nearest-first order from `origin` (the nearest of
    /// all for nil), in one read transaction; see ``NearestKey`` for the order.
    ///
    /// The R*Tree of places finds the candidates in growing circles from the key's
    /// distance outward, so the time grows with the caches nearer than the key (and
    /// with those farther, for a key beyond a quarter of the Earth's circumference),
    /// not with the store; then come the caches without a place, in stored order.
    public func nearestCache(to origin: Coordinate, after key: NearestKey?) throws -> StoredCache? {
        try read { db in try NearestSearch(db: db, origin: origin).first(after: key) }
    }

    /// The cache right before `key` in nearest-first order from `origin` (the last of
    /// all for nil: the last without a place, or else the farthest), in one read
    /// transaction.
    public func nearestCache(to origin: Coordinate, before key: NearestKey?) throws -> StoredCache? {
        try read { db in try NearestSearch(db: db, origin: origin).last(before: key) }
    }

    /// Calls `body` with the caches in nearest-first order from `origin`, each with its
    /// key, at most `limit` of them, in one read transaction.
    public func forEachNearest(to origin: Coordinate, limit: Int?,
                               _ body: (StoredCache, NearestKey) throws -> Void) throws {
        try read { db in try NearestSearch(db: db, origin: origin).forEach(limit: limit, body) }
    }
}
