import Foundation
import GeoTestSupport
import Testing
@testable import GeoModel

/// The PostgreSQL store's second schema version: a store made with the first (today's
/// stores) is migrated when it is opened, keeping every cache, its order, the count
/// and the drafts, and giving every cache a code of its own.
@Suite("Migrating a PostgreSQL store to codes and places")
struct PostgresPlaceMigrationTests {
    private var server: PostgresTestServer { get throws { try PostgresTestServer.shared() } }

    /// A new database set up with the first schema version only, holding `caches` as
    /// that version stored them and a draft, and its URL.
    private func versionOneStore(holding caches: [GeoCache]) throws -> String {
        let url = try server.makeDatabase(settingUp: false)
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        for statement in PostgresStore.migrations[0] { try connection.query(statement) }
        try connection.query("INSERT INTO geocache_schema (version) VALUES (1)")
        for cache in caches {
            try connection.query(
                "INSERT INTO geocache (title, details, creator, reward, search_text) VALUES ($1, $2, $3, $4, $5)",
                GeoCache.Field.allCases.map { .utf8(cache[$0]) } + [.utf8(SearchFolding.searchText(for: cache))])
        }
        try connection.query("INSERT INTO geocache_draft (member, field, value) VALUES ($1, 'title', $2)",
                             [.text("ana@host"), .utf8("Half typed")])
        return url
    }

    /// The caches of the first version, as many as a migration draws codes for in sets.
    private let caches = (1...300).map(Samples.numbered) + [Samples.oak, Samples.oak]

    @Test("Every cache of a store of the first version is kept, in order, with its fields")
    func everyCacheIsKept() throws {
        let store = try PostgresStore(url: try versionOneStore(holding: caches))
        let loaded = try store.loadCaches()
        #expect(loaded.map { GeoCache(title: $0.title, details: $0.details, creator: $0.creator, reward: $0.reward) } == caches)
        #expect(loaded.allSatisfy { $0.coordinate == nil && $0.listing.isEmpty })
        #expect(try store.count() == caches.count)
        #expect(try store.keptDrafts() == [FormDraft(fields: [.title: "Half typed"])])
    }

    @Test("Every cache of a store of the first version gets a unique code of the geocaching alphabet")
    func everyCacheGetsAUniqueCode() throws {
        let store = try PostgresStore(url: try versionOneStore(holding: caches))
        let codes = try store.loadCaches().compactMap(\.code)
        #expect(codes.count == caches.count)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { code in
            code.hasPrefix(CacheCode.prefix) && code.count == CacheCode.prefix.count + CacheCode.generatedLength
                && code.dropFirst(CacheCode.prefix.count).allSatisfy(CacheCode.alphabet.contains)
        })
        #expect(try store.cache(withCode: codes[41])?.cache.title == caches[41].title)
    }

    @Test("A migrated store takes new caches with places and finds them nearest first")
    func aMigratedStoreTakesPlaces() throws {
        let store = try PostgresStore(url: try versionOneStore(holding: [Samples.oak]))
        var placed = Samples.mill
        placed.coordinate = Coordinate(latitude: 46.9, longitude: 7.4)
        let added = try store.add(placed)
        #expect(try store.nearestCache(to: Coordinate(latitude: 47, longitude: 8)!, after: nil) == added)
    }

    @Test("Sessions opening a store of the first version at once migrate it once")
    func sessionsMigratingAtOnceMigrateOnce() async throws {
        let url = try versionOneStore(holding: caches)
        let opened = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { (try? PostgresStore(url: url)) != nil } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(opened == [true, true, true, true])
        let name = String(url.split(separator: "/").last!)
        let versions = try server.superuser("SELECT string_agg(version::text, ',' ORDER BY version) FROM geocache_schema",
                                            database: name)
        let every = (1...PostgresStore.migrations.count).map(String.init).joined(separator: ",")
        #expect(versions.rows.first?.string(0) == every)
    }

    @Test("A code the migration drew twice is drawn again for all but its oldest holder")
    func aRepeatedCodeIsDrawnAgain() throws {
        let url = try server.makeDatabase(settingUp: false)
        let name = String(url.split(separator: "/").last!)
        try server.superuser("CREATE TABLE geocache (id bigint PRIMARY KEY, code text NOT NULL)", database: name)
        try server.superuser("INSERT INTO geocache SELECT n, 'GTSAME' || (n % 3) FROM generate_series(1, 30) n", database: name)
        try server.superuser(PostgresStore.redrawingRepeatedCodes, database: name)
        let codes = try server.superuser("SELECT code FROM geocache ORDER BY id", database: name).rows.compactMap { $0.string(0) }
        #expect(codes.count == 30 && Set(codes).count == 30)
        #expect(Array(codes.prefix(3)) == ["GTSAME1", "GTSAME2", "GTSAME0"])
        #expect(codes.dropFirst(3).allSatisfy { $0.hasPrefix(CacheCode.prefix) && $0.count == 9 })
    }
}
