import Foundation
import GRDB
@testable import GeoModel
import GeoTestSupport
import Testing

/// A large import into a smaller store drops the code and digest indexes while it
/// inserts and makes them again (``ImportRowWriter/deferIndexes(importing:stored:)``):
/// what it stores and finds is what it stores and finds with them.
@Suite struct ImportIndexDeferralTests {
    private static let count = ImportRowWriter.deferralMinimum + 100

    private static func cache(_ index: Int, code: String?) -> GeoCache {
        GeoCache(title: "Cache \(index)", details: "Details \(index)", creator: "Zoë", reward: "Coin", code: code)
    }

    private static func json(_ caches: [GeoCache]) -> ImportSource {
        .bytes(Array(JSONInterchange.document(for: caches).utf8), name: "caches.json")
    }

    /// The SQL of the store's indexes on the cache table, by name.
    private static func indexes(_ fixture: StoreFixture) throws -> [String: String] {
        let queue = try DatabaseQueue(path: fixture.fileURL.path)
        return try queue.read { db in
            var found: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'cache'") {
                found[row["name"]] = row["sql"]
            }
            return found
        }
    }

    @Test("a large import into an empty store leaves the store's indexes as they were")
    func theIndexesAreAsBefore() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let before = try Self.indexes(fixture)

        let report = try store.importCaches(from: Self.json((0..<Self.count).map { Self.cache($0, code: "GC\($0 + 100)") }))

        #expect(report.added == Self.count)
        #expect(before.keys.contains("cache_by_code"))
        #expect(before.keys.contains("cache_by_content_hash"))
        #expect(try Self.indexes(fixture) == before)
    }

    @Test("a code a large import reads twice is merged into the cache it stored first")
    func aCodeReadTwiceIsMerged() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        var caches = (0..<Self.count).map { Self.cache($0, code: "GC\($0 + 100)") }
        caches.append(GeoCache(title: "Cache 7 renamed", details: "Details 7", creator: "Zoë", reward: "Coin", code: "GC107"))
        caches.append(Self.cache(Self.count, code: "GC\(Self.count + 100)"))

        let report = try store.importCaches(from: Self.json(caches))

        #expect(report.added == Self.count + 1)
        #expect(try store.count() == Self.count + 1)
        #expect(try store.cache(withCode: "GC107")?.cache.title == "Cache 7 renamed")
        #expect(try Self.indexes(fixture).keys.contains("cache_by_code"))
    }

    @Test("a cache without a code that a large import reads twice is found as a duplicate")
    func aDuplicateWithoutACodeIsFound() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        var caches = (0..<Self.count).map { Self.cache($0, code: nil) }
        caches.append(Self.cache(42, code: nil))

        let report = try store.importCaches(from: Self.json(caches))

        #expect(report.added == Self.count)
        #expect(report.duplicates == 1)
        #expect(try store.count() == Self.count)
    }

    @Test("a large import over a smaller store updates the caches it names and keeps the others")
    func anImportOverASmallerStoreUpdatesWhatItNames() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.importCaches(from: Self.json((0..<10).map { Self.cache($0, code: "GC\($0 + 100)") }))
        var caches = (5..<Self.count).map { Self.cache($0, code: "GC\($0 + 100)") }
        caches[0].title = "Cache 5 renamed"

        let report = try store.importCaches(from: Self.json(caches))

        #expect(report.added == Self.count - 10)
        #expect(try store.count() == Self.count)
        #expect(try store.cache(withCode: "GC105")?.cache.title == "Cache 5 renamed")
        #expect(try store.cache(withCode: "GC100")?.cache.title == "Cache 0")
    }

    @Test("while a large import inserts, the code and digest indexes are dropped, and a rollback brings them back")
    func aRollbackBringsTheIndexesBack() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let before = try Self.indexes(fixture)
        let queue = try DatabaseQueue(path: fixture.fileURL.path)

        let during = try queue.inDatabase { db -> [String] in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            _ = try ImportRowWriter(db, importing: Self.count)
            return try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'cache'")
        }

        #expect(!during.contains("cache_by_code"))
        #expect(!during.contains("cache_by_content_hash"))
        #expect(try Self.indexes(fixture) == before)
    }
}
