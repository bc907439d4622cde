import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An import's caches come in nearest-first order as added ones do: the SQLite store
/// places them in one statement at the end of the import instead of by its insert
/// trigger, which it makes again for the writes after.
@Suite struct ImportPlacingTests {
    private static let home = Coordinate(latitudeMicrodegrees: 47_376_900, longitudeMicrodegrees: 8_541_700)!
    private static func place(_ metresNorth: Int32) -> Coordinate {
        Coordinate(latitudeMicrodegrees: 47_376_900 + metresNorth * 9, longitudeMicrodegrees: 8_541_700)!
    }

    private func cache(_ title: String, _ code: String?, _ place: Coordinate?) -> GeoCache {
        GeoCache(title: title, details: "d", creator: "c", reward: "r", code: code, coordinate: place)
    }

    private func json(_ caches: [GeoCache]) -> ImportSource {
        .bytes(Array(JSONInterchange.document(for: caches).utf8), name: "caches.json")
    }

    private func nearestTitles(_ store: any CacheStore) throws -> [String] {
        var titles: [String] = []
        try store.forEachNearest(to: Self.home, limit: nil) { stored, _ in titles.append(stored.cache.title) }
        return titles
    }

    @Test("imported caches come nearest first, unplaced ones last", arguments: StoreKind.allCases)
    func importedCachesComeNearestFirst(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.importCaches(from: json([cache("Far", "GC1FAR", Self.place(900)), cache("None", "GC1NON", nil),
                                               cache("Near", "GC1NEA", Self.place(100))]))
        #expect(try nearestTitles(store) == ["Near", "Far", "None"])
    }

    @Test("a cache one import names twice is placed once, where the later record puts it",
          arguments: StoreKind.allCases)
    func aCacheNamedTwiceIsPlacedOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.importCaches(from: json([cache("Moved", "GC1MOV", Self.place(900)), cache("Other", "GC1OTH", Self.place(500)),
                                               cache("Moved", "GC1MOV", Self.place(100))]))
        #expect(try nearestTitles(store) == ["Moved", "Other"])
    }

    @Test("an imported cache with a final of the person's comes at the final", arguments: StoreKind.allCases)
    func anImportedCacheComesAtItsFinal(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.setOwnData(OwnData(corrected: Self.place(50)), forCode: "GC1FIN", as: WriteID())
        _ = try store.importCaches(from: json([cache("Listed near", "GC1NEA", Self.place(100)),
                                               cache("Final nearer", "GC1FIN", Self.place(900))]))
        #expect(try nearestTitles(store) == ["Final nearer", "Listed near"])
    }

    @Test("a cache added after an import is placed", arguments: StoreKind.allCases)
    func aCacheAddedAfterAnImportIsPlaced(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.importCaches(from: json([cache("Imported", "GC1IMP", Self.place(500))]))
        // A later session, as `geocache-tui add` after `geocache-tui import`.
        let later = try fixture.open()
        _ = try later.append(cache("Added", nil, Self.place(100)))
        #expect(try nearestTitles(later) == ["Added", "Imported"])
    }
}
