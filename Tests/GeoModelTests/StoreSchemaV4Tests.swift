import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// Schema v4 of the SQLite store: a code, a place and a listing per cache, an R*Tree
/// of the places kept by triggers, and a store of schema v3 migrated without losing
/// anything.
@Suite("SQLite store schema v4")
struct StoreSchemaV4Tests {
    /// Caches whose text is easy to get wrong, as the v3 tests use.
    private let awkward = [
        GeoCache(title: "Zürich lake", details: "Über die Brücke", creator: "chloé", reward: "Coin"),
        GeoCache(title: "Nul\u{0}in", details: "tab\there", creator: "e\u{301}", reward: "ΟΔΟΣ"),
        GeoCache(title: "Plain", details: "plain", creator: "ben", reward: "Logbook"),
    ]

    /// A store file as geocache-tui left it at schema v3, written with that schema's
    /// SQL: the rows with their digests and search patches, and one row a script
    /// stored without them.
    private func makeVersion3Store(_ url: URL, holding caches: [GeoCache]) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: """
                PRAGMA application_id = \(StoreFile.applicationID);
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1'), ('v2'), ('v3');
                CREATE TABLE cache (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
                    details TEXT NOT NULL, creator TEXT NOT NULL, reward TEXT NOT NULL,
                    content_hash INTEGER, fold_patch BLOB);
                CREATE TABLE cache_count (singleton INTEGER PRIMARY KEY CHECK (singleton = 1), value INTEGER NOT NULL);
                INSERT INTO cache_count VALUES (1, 0);
                CREATE TRIGGER cache_counted_on_insert AFTER INSERT ON cache BEGIN
                    UPDATE cache_count SET value = value + 1 WHERE singleton = 1; END;
                CREATE TRIGGER cache_counted_on_delete AFTER DELETE ON cache BEGIN
                    UPDATE cache_count SET value = value - 1 WHERE singleton = 1; END;
                CREATE TABLE draft (field TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE INDEX cache_by_content_hash ON cache (content_hash);
                CREATE INDEX cache_pending ON cache (id) WHERE content_hash IS NULL;
                INSERT INTO draft VALUES ('title', 'Half typed');
                """)
            for cache in caches {
                try db.execute(
                    sql: "INSERT INTO cache (title, details, creator, reward, content_hash, fold_patch) VALUES (\(SQLiteStore.cacheValuePlaceholders), ?, ?)",
                    arguments: SQLiteStore.cacheArguments(cache) + SQLiteStore.derivedArguments(cache))
            }
            try db.execute(sql: "INSERT INTO cache (title, details, creator, reward) VALUES ('Script', 'd', 'c', 'r')")
            try db.execute(sql: "DELETE FROM cache WHERE id = 2")
        }
        try queue.close()
    }

    private func read<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    @Test("a store of schema v3 keeps every cache, its identity, the count and the draft, and every cache gains a code")
    func version3StoreIsMigrated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let caches = awkward + (0..<50).map { Samples.numbered($0) }
        try makeVersion3Store(directory.file(), holding: caches)
        let store = try SQLiteStore(url: directory.file())
        var stored: [StoredCache] = []
        try store.forEachCache { stored.append($0) }
        var expected = caches.enumerated().map { StoredCache(id: CacheID(rawValue: Int64($0.offset + 1)), cache: $0.element) }
        expected.append(StoredCache(id: CacheID(rawValue: Int64(caches.count + 1)),
                                    cache: GeoCache(title: "Script", details: "d", creator: "c", reward: "r")))
        expected.remove(at: 1)
        #expect(stored.map(\.id) == expected.map(\.id))
        for (found, wanted) in zip(stored, expected) {
            var withoutCode = found.cache
            withoutCode.code = nil
            #expect(withoutCode == wanted.cache)
        }
        let codes = stored.compactMap(\.cache.code)
        #expect(codes.count == stored.count)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.hasPrefix(CacheCode.prefix) && $0.count == CacheCode.prefix.count + CacheCode.generatedLength })
        #expect(try store.count() == expected.count)
        #expect(try store.keptDrafts() == [FormDraft(fields: [.title: "Half typed"])])
        #expect(try store.find("zurich").map(\.id.rawValue) == [1])
        #expect(try store.contains(GeoCache(title: "Script", details: "d", creator: "c", reward: "r")))
    }

    @Test("a migrated store has the columns of a code, a place and a listing, and the place index")
    func version4Columns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try makeVersion3Store(directory.file(), holding: awkward)
        _ = try SQLiteStore(url: directory.file())
        let columns = try read(directory.file()) { db in try db.columns(in: "cache").map(\.name) }
        #expect(columns == ["id", "title", "details", "creator", "reward", "content_hash", "fold_patch",
                            "code", "latitude", "longitude", "listing"])
        let objects = try read(directory.file()) { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name IN ('cache_by_code', 'cache_place', 'cache_unplaced')")
        }
        #expect(Set(objects) == ["cache_by_code", "cache_place", "cache_unplaced"])
    }

    @Test("the codes a store gives stay the same when it is opened again")
    func codesAreStable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try makeVersion3Store(directory.file(), holding: awkward)
        let first = try SQLiteStore(url: directory.file()).loadCaches().map(\.code)
        let second = try SQLiteStore(url: directory.file()).loadCaches().map(\.code)
        #expect(first == second)
    }

    @Test("rows other SQL inserts without a code or digest, as the benchmark's generator does, get both before the next use")
    func rowsOfOtherSQLGetCodes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        let queue = try DatabaseQueue(path: directory.file().path)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO cache (title, details, creator, reward, latitude, longitude)
                VALUES ('Placed', 'd', 'c', 'r', 47000000, 8000000), ('Unplaced', 'd', 'c', 'r', NULL, NULL)
                """)
        }
        try queue.close()
        #expect(try store.loadCaches().allSatisfy { $0.code != nil })
        let pending = try read(directory.file()) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM cache WHERE code IS NULL OR content_hash IS NULL")
        }
        #expect(pending == 0)
        let near = try #require(Coordinate(latitude: 47, longitude: 8))
        #expect(try store.nearestCache(to: near, after: nil)?.cache.title == "Placed")
        #expect(try store.cache(withCode: store.first()!.cache.code!)?.cache.title == "Placed")
    }

    /// The ids the R*Tree holds, in order.
    private func placeIndex(_ url: URL) throws -> [Int64] {
        try read(url) { db in try Int64.fetchAll(db, sql: "SELECT id FROM cache_place ORDER BY id") }
    }

    @Test("the place index holds exactly the placed caches through adds, edits, deletes and saves")
    func placeIndexFollowsTheTable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        let here = Coordinate(latitude: 47.5, longitude: 8.25)
        let placed = try store.add(GeoCache(title: "A", details: "d", creator: "c", reward: "r", coordinate: here))
        let unplaced = try store.add(Samples.oak)
        #expect(try placeIndex(directory.file()) == [placed.id.rawValue])
        var moved = unplaced.cache
        moved.coordinate = Coordinate(latitude: -33.9, longitude: 151.2)
        let movedStored = try store.update(unplaced, to: moved)
        var cleared = placed.cache
        cleared.coordinate = nil
        try store.update(placed, to: cleared)
        #expect(try placeIndex(directory.file()) == [unplaced.id.rawValue])
        try store.delete(movedStored)
        #expect(try placeIndex(directory.file()) == [])
        try store.saveCaches([GeoCache(title: "B", details: "d", creator: "c", reward: "r", coordinate: here), Samples.mill])
        #expect(try placeIndex(directory.file()) == [try store.first()!.id.rawValue])
        #expect(try store.integrityCheck() == "ok")
    }

    /// `count` caches at random places within `spread` degrees of `center` (wrapped
    /// across the antimeridian, folded back at the poles), a few at the same place, and
    /// every seventh without one.
    private func scatter(_ count: Int, around center: (latitude: Double, longitude: Double), spread: Double,
                         seed: UInt64) -> [GeoCache] {
        var generator = SeededGenerator(state: seed)
        var caches: [GeoCache] = []
        for number in 0..<count {
            var cache = Samples.numbered(number)
            if number % 7 != 3 {
                var latitude = center.latitude + Double.random(in: -spread...spread, using: &generator)
                if latitude > 90 { latitude = 180 - latitude }
                if latitude < -90 { latitude = -180 - latitude }
                var longitude = center.longitude + Double.random(in: -spread...spread, using: &generator) * 2
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                cache.coordinate = Coordinate(latitude: latitude, longitude: longitude)
            }
            if number % 11 == 5, let earlier = caches.last?.coordinate { cache.coordinate = earlier }
            caches.append(cache)
        }
        return caches
    }

    /// Places where nearest-first order is easy to get wrong: an ordinary one, one
    /// beside the antimeridian, one near the north pole, one on the south pole.
    static let regions: [(name: String, latitude: Double, longitude: Double, spread: Double)] = [
        ("Zurich", 47.37, 8.54, 2),
        ("the antimeridian", -16.5, 179.95, 3),
        ("the north pole", 89.2, -40, 2),
        ("the south pole", -90, 0, 4),
        ("the whole Earth", 0, 0, 90),
    ]

    @Test("nearest-first reading gives the order a scan of every cache gives, stepping forward, backward and in one pass",
          arguments: 0..<regions.count)
    func nearestAgreesWithScanning(_ region: Int) throws {
        let (_, latitude, longitude, spread) = Self.regions[region]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        try store.saveCaches(scatter(300, around: (latitude, longitude), spread: spread, seed: UInt64(region + 1)))
        var generator = SeededGenerator(state: 99 + UInt64(region))
        let origins = [Coordinate(latitude: latitude, longitude: longitude)!,
                       Coordinate(latitude: Double.random(in: -90...90, using: &generator),
                                  longitude: Double.random(in: -180...180, using: &generator))!,
                       Coordinate(latitude: -latitude, longitude: longitude > 0 ? longitude - 180 : longitude + 180)!]
        for origin in origins {
            let expected = try store.nearestOrderByScanning(from: origin).map(\.id)
            var all: [CacheID] = []
            try store.forEachNearest(to: origin, limit: nil) { stored, key in
                all.append(stored.id)
                #expect(key == NearestKey(of: stored, from: origin))
            }
            #expect(all == expected, "forEachNearest from \(origin.decimalText)")
            var limited: [CacheID] = []
            try store.forEachNearest(to: origin, limit: 20) { stored, _ in limited.append(stored.id) }
            #expect(limited == Array(expected.prefix(20)))

            var forward: [CacheID] = []
            var key: NearestKey?
            while let next = try store.nearestCache(to: origin, after: key) {
                forward.append(next.id)
                key = NearestKey(of: next, from: origin)
            }
            #expect(forward == expected, "after, from \(origin.decimalText)")

            var backward: [CacheID] = []
            key = nil
            while let previous = try store.nearestCache(to: origin, before: key) {
                backward.append(previous.id)
                key = NearestKey(of: previous, from: origin)
            }
            #expect(backward == expected.reversed(), "before, from \(origin.decimalText)")
        }
    }

    @Test("places on the antimeridian, at the poles and at the range's edges come in the order a scan gives")
    func edgesOfTheRangeAgreeWithScanning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        let places: [(Double, Double)] = [(0, 180), (0, -180), (90, 0), (90, 123), (-90, 45), (0, 179.999999),
                                          (0, -179.999999), (89.999999, -180), (-89.999999, 180), (0.000001, 0)]
        try store.saveCaches(places.enumerated().map { number, place in
            var cache = Samples.numbered(number)
            cache.coordinate = Coordinate(latitude: place.0, longitude: place.1)
            return cache
        })
        for origin in places.map({ Coordinate(latitude: $0.0, longitude: $0.1)! }) + [Coordinate(latitude: 0, longitude: 0)!] {
            let expected = try store.nearestOrderByScanning(from: origin).map(\.id)
            var all: [CacheID] = []
            try store.forEachNearest(to: origin, limit: nil) { stored, _ in all.append(stored.id) }
            #expect(all == expected, "from \(origin.decimalText)")
            var forward: [CacheID] = []
            var key: NearestKey?
            while let next = try store.nearestCache(to: origin, after: key) {
                forward.append(next.id)
                key = NearestKey(of: next, from: origin)
            }
            #expect(forward == expected, "after, from \(origin.decimalText)")
            #expect(try store.nearestCache(to: origin, before: nil)?.id == expected.last)
        }
    }

    @Test("the distance bounds of a box hold every place inside it, across the antimeridian and over a pole")
    func boundsHoldTheirBox() throws {
        var generator = SeededGenerator(state: 7)
        func microdegrees(_ limit: Int32) -> Int32 { Int32.random(in: -limit...limit, using: &generator) }
        for _ in 0..<2000 {
            let origin = Coordinate(latitudeMicrodegrees: microdegrees(90_000_000), longitudeMicrodegrees: microdegrees(180_000_000))!
            let latitudes = [microdegrees(90_000_000), microdegrees(90_000_000)].sorted()
            let longitudes = [microdegrees(180_000_000), microdegrees(180_000_000)].sorted()
            let place = Coordinate(latitudeMicrodegrees: Int32.random(in: latitudes[0]...latitudes[1], using: &generator),
                                   longitudeMicrodegrees: Int32.random(in: longitudes[0]...longitudes[1], using: &generator))!
            let bounds = DistanceBounds(origin: origin)
            let box = (south: Double(latitudes[0]), north: Double(latitudes[1]), west: Double(longitudes[0]), east: Double(longitudes[1]))
            let distance = origin.distance(to: place)
            #expect(bounds.least(south: box.south, north: box.north, west: box.west, east: box.east) <= distance,
                    "\(place.decimalText) from \(origin.decimalText)")
            #expect(bounds.greatest(south: box.south, north: box.north, west: box.west, east: box.east) >= distance,
                    "\(place.decimalText) from \(origin.decimalText)")
        }
    }
}
