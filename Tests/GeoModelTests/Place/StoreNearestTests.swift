import GeoModel
import GeoTestSupport
import Testing

/// Nearest first in both stores: the indexed methods give exactly the order of
/// ``NearestKey`` that reading every cache gives (``CacheStore/nearestOrderByScanning(from:)``),
/// on seeded random caches in a city, across the antimeridian, around a pole and over the
/// whole Earth.
@Suite("Nearest first, in both stores")
struct StoreNearestTests {
    /// Where the caches of a test lie and where it looks from.
    struct Scene: Sendable, CustomTestStringConvertible {
        let name: String
        let origin: Coordinate
        /// The latitude and longitude ranges the caches are drawn from, in degrees; a
        /// longitude range past 180 wraps to the west.
        let latitudes: ClosedRange<Double>
        let longitudes: ClosedRange<Double>

        var testDescription: String { name }

        static let all = [
            Scene(name: "a city", origin: Coordinate(latitude: 47.37, longitude: 8.54)!,
                  latitudes: 47.2...47.5, longitudes: 8.3...8.8),
            Scene(name: "the antimeridian", origin: Coordinate(latitude: -17.5, longitude: 179.9)!,
                  latitudes: -19...(-16), longitudes: 178.5...181.5),
            Scene(name: "near the north pole", origin: Coordinate(latitude: 89.7, longitude: -40)!,
                  latitudes: 88.5...90, longitudes: -180...180),
            Scene(name: "the whole Earth", origin: Coordinate(latitude: 12.5, longitude: -70.25)!,
                  latitudes: -90...90, longitudes: -180...180),
        ]

        /// `count` caches drawn with `generator`: every tenth without a place, and every
        /// seventh at the place of the one before, so that equal distances are ordered
        /// by identity.
        func caches(_ count: Int, using generator: inout SeededGenerator) -> [GeoCache] {
            var caches: [GeoCache] = []
            var previous: Coordinate?
            for number in 1...count {
                var cache = Samples.numbered(number)
                if number % 10 == 0 {
                    cache.coordinate = nil
                } else if number % 7 == 0, let previous {
                    cache.coordinate = previous
                } else {
                    var longitude = Double.random(in: longitudes, using: &generator)
                    if longitude > 180 { longitude -= 360 }
                    cache.coordinate = Coordinate(latitude: Double.random(in: latitudes, using: &generator),
                                                  longitude: longitude)
                }
                previous = cache.coordinate ?? previous
                caches.append(cache)
            }
            return caches
        }
    }

    /// A store of `kind` holding 80 caches of `scene`, drawn from a seed of its own.
    private func store(_ kind: StoreKind, _ scene: Scene) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        var generator = SeededGenerator(state: UInt64(truncatingIfNeeded: scene.name.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        try fixture.store.saveCaches(scene.caches(80, using: &generator))
        return fixture
    }

    @Test("Reading nearest first gives every cache in the order of its distance, ties by stored order",
          arguments: StoreKind.allCases, Scene.all)
    func readingGivesTheScanningOrder(_ kind: StoreKind, _ scene: Scene) throws {
        let fixture = try store(kind, scene)
        var read: [StoredCache] = []
        var keys: [NearestKey] = []
        try fixture.store.forEachNearest(to: scene.origin, limit: nil) { read.append($0); keys.append($1) }
        #expect(read == (try fixture.store.nearestOrderByScanning(from: scene.origin)))
        #expect(keys == read.map { NearestKey(of: $0, from: scene.origin) })
    }

    @Test("Reading nearest first with a limit gives that many of the nearest", arguments: StoreKind.allCases)
    func aLimitGivesTheNearest(_ kind: StoreKind) throws {
        let scene = Scene.all[0]
        let fixture = try store(kind, scene)
        var read: [StoredCache] = []
        try fixture.store.forEachNearest(to: scene.origin, limit: 5) { stored, _ in read.append(stored) }
        #expect(read == Array(try fixture.store.nearestOrderByScanning(from: scene.origin).prefix(5)))
    }

    @Test("Stepping to the next nearest from the nearest visits every cache once, in order",
          arguments: StoreKind.allCases, Scene.all)
    func steppingForwardGivesTheScanningOrder(_ kind: StoreKind, _ scene: Scene) throws {
        let fixture = try store(kind, scene)
        var visited: [StoredCache] = []
        var key: NearestKey?
        while let next = try fixture.store.nearestCache(to: scene.origin, after: key), visited.count <= 80 {
            visited.append(next)
            key = NearestKey(of: next, from: scene.origin)
        }
        #expect(visited == (try fixture.store.nearestOrderByScanning(from: scene.origin)))
    }

    @Test("Stepping back from the last in nearest-first order visits every cache once, in reverse",
          arguments: StoreKind.allCases, Scene.all)
    func steppingBackGivesTheReverseOrder(_ kind: StoreKind, _ scene: Scene) throws {
        let fixture = try store(kind, scene)
        var visited: [StoredCache] = []
        var key: NearestKey?
        while let previous = try fixture.store.nearestCache(to: scene.origin, before: key), visited.count <= 80 {
            visited.append(previous)
            key = NearestKey(of: previous, from: scene.origin)
        }
        #expect(visited == (try fixture.store.nearestOrderByScanning(from: scene.origin)).reversed())
    }

    @Test("The farthest placed cache comes last when every cache has a place", arguments: StoreKind.allCases)
    func theFarthestIsLastWithoutUnplacedCaches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let origin = Coordinate(latitude: 40, longitude: 20)!
        var near = Samples.oak, far = Samples.bridge, middle = Samples.mill
        near.coordinate = Coordinate(latitude: 40.01, longitude: 20)
        far.coordinate = Coordinate(latitude: -39.5, longitude: -160.2)
        middle.coordinate = Coordinate(latitude: 0, longitude: 0)
        try fixture.store.saveCaches([near, far, middle])
        #expect(try fixture.store.nearestCache(to: origin, before: nil)?.cache.title == "Bridge")
    }

    @Test("Caches without a place come after every placed cache, in stored order", arguments: StoreKind.allCases)
    func unplacedCachesComeLastInStoredOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var placed = Samples.mill
        placed.coordinate = Coordinate(latitude: -33.9, longitude: 151.2)
        try fixture.store.saveCaches([Samples.oak, placed, Samples.bridge])
        var titles: [String] = []
        try fixture.store.forEachNearest(to: Coordinate(latitude: 47, longitude: 8)!, limit: nil) { stored, key in
            titles.append(stored.cache.title + (key.isUnplaced ? " (no place)" : ""))
        }
        #expect(titles == ["Mill", "Old Oak (no place)", "Bridge (no place)"])
    }

    @Test("An empty store has no nearest cache either way", arguments: StoreKind.allCases)
    func anEmptyStoreHasNoNearestCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let origin = Coordinate(latitude: 0, longitude: 0)!
        #expect(try fixture.store.nearestCache(to: origin, after: nil) == nil)
        #expect(try fixture.store.nearestCache(to: origin, before: nil) == nil)
    }
}
