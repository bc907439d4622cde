import Foundation

/// Nearest first on the PostgreSQL store: the order of ``NearestKey``, with the
/// distances worked out in Swift and the place index (a GiST index over each cache's
/// point in microdegrees) narrowing the candidates to boxes around the origin.
///
/// A search reads rings: the caches inside the box of a radius but not inside the box
/// of the radius before, one statement per ring, the radius doubling from
/// ``firstRadius``. A box holds every point within its radius (with a margin for
/// rounding), so once a ring is read, every cache not read yet is farther than the
/// radius, and the caches read up to it can be put in order. Only the identity and
/// the place of a candidate travel; the chosen caches are read whole by identity,
/// inside the same snapshot.
extension PostgresStore {
    /// The radius of the first box, in metres.
    static let firstRadius: Double = 500

    /// Half the Earth's circumference: no two places are farther apart.
    static let greatestDistance = Coordinate.earthRadius * .pi

    // MARK: - The three calls

    public func nearestCache(to origin: Coordinate, after key: NearestKey?) throws -> StoredCache? {
        try snapshot { connection in
            if let key, key.isUnplaced {
                return try Self.unplaced(on: connection, "id > $1 ORDER BY id", [key.id.value])
            }
            var found: CacheID?
            try Self.walkPlaced(on: connection, from: origin, beyond: key?.distance ?? 0) { keys in
                found = keys.first { key == nil || $0 > key! }?.id
                return found != nil
            }
            if let found { return try Self.caches([found], on: connection).first }
            return try Self.unplaced(on: connection, "true ORDER BY id", [])
        }
    }

    public func nearestCache(to origin: Coordinate, before key: NearestKey?) throws -> StoredCache? {
        try snapshot { connection in
            guard let key, !key.isUnplaced else {
                let condition = key.map { _ in "id < $1 ORDER BY id DESC" } ?? "true ORDER BY id DESC"
                if let unplaced = try Self.unplaced(on: connection, condition, key.map { [$0.id.value] } ?? []) {
                    return unplaced
                }
                return try Self.farthestPlaced(on: connection, from: origin).flatMap { try Self.caches([$0], on: connection).first }
            }
            // Every cache before `key` is within its distance: one box holds them all.
            let inside = try Self.placed(on: connection, inside: Self.boxes(around: origin, radius: key.distance), outside: [])
            let before = inside.map { NearestKey(distance: origin.distance(to: $0.place), id: $0.id) }.filter { $0 < key }.max()
            return try before.flatMap { try Self.caches([$0.id], on: connection).first }
        }
    }

    public func forEachNearest(to origin: Coordinate, limit: Int?,
                               _ body: (StoredCache, NearestKey) throws -> Void) throws {
        var left = limit ?? .max
        guard left > 0 else { return }
        try snapshot { connection in
            try Self.walkPlaced(on: connection, from: origin, beyond: 0) { keys in
                var next = 0
                while next < keys.count, left > 0 {
                    let chunk = keys[next..<next + min(Self.fetchSize, left, keys.count - next)]
                    next = chunk.endIndex
                    let read = try Self.caches(chunk.map(\.id), on: connection)
                    let byID = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                    for key in chunk {
                        guard let stored = byID[key.id] else { continue }
                        try body(stored, key)
                        left -= 1
                    }
                }
                return left == 0
            }
            var last = CacheID(rawValue: 0)
            while left > 0 {
                let rows = try connection.query(
                    "SELECT \(Self.cacheColumns) FROM geocache g WHERE latitude IS NULL AND NOT \(Self.correctedByMember) AND id > $1 ORDER BY id LIMIT $2",
                    [last.value, .int(min(left, Self.fetchSize))]).rows
                for row in rows {
                    let stored = Self.storedCache(from: row)
                    try body(stored, NearestKey(distance: .infinity, id: stored.id))
                    left -= 1
                    last = stored.id
                }
                if rows.count < Self.fetchSize { break }
            }
        }
    }

    // MARK: - Rings

    /// Reads the rings around `origin` from the first one that reaches past `beyond`
    /// metres, and calls `visit` after each with the caches that ring settles, in
    /// nearest-first order: every cache within its radius not given before (those nearer
    /// than `beyond` may be among them). Stops when `visit` returns true or when the
    /// whole Earth has been read.
    private static func walkPlaced(on connection: PostgresConnection, from origin: Coordinate, beyond: Double,
                                   _ visit: ([NearestKey]) throws -> Bool) throws {
        var radius = beyond > 0 ? beyond * 1.05 + firstRadius : firstRadius
        var inner: [PlaceBox] = []
        var pending: [NearestKey] = []
        while true {
            let outer = boxes(around: origin, radius: radius)
            for candidate in try placed(on: connection, inside: outer, outside: inner) {
                pending.append(NearestKey(distance: origin.distance(to: candidate.place), id: candidate.id))
            }
            let isWholeEarth = outer == nil
            var settled = pending.filter { isWholeEarth || $0.distance <= radius }
            if !settled.isEmpty {
                if !isWholeEarth { pending.removeAll { $0.distance <= radius } }
                settled.sort()
                if try visit(settled) { return }
            }
            if isWholeEarth { return }
            inner = outer!
            radius *= 2
        }
    }

    /// The placed cache farthest from `origin` (the last of them in nearest-first
    /// order), found from rings around the antipode: every great circle through the
    /// origin passes through it, so a cache beyond a ring of radius `s` around it is
    /// nearer to the origin than half the circumference less `s`.
    private static func farthestPlaced(on connection: PostgresConnection, from origin: Coordinate) throws -> CacheID? {
        let longitude = origin.longitudeMicrodegrees > 0
            ? origin.longitudeMicrodegrees - Coordinate.maximumLongitudeMicrodegrees
            : origin.longitudeMicrodegrees + Coordinate.maximumLongitudeMicrodegrees
        guard let antipode = Coordinate(latitudeMicrodegrees: -origin.latitudeMicrodegrees,
                                        longitudeMicrodegrees: longitude) else { return nil }
        var radius = firstRadius
        var inner: [PlaceBox] = []
        var farthest: NearestKey?
        while true {
            let outer = boxes(around: antipode, radius: radius)
            for candidate in try placed(on: connection, inside: outer, outside: inner) {
                let key = NearestKey(distance: origin.distance(to: candidate.place), id: candidate.id)
                if farthest.map({ key > $0 }) ?? true { farthest = key }
            }
            // A metre of margin for the rounding of distances near the antipode.
            if outer == nil || (farthest.map { $0.distance > greatestDistance - radius + 1 } ?? false) {
                return farthest?.id
            }
            inner = outer!
            radius *= 2
        }
    }

    // MARK: - Boxes

    /// A box of latitudes and longitudes in microdegrees, edges included.
    struct PlaceBox: Equatable {
        let south: Int32, north: Int32, west: Int32, east: Int32

        /// The box in PostgreSQL's `box` text form, corners as (longitude, latitude).
        var literal: String { "((\(west),\(south)),(\(east),\(north)))" }
    }

    /// Boxes that together hold every place within `radius` metres of `origin` (as
    /// ``Coordinate/distance(to:)`` measures it, with a margin for rounding): one box,
    /// or two when the circle crosses the antimeridian; nil when the circle covers the
    /// whole Earth. A circle around a pole takes every longitude.
    static func boxes(around origin: Coordinate, radius: Double) -> [PlaceBox]? {
        let angle = radius / Coordinate.earthRadius * (1 + 1e-9) + 1e-7
        guard angle < .pi else { return nil }
        let latitude = origin.latitude * .pi / 180, longitude = origin.longitude * .pi / 180
        let south = max(latitude - angle, -.pi / 2), north = min(latitude + angle, .pi / 2)
        var ranges: [(west: Double, east: Double)] = [(-.pi, .pi)]
        if south > -.pi / 2, north < .pi / 2 {
            let ratio = sin(angle) / cos(latitude)
            if ratio < 1 {
                let spread = asin(ratio)
                let (west, east) = (longitude - spread, longitude + spread)
                if west < -.pi {
                    ranges = [(west + 2 * .pi, .pi), (-.pi, east)]
                } else if east > .pi {
                    ranges = [(west, .pi), (-.pi, east - 2 * .pi)]
                } else {
                    ranges = [(west, east)]
                }
            }
        } else if south == -.pi / 2, north == .pi / 2 {
            return nil
        }
        func microdegrees(_ radians: Double, rounding: FloatingPointRoundingRule, limit: Int32) -> Int32 {
            let value = (radians * 180 / .pi * 1_000_000).rounded(rounding)
            return Int32(min(max(value, -Double(limit)), Double(limit)))
        }
        let latitudeLimit = Coordinate.maximumLatitudeMicrodegrees, longitudeLimit = Coordinate.maximumLongitudeMicrodegrees
        return ranges.map { range in
            PlaceBox(south: microdegrees(south, rounding: .down, limit: latitudeLimit),
                     north: microdegrees(north, rounding: .up, limit: latitudeLimit),
                     west: microdegrees(range.west, rounding: .down, limit: longitudeLimit),
                     east: microdegrees(range.east, rounding: .up, limit: longitudeLimit))
        }
    }

    // MARK: - Statements

    /// The identity and place of every placed cache inside one of `inside` (every
    /// placed cache when nil) and inside none of `outside`: one statement, which the
    /// place indexes answer. A cache this member corrected is at its corrected place.
    private static func placed(on connection: PostgresConnection, inside: [PlaceBox]?,
                               outside: [PlaceBox]) throws -> [(id: CacheID, place: Coordinate)] {
        let parameters = (inside ?? []).map { PostgresValue.text($0.literal) } + outside.map { .text($0.literal) }
        func condition(_ point: String, placed: String) -> String {
            func within(_ boxes: [PlaceBox], from first: Int) -> String {
                boxes.indices.map { "\(point) <@ $\(first + $0 + 1)::box" }.joined(separator: " OR ")
            }
            var condition = inside.map { "(\(within($0, from: 0)))" } ?? placed
            if !outside.isEmpty { condition += " AND NOT (\(within(outside, from: inside?.count ?? 0)))" }
            return condition
        }
        let rows = try connection.query("""
            SELECT id, latitude, longitude FROM geocache g
            WHERE \(condition(placePoint, placed: "latitude IS NOT NULL")) AND NOT \(correctedByMember)
            UNION ALL
            SELECT g.id, o.corrected_latitude, o.corrected_longitude FROM geocache_own o JOIN geocache g ON g.code = o.code
            WHERE o.member = current_user AND o.corrected_latitude IS NOT NULL
                AND \(condition("point(o.corrected_longitude, o.corrected_latitude)", placed: "true"))
            """, parameters).rows
        return rows.compactMap { row in
            guard let id = row.int(0), let latitude = row.int(1).flatMap(Int32.init(exactly:)),
                  let longitude = row.int(2).flatMap(Int32.init(exactly:)),
                  let place = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude) else { return nil }
            return (CacheID(rawValue: Int64(id)), place)
        }
    }

    /// The caches with `ids`, in any order.
    private static func caches(_ ids: [CacheID], on connection: PostgresConnection) throws -> [StoredCache] {
        let list = "{" + ids.map(\.description).joined(separator: ",") + "}"
        return try connection.query("SELECT \(cacheColumns) FROM geocache WHERE id = ANY($1::bigint[])", [.text(list)])
            .rows.map(storedCache(from:))
    }

    /// The first cache without a place that `condition` (with `parameters`, and its
    /// order) picks.
    private static func unplaced(on connection: PostgresConnection, _ condition: String,
                                 _ parameters: [PostgresValue]) throws -> StoredCache? {
        try connection.query("SELECT \(cacheColumns) FROM geocache g WHERE latitude IS NULL AND NOT \(correctedByMember) AND \(condition) LIMIT 1",
                             parameters).rows.first.map(storedCache(from:))
    }

    /// Runs `body` inside one read-only, repeatable-read transaction: every statement of
    /// one nearest-first call sees the same caches.
    private func snapshot<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run { connection in
            try connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
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

extension PostgresStore {
    /// Calls `body` with the caches after `key` in nearest-first order from `origin`
    /// (before it, farthest first, when not `forward`) until it returns false.
    public func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                            _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        var key = key
        while let stored = try forward ? nearestCache(to: origin, after: key) : nearestCache(to: origin, before: key) {
            let own = try ownData()
            let next = NearestKey(of: stored, own: own, from: origin)
            guard try body(stored, next) else { return }
            key = next
        }
    }
}
