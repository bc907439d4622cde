import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// `SQLiteStore.find` and the list's search mode.
@Suite struct SearchTests {
    static let zurich = GeoCache(title: "Zürich lake", details: "By the water", creator: "ana", reward: "Coin")
    static let loud = GeoCache(title: "Bridge", details: "ZÜRICH ROAD", creator: "bo", reward: "Pen")
    static let cafe = GeoCache(title: "Café", details: "Inside", creator: "chloé", reward: "Straße map")
    static let all = [zurich, Samples.oak, loud, cafe, Samples.mill]

    private func store(_ fixture: StoreFixture, holding caches: [GeoCache] = all) throws -> any CacheStore {
        let store = try fixture.open()
        try store.saveCaches(caches)
        return store
    }

    static let foldingCases: [(String, [GeoCache])] = [
        ("zurich", [zurich, loud]), ("ZURICH", [zurich, loud]), ("Zürich", [zurich, loud]),
        ("cafe", [cafe]), ("CAFÉ", [cafe]), ("chloe", [cafe]), ("strasse", [cafe]),
        ("the", [zurich, Samples.oak, Samples.mill]), ("nowhere", []),
    ]

    @Test(arguments: StoreKind.allCases)
    func findIgnoresCaseAndDiacriticsInStoredOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try store(fixture)
        for (text, expected) in Self.foldingCases {
            #expect(try store.find(text).map(\.cache.withoutCode) == expected, "searching \(text)")
        }
    }

    /// What the caller's body throws (a write to a full disk, an end it asks for) comes
    /// out of a store's reading as thrown, never as the store's own error.
    @Test(arguments: StoreKind.allCases)
    func aReadingHandsBackWhatTheCallersBodyThrew(_ kind: StoreKind) throws {
        struct Stop: Error, Equatable {}
        let fixture = try StoreFixture(kind)
        let store = try store(fixture)
        #expect(throws: Stop()) { try store.forEachCache { _ in throw Stop() } }
        #expect(throws: Stop()) { try store.forEachCacheFields { _ in throw Stop() } }
        #expect(throws: Stop()) { try store.forEachCacheRow { _ in throw Stop() } }
        #expect(throws: Stop()) { try store.forEachMatch(of: "zurich") { _ in throw Stop() } }
        let origin = try Coordinate(parsing: "47.37, 8.54")
        #expect(throws: Stop()) { try store.forEachNearest(to: origin, limit: nil) { _, _ in throw Stop() } }
        #expect(try store.count() == Self.all.count)
    }

    @Test(arguments: StoreKind.allCases) func findTreatsPercentAndUnderscoreLiterally(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let odd = GeoCache(title: "100% sure", details: "snake_case", creator: "x", reward: "y")
        let store = try store(fixture, holding: [Samples.oak, odd])
        #expect(try store.find("%").map(\.cache.withoutCode) == [odd])
        #expect(try store.find("e_c").map(\.cache.withoutCode) == [odd])
    }

    @Test(arguments: StoreKind.allCases) func findDoesNotMatchAcrossTwoFields(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        // title "Old Oak", details "Behind the tree": no field holds "oak behind".
        #expect(try store(fixture).find("oak behind").isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func findHonoursTheLimit(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        #expect(try store(fixture).find("zurich", limit: 1).map(\.cache.withoutCode) == [Self.zurich])
    }

    @Test(arguments: StoreKind.allCases) func editedAndImportedCachesAreFound(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try store(fixture, holding: [Samples.oak])
        let oak = try #require(try store.first())
        try store.update(oak, to: Self.zurich)
        #expect(try store.find("zurich").map(\.cache.withoutCode) == [Self.zurich])
        #expect(try store.find("oak").isEmpty)
        let json = fixture.directory.file("in.json")
        try Data(#"[{"title":"Café","details":"Inside","creator":"chloé","reward":"Straße map"}]"#.utf8).write(to: json)
        _ = try store.importCaches(from: .file(json.path))
        #expect(try store.find("cafe").map(\.cache.withoutCode) == [Self.cafe])
    }

    @Test func rowsInsertedBySQLWithoutSearchTextAreFoldedBeforeSearching() throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try store(fixture, holding: [Samples.oak])
        let queue = try DatabaseQueue(path: fixture.fileURL.path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO cache (title, details, creator, reward) VALUES ('Zürich', 'd', 'c', 'r')")
        }
        try queue.close()
        #expect(try store.find("zurich").map(\.cache.title) == ["Zürich"])
    }

    // MARK: Search mode of the list

    @Test(arguments: StoreKind.allCases) func beginSearchShowsTheFirstMatchAndBroadcastsOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        let recorder = ChangeRecorder(list)
        #expect(try list.beginSearch("zurich") == 2)
        #expect(list.isSearching && list.searchQuery == "zurich")
        #expect(list.current?.cache.withoutCode == Self.zurich)
        #expect(list.searchMatchCount == 2 && list.searchPosition == 1 && list.position == nil)
        #expect(list.positionText == "Match 1 of 2")
        #expect(recorder.changes == [.searchBegan(query: "zurich", matchCount: 2)])
    }

    @Test(arguments: StoreKind.allCases) func nextAndPreviousMoveThroughTheMatchesOnly(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("the")   // Zürich lake, Old Oak, Mill
        let recorder = ChangeRecorder(list)
        var seen: [String] = []
        for move in [list.showNext, list.showNext, list.showNext, list.showPrevious, list.showLast, list.showFirst] {
            move()
            seen.append("\(list.current?.cache.title ?? "-") \(list.positionText)")
        }
        #expect(seen == ["Old Oak Match 2 of 3", "Mill Match 3 of 3", "Zürich lake Match 1 of 3",
                         "Mill Match 3 of 3", "Mill Match 3 of 3", "Zürich lake Match 1 of 3"])
        #expect(recorder.changes.count == 5)   // showLast on the last match is a no-op
        #expect(recorder.changes.first == .matchMoved(try #require(try list.store.find("oak").first),
                                                     matchPosition: 2, matchCount: 3))
    }

    @Test(arguments: StoreKind.allCases) func randomInASearchPicksAnotherMatch(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("the")
        let matches = Set(try list.store.find("the"))
        var generator = SeededGenerator(state: 7)
        for _ in 0..<50 {
            let before = list.current
            list.showRandom(using: &generator)
            #expect(list.current != before)
            #expect(matches.contains(try #require(list.current)))
        }
    }

    @Test(arguments: StoreKind.allCases) func searchWithoutMatchesShowsNothingAndMovesNowhere(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        #expect(try list.beginSearch("nowhere") == 0)
        let recorder = ChangeRecorder(list)
        list.showNext()
        list.showRandom()
        #expect(list.current == nil && list.positionText == "No matches" && list.searchPosition == nil)
        #expect(recorder.changes.isEmpty)
        #expect(throws: CacheEditError.noCurrentCache) { try list.deleteCurrent() }
    }

    @Test(arguments: StoreKind.allCases) func endSearchKeepsTheMatchAndItsStoredPosition(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("zurich")
        list.showNext()
        let match = try #require(list.current)
        let recorder = ChangeRecorder(list)
        list.endSearch()
        #expect(!list.isSearching && list.current == match && list.positionText == "3 of 5")
        #expect(recorder.changes == [.searchEnded(match, position: 3)])
    }

    @Test("Leaving a search whose last query matched nothing stays on the match shown when it was typed",
          arguments: StoreKind.allCases)
    func endSearchAfterANoMatchQueryStaysOnTheLastMatchShown(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("zurich")
        list.showNext()
        let match = try #require(list.current)
        #expect(try list.beginSearch("nowhere") == 0)
        list.endSearch()
        #expect(list.current == match && list.positionText == "3 of 5")
    }

    @Test(arguments: StoreKind.allCases) func endSearchWithoutKeepingReturnsToTheCacheShownBefore(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        list.showNext()
        let before = try #require(list.current)
        try list.beginSearch("cafe")
        list.endSearch(keepCurrent: false)
        #expect(list.current == before && list.positionText == "2 of 5")
    }

    @Test(arguments: StoreKind.allCases) func deleteInASearchShowsTheNextMatch(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("the")
        let first = try #require(list.current?.id)
        let recorder = ChangeRecorder(list)
        try list.deleteCurrent()
        let next = try #require(list.current)
        #expect(next.cache.withoutCode == Samples.oak && list.positionText == "Match 1 of 2")
        #expect(recorder.changes == [.deleted(first, newCurrent: next, position: nil, count: 4)])
    }

    @Test(arguments: StoreKind.allCases) func deletingTheLastMatchLeavesNoMatches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("cafe")
        try list.deleteCurrent()
        #expect(list.current == nil && list.positionText == "No matches" && list.count == 4)
        list.endSearch()
        #expect(list.current != nil && list.positionText.hasSuffix("of 4"))
    }

    @Test(arguments: StoreKind.allCases) func externalEditIsSeenByTheSearch(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("zurich")
        let other = try fixture.open()
        let oak = try #require(try other.find("oak").first)
        try other.update(oak, to: GeoCache(title: "Zurich oak", details: "d", creator: "c", reward: "r"))
        let recorder = ChangeRecorder(list)
        try list.checkForExternalChanges()
        #expect(list.searchMatchCount == 3 && list.positionText == "Match 1 of 3")
        #expect(recorder.changes == [.storeChangedExternally(count: 5)])
    }

    @Test(arguments: StoreKind.allCases) func addDuringASearchEndsItFirst(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try CacheList(store: store(fixture))
        try list.beginSearch("zurich")
        let recorder = ChangeRecorder(list)
        let added = try #require(try list.add(Samples.bridge).storedValue)
        #expect(!list.isSearching && list.positionText == "6 of 6")
        #expect(recorder.changes.count == 2)
        #expect(recorder.changes.last == .added(added, position: 6, count: 6))
    }

    // MARK: Migration

    /// A store file as geocache-tui 0.1 (schema v1) left it.
    private func makeVersion1Store(_ url: URL, titles: [String]) throws {
        try OlderStoreFile.write(url, version: 1) { db in
            for title in titles {
                try db.execute(sql: "INSERT INTO cache (title, details, creator, reward) VALUES (?, 'd', 'c', 'r')",
                               arguments: [title])
            }
        }
    }

    @Test func version1StoreMigratesAndIsSearchable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try makeVersion1Store(directory.file(), titles: ["Zürich", "Oak", "ZURICH"])
        let store = try SQLiteStore(url: directory.file())
        #expect(try store.count() == 3)
        #expect(try store.find("zurich").map(\.cache.title) == ["Zürich", "ZURICH"])
        let queue = try DatabaseQueue(path: directory.file().path)
        defer { try? queue.close() }
        let migrations = try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        let pending = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM cache WHERE content_hash IS NULL") }
        #expect(pending == 0)
    }

    @Test func aVersion1ProgramSeesAVersion2StoreAsNewer() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try SQLiteStore(url: directory.file())
        var version1 = DatabaseMigrator()
        version1.registerMigration("v1") { _ in }
        let queue = try DatabaseQueue(path: directory.file().path)
        defer { try? queue.close() }
        // This is the check SQLiteStore.init makes before refusing with .newerSchema.
        #expect(try queue.read { db in try version1.hasBeenSuperseded(db) })
    }
}
