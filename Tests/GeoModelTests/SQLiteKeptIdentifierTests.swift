import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An SQLite store written with the identifiers another store gave its caches, as the
/// club store's copy is (``SQLiteStore/replaceCaches(keepingIdentifiers:)``).
@Suite struct SQLiteKeptIdentifierTests {
    /// `cache` under the identifier `id`, with the code `code`.
    static func stored(_ id: Int64, _ cache: GeoCache, code: String) -> StoredCache {
        var coded = cache
        coded.code = code
        return StoredCache(id: CacheID(rawValue: id), cache: coded)
    }

    @Test func cachesKeepTheIdentifiersGivenAndAreReadInTheirOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(path: directory.file().path)
        let mill = Self.stored(9, Samples.mill, code: "GT9"), oak = Self.stored(2, Samples.oak, code: "GT2")
        try store.replaceCaches(keepingIdentifiers: [mill, oak])
        #expect(try store.count() == 2)
        #expect(try store.loadStoredCaches() == [oak, mill])
        #expect(try store.position(of: mill.id) == 2)
        #expect(try store.add(Samples.bridge).id == CacheID(rawValue: 10))
    }

    @Test func twoCachesUnderOneIdentifierAreRefusedAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(path: directory.file().path)
        try store.add(Samples.bridge)
        let twice = [Self.stored(3, Samples.oak, code: "GT3"), Self.stored(3, Samples.mill, code: "GT4")]
        let error = #expect(throws: StoreError.self) { try store.replaceCaches(keepingIdentifiers: twice) }
        #expect(error?.description.contains("two caches have the identifier 3") == true, "\(String(describing: error))")
        #expect(try store.loadCaches().map(\.title) == ["Bridge"])
    }

    @Test func aCacheWithAnEmptyFieldIsCopiedAsItIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(path: directory.file().path)
        var emptied = Samples.oak
        emptied.details = ""
        try store.replaceCaches(keepingIdentifiers: [Self.stored(4, emptied, code: "GT4"), Self.stored(5, Samples.mill, code: "GT5")])
        #expect(try store.loadCaches().map(\.details) == ["", Samples.mill.details])
    }
}
