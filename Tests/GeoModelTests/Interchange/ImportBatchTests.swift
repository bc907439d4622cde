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

    /// An import of the ``count`` sample caches into a new store: what it read, what it
    /// said and what the store then holds (the fixture keeps the store's files).
    private struct Imported {
        let fixture: StoreFixture
        let store: any CacheStore
        let caches: [GeoCache]
        let report: ImportReport
        let kept: [GeoCache]
    }

    /// Imports the sample caches, as `change` leaves them, into a new store of `kind`.
    private func imported(_ kind: StoreKind, _ change: (inout [GeoCache]) -> Void = { _ in }) throws -> Imported {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        var caches = (0..<Self.count).map { Self.cache($0) }
        change(&caches)
        let report = try store.importCaches(from: json(caches))
        return Imported(fixture: fixture, store: store, caches: caches, report: report, kept: try stored(store))
    }

    @Test("an import of more caches than a statement holds stores each one whole, in the file's order",
          arguments: StoreKind.allCases)
    func everyCacheIsStoredInOrder(_ kind: StoreKind) throws {
        let result = try imported(kind)
        let (report, kept, caches) = (result.report, result.kept, result.caches)
        #expect(report.added == Self.count)
        #expect(kept.map(\.title) == caches.map(\.title))
        #expect(kept.map(\.details) == caches.map(\.details))
        #expect(kept.map(\.reward) == caches.map(\.reward))
        #expect(kept.map(\.code) == caches.map(\.code))
        #expect(kept.map(\.coordinate) == caches.map(\.coordinate))
        #expect(try result.store.count() == Self.count)
    }

    @Test("a code named twice among the caches of one statement is stored once, as the later record has it",
          arguments: StoreKind.allCases)
    func aCodeNamedTwiceInOneStatementIsStoredOnce(_ kind: StoreKind) throws {
        let result = try imported(kind) {
            $0[9] = GeoCache(title: "Renamed", details: "New text", creator: "Zoë", reward: "Coin", code: "GC103")
        }
        #expect(result.report.added == Self.count - 1)
        #expect(result.kept.count == Self.count - 1)
        #expect(result.kept.first { $0.code == "GC103" }?.title == "Renamed")
    }

    @Test("a cache without a code given twice among the caches of one statement is a duplicate the second time",
          arguments: StoreKind.allCases)
    func aCodelessCacheGivenTwiceInOneStatementIsADuplicate(_ kind: StoreKind) throws {
        let codeless = GeoCache(title: "No code", details: "Plain", creator: "Ann", reward: "Coin")
        let result = try imported(kind) {
            $0[4] = codeless
            $0[11] = codeless
        }
        #expect(result.report.added == Self.count - 1)
        #expect(result.report.duplicates == 1)
        #expect(result.kept.filter { $0.title == "No code" }.count == 1)
    }
}
