import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An import writes its new caches many to a statement (the SQLite store 16 rows at a
/// time): what it stores, and what it finds among the caches it stored before, is what
/// one statement a cache stored and found.
@Suite struct ImportBatchTests {
    /// More caches than two of SQLite's statements hold, and a few over.
    private static let count = ImportInsertBatch.rowsPerStatement * 2 + 5

    private static func cache(_ index: Int, code: String? = nil) -> GeoCache {
        let place = index % 3 == 0 ? nil
            : Coordinate(latitudeMicrodegrees: 47_000_000 + Int32(index), longitudeMicrodegrees: 8_000_000 - Int32(index))
        return GeoCache(title: "Cache \(index) ü", details: "Line one\nline\ttwo \(index)", creator: "Zoë",
                        reward: index % 2 == 0 ? "Coin" : "Bug \(index)", code: code ?? "GC\(index + 100)",
                        coordinate: place)
    }

    private func json(_ caches: [GeoCache]) -> ImportSource {
        .bytes(Array(JSONInterchange.document(for: caches).utf8), name: "caches.json")
    }

    private func stored(_ store: any CacheStore) throws -> [GeoCache] {
        var caches: [GeoCache] = []
        try store.forEachCache { caches.append($0.cache) }
        return caches
    }

    @Test("an import of more caches than a statement holds stores each one whole, in the file's order",
          arguments: StoreKind.allCases)
    func everyCacheIsStoredInOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let caches = (0..<Self.count).map { Self.cache($0) }
        let report = try store.importCaches(from: json(caches))
        #expect(report.added == Self.count)
        let kept = try stored(store)
        #expect(kept.map(\.title) == caches.map(\.title))
        #expect(kept.map(\.details) == caches.map(\.details))
        #expect(kept.map(\.reward) == caches.map(\.reward))
        #expect(kept.map(\.code) == caches.map(\.code))
        #expect(kept.map(\.coordinate) == caches.map(\.coordinate))
        #expect(try store.count() == Self.count)
    }

    @Test("a code named twice among the caches of one statement is stored once, as the later record has it",
          arguments: StoreKind.allCases)
    func aCodeNamedTwiceInOneStatementIsStoredOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        var caches = (0..<Self.count).map { Self.cache($0) }
        caches[9] = GeoCache(title: "Renamed", details: "New text", creator: "Zoë", reward: "Coin", code: "GC103")
        let report = try store.importCaches(from: json(caches))
        #expect(report.added == Self.count - 1)
        let kept = try stored(store)
        #expect(kept.count == Self.count - 1)
        #expect(kept.first { $0.code == "GC103" }?.title == "Renamed")
    }

    @Test("a cache without a code given twice among the caches of one statement is a duplicate the second time",
          arguments: StoreKind.allCases)
    func aCodelessCacheGivenTwiceInOneStatementIsADuplicate(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        var caches = (0..<Self.count).map { Self.cache($0) }
        let codeless = GeoCache(title: "No code", details: "Plain", creator: "Ann", reward: "Coin")
        caches[4] = codeless
        caches[11] = codeless
        let report = try store.importCaches(from: json(caches))
        #expect(report.added == Self.count - 1)
        #expect(report.duplicates == 1)
        #expect(try stored(store).filter { $0.title == "No code" }.count == 1)
    }
}
