import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Nearest first in a store whose caches all lie within 50 km of each other (issue 39):
/// the best-first searches give the order of a scan both ways from any key, Previous
/// right after switching on shows the farthest, a filter's steps go on from the shown
/// cache through the kept ones, and a corrected place counts where the cache is.
@Suite("Nearest first in a clustered store, in both stores")
struct ClusteredNearestTests {
    static let origin = Coordinate(latitude: 47.37, longitude: 8.54)!

    /// `count` caches in a region 33 by 38 km around ``origin``: every tenth without a
    /// place, every seventh at the place of the one before (ties ordered by identity),
    /// difficulties 1 to 5 in turn.
    static func caches(_ count: Int) -> [GeoCache] {
        var generator = SeededGenerator(state: 39)
        var previous: Coordinate?
        return (1...count).map { number in
            var cache = Samples.numbered(number)
            cache.listing = Listing(type: "Traditional Cache", difficulty: Rating(halves: 2 + number % 9))
            if number % 10 == 0 {
                cache.coordinate = nil
            } else if number % 7 == 0, let previous {
                cache.coordinate = previous
            } else {
                cache.coordinate = Coordinate(latitude: Double.random(in: 47.22...47.52, using: &generator),
                                              longitude: Double.random(in: 8.29...8.79, using: &generator))
            }
            previous = cache.coordinate ?? previous
            return cache
        }
    }

    /// A store of `kind` holding 400 of ``caches(_:)``, every third found.
    static func fixture(_ kind: StoreKind) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(caches(400))
        var codes: [String] = []
        try fixture.store.forEachCache { codes.append($0.cache.code ?? "") }
        for code in stride(from: 2, to: codes.count, by: 3).map({ codes[$0] }) {
            try fixture.store.setOwnData(OwnData(found: "2026-11-28T10:00:00Z"), forCode: code, as: WriteID())
        }
        return fixture
    }

    @Test("Stepping on and back from every cache gives the order of a scan", arguments: StoreKind.allCases)
    func everyStepGivesTheScanningOrder(_ kind: StoreKind) throws {
        let fixture = try Self.fixture(kind)
        let store = fixture.store
        let order = try store.nearestOrderByScanning(from: Self.origin)
        let keys = order.map { NearestKey(of: $0, from: Self.origin) }
        for index in stride(from: 0, to: order.count, by: 9) {
            let after = try store.nearestCache(to: Self.origin, after: keys[index])
            let before = try store.nearestCache(to: Self.origin, before: keys[index])
            #expect(after?.id == (index + 1 < order.count ? order[index + 1].id : nil), "after \(index)")
            #expect(before?.id == (index > 0 ? order[index - 1].id : nil), "before \(index)")
        }
        var all: [CacheID] = []
        try store.forEachNearest(to: Self.origin, limit: nil) { stored, _ in all.append(stored.id) }
        #expect(all == order.map(\.id))
    }

    @Test("Walking back from the farthest placed cache gives the scan's order reversed", arguments: StoreKind.allCases)
    func walkingBackGivesTheReverseOrder(_ kind: StoreKind) throws {
        let fixture = try Self.fixture(kind)
        let placed = try fixture.store.nearestOrderByScanning(from: Self.origin).filter { $0.cache.coordinate != nil }
        var walked: [CacheID] = []
        try fixture.store.walkNearest(to: Self.origin, from: NearestKey(of: placed.last!, from: Self.origin),
                                      forward: false) { stored, key in
            #expect(key == NearestKey(of: stored, from: Self.origin))
            walked.append(stored.id)
            return true
        }
        #expect(walked == placed.dropLast().reversed().map(\.id))
    }

    @Test("Previous right after switching on shows the farthest cache when every cache has a place",
          arguments: StoreKind.allCases)
    func previousRightAfterSwitchingOnShowsTheFarthest(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches(200).filter { $0.coordinate != nil })
        list.browseNearestFirst(from: Self.origin)
        list.showPrevious()
        let farthest = try fixture.store.nearestOrderByScanning(from: Self.origin).last
        #expect(list.current?.id == farthest?.id)
        #expect(list.positionSummary == "Nearest 180 of 180")
    }

    @Test("With a filter, Next and Previous nearest first go through the kept caches in the scan's order",
          arguments: StoreKind.allCases)
    func aFilterKeepsTheScanningOrder(_ kind: StoreKind) throws {
        let fixture = try Self.fixture(kind)
        let list = try CacheList(store: fixture.open())
        try list.setFilter(CacheFilter(parsing: "not found, D1-3"))
        let kept = try fixture.store.nearestOrderByScanning(from: Self.origin).filter(list.keeps).map(\.id)
        list.browseNearestFirst(from: Self.origin)
        var forward = [list.current?.id]
        for _ in 1..<kept.count {
            list.showNext()
            forward.append(list.current?.id)
        }
        #expect(forward == kept)
        list.showNext()
        #expect(list.current?.id == kept.first)
        list.showPrevious()
        #expect(list.current?.id == kept.last)
        list.showPrevious()
        #expect(list.current?.id == kept.dropLast().last)
    }

    @Test("With a filter, nearest first goes on from a cache's corrected place", arguments: StoreKind.allCases)
    func aFilterGoesOnFromTheCorrectedPlace(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        func cache(_ title: String, _ code: String, north: Double, type: String = "Traditional Cache") -> GeoCache {
            var cache = GeoCache(title: title, details: "d", creator: "c", reward: "r", code: code,
                                 coordinate: Coordinate(latitude: Self.origin.latitude + north, longitude: Self.origin.longitude))
            cache.listing = Listing(type: type)
            return cache
        }
        try fixture.store.saveCaches([cache("Listed far", "GC1AAAA", north: 0.1), cache("Near", "GC2BBBB", north: 0.01),
                                      cache("Middle", "GC3CCCC", north: 0.05), cache("Multi", "GC4DDDD", north: 0.02, type: "Multi-cache")])
        // The first cache's final is right here: it is the nearest.
        try fixture.store.setOwnData(OwnData(corrected: Self.origin), forCode: "GC1AAAA", as: WriteID())
        let list = try CacheList(store: fixture.open())
        try list.setFilter(CacheFilter(parsing: "traditional cache"))
        list.browseNearestFirst(from: Self.origin)
        var titles = [list.current?.cache.title]
        for _ in 0..<3 {
            list.showNext()
            titles.append(list.current?.cache.title)
        }
        #expect(titles == ["Listed far", "Near", "Middle", "Listed far"])
    }
}
