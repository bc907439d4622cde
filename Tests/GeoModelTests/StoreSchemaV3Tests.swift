import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// Schema v3 of the SQLite store: a digest finds duplicates and a patch rebuilds the
/// search text, and a store of the earlier schema keeps every cache and every answer.
@Suite("SQLite store schema v3")
struct StoreSchemaV3Tests {
    /// Caches whose folding, search and duplicate answers are easy to get wrong.
    private let awkward = [
        GeoCache(title: "Zürich lake", details: "Über die Brücke", creator: "chloé", reward: "Coin"),
        GeoCache(title: "ZURICH", details: "47° 22’ N — 東京", creator: "ana", reward: "Straße"),
        GeoCache(title: "Nul\u{0}in", details: "tab\there", creator: "e\u{301}", reward: "ΟΔΟΣ"),
        GeoCache(title: "Plain", details: "plain", creator: "ben", reward: "Logbook"),
    ]

    /// A store file as geocache-tui left it at schema v2: the fields, an index over
    /// all four and the folded text of each cache.
    private func makeVersion2Store(_ url: URL, holding caches: [GeoCache]) throws {
        try OlderStoreFile.write(url, version: 2) { db in
            for cache in caches {
                try db.execute(
                    sql: "INSERT INTO cache (title, details, creator, reward, search_text) VALUES (\(SQLiteStore.cacheValuePlaceholders), CAST(? AS TEXT))",
                    arguments: SQLiteStore.cacheArguments(cache) + [SQLiteStore.textArgument(SearchFolding.searchText(for: cache))])
            }
            // One row a script stored without its search text, as v2 allowed.
            try db.execute(sql: "DELETE FROM cache WHERE id = 2")
            try db.execute(sql: "UPDATE cache SET search_text = NULL WHERE id = 3")
        }
    }

    private func columns(_ url: URL) throws -> [String] {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in try db.columns(in: "cache").map(\.name) }
    }

    @Test func aVersion2StoreKeepsEveryCacheWithItsIdentity() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let caches = awkward + (0..<200).map { Samples.numbered($0) }
        try makeVersion2Store(directory.file(), holding: caches)
        let store = try SQLiteStore(url: directory.file())
        var stored: [StoredCache] = []
        try store.forEachCache { stored.append($0) }
        var expected = caches.enumerated().map { StoredCache(id: CacheID(rawValue: Int64($0.offset + 1)), cache: $0.element) }
        expected.remove(at: 1)
        #expect(stored.withoutCodes == expected)
        #expect(try store.count() == expected.count)
        #expect(try columns(directory.file()) == ["id", "title", "details", "creator", "reward", "content_hash", "fold_patch",
                                                  "code", "latitude", "longitude", "listing"])
    }

    @Test func aVersion2StoreGivesTheSameSearchAnswers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try makeVersion2Store(directory.file(), holding: awkward)
        let store = try SQLiteStore(url: directory.file())
        #expect(try store.find("zurich").map(\.id.rawValue) == [1])
        #expect(try store.find("BRUCKE").map(\.id.rawValue) == [1])
        #expect(try store.find("strasse").map(\.id.rawValue) == [])
        #expect(try store.find("nul\u{0}in").map(\.id.rawValue) == [3])
        #expect(try store.find("οδοσ").map(\.id.rawValue) == [3])
        #expect(try store.find("e").map(\.id.rawValue) == [1, 3, 4])
        #expect(try store.find("").map(\.id.rawValue) == [1, 3, 4])
    }

    @Test func aVersion2StoreStillKnowsItsDuplicates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try makeVersion2Store(directory.file(), holding: awkward)
        let store = try SQLiteStore(url: directory.file())
        #expect(try store.contains(awkward[0]))
        #expect(try store.contains(awkward[2]))
        #expect(try !store.contains(awkward[1]))
        let report = try store.importCaches(from: .bytes(Array(JSONInterchange.document(for: awkward).utf8), name: "again.json"))
        #expect(report.added == 1 && report.duplicates == 3)
    }

    @Test func aSearchFindsOnlyWhatTheFoldedTextHolds() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        for cache in awkward { _ = try store.append(cache) }
        for query in ["zurich", "ZÜRICH", "brucke", "chloe", "東京", "22’ n", "strasse", "οδοσ", "E\u{301}", "\u{1F}", "kein"] {
            let expected = awkward.enumerated()
                .filter { SearchFolding.searchText(for: $0.element).contains(SearchFolding.folded(query)) }
                .map { Int64($0.offset + 1) }
            #expect(try store.find(query).map(\.id.rawValue) == expected, "\(query.debugDescription)")
        }
    }

    @Test func aDigestCollisionDoesNotMakeADifferentCacheADuplicate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        _ = try store.append(awkward[3])
        let other = GeoCache(title: "Other", details: "d", creator: "c", reward: "r")
        // The stored row now carries the digest `other` has, as a collision would.
        let queue = try DatabaseQueue(path: directory.file().path)
        try queue.write { db in
            try db.execute(sql: "UPDATE cache SET content_hash = ?", arguments: [ContentDigest.of(other)])
        }
        try queue.close()
        #expect(try !store.contains(other))
        let report = try store.importCaches(from: .bytes(Array(JSONInterchange.document(for: [other]).utf8), name: "other.json"))
        #expect(report.added == 1 && report.duplicates == 0)
    }

    @Test func aRowStoredByOtherSQLIsCompletedBeforeTheNextDuplicateCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        let queue = try DatabaseQueue(path: directory.file().path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO cache (title, details, creator, reward) VALUES ('Brücke', 'd', 'c', 'r')")
        }
        try queue.close()
        #expect(try store.contains(GeoCache(title: "Brücke", details: "d", creator: "c", reward: "r")))
    }

    /// The import drops the counter trigger inside its own transaction and makes it again.
    private func triggers(_ url: URL) throws -> [String] {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
    }

    @Test func anImportKeepsTheCountAndItsTrigger() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        _ = try store.append(awkward[3])
        let report = try store.importCaches(from: .bytes(Array(JSONInterchange.document(for: awkward).utf8), name: "in.json"))
        #expect(report.added == 3 && report.duplicates == 1)
        #expect(try store.count() == 4)
        #expect(try triggers(directory.file()) == ["cache_counted_on_delete", "cache_counted_on_insert", "cache_placed_on_delete",
                                                   "cache_placed_on_insert", "cache_placed_on_update",
                                                   "own_data_placed_on_delete", "own_data_placed_on_insert",
                                                   "own_data_placed_on_update"])
        // The trigger counts other SQL's inserts again.
        let queue = try DatabaseQueue(path: directory.file().path)
        try queue.write { db in try db.execute(sql: "INSERT INTO cache (title, details, creator, reward) VALUES ('a', 'b', 'c', 'd')") }
        try queue.close()
        #expect(try store.count() == 5)
    }

    @Test func aRefusedImportLeavesTheCountAndItsTrigger() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        _ = try store.append(awkward[3])
        let json = #"[{"title":"One","details":"d","creator":"c","reward":"r"},{"title":"","details":"d","creator":"c","reward":"r"}]"#
        #expect(throws: ImportError.self) { try store.importCaches(from: .bytes(Array(json.utf8), name: "bad.json")) }
        #expect(try store.count() == 1)
        #expect(try triggers(directory.file()) == ["cache_counted_on_delete", "cache_counted_on_insert", "cache_placed_on_delete",
                                                   "cache_placed_on_insert", "cache_placed_on_update",
                                                   "own_data_placed_on_delete", "own_data_placed_on_insert",
                                                   "own_data_placed_on_update"])
    }
}
