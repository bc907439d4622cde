import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

@Suite struct CacheStoreTests {
    @Test(arguments: StoreKind.allCases) func newStoreIsEmpty(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        #expect(try store.count() == 0)
        #expect(try store.first() == nil)
        #expect(try store.loadCaches().isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func openingContentsAreTheCountTheFirstCacheAndTheDraft(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.oak)
        try fixture.store.add(Samples.bridge)
        try fixture.store.leaveDraft(FormDraft(fields: [.title: "Half typed"]))
        let contents = try fixture.open().openingContents()
        #expect(contents.count == 2)
        #expect(contents.first?.cache.withoutCode == Samples.oak)
        #expect(contents.draft?.draft == FormDraft(fields: [.title: "Half typed"]))
    }

    @Test(arguments: StoreKind.allCases) func openingContentsOfANewStoreAreEmpty(_ kind: StoreKind) throws {
        let contents = try StoreFixture(kind).open().openingContents()
        #expect(contents.count == 0)
        #expect(contents.first == nil)
        #expect(contents.draft == nil)
    }

    @Test(arguments: StoreKind.allCases) func addedCachesPersistAcrossInstances(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        do {
            let store = try fixture.open()
            try store.add(Samples.oak)
            try store.add(Samples.bridge)
        }
        let reopened = try fixture.open()
        #expect(try reopened.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
        #expect(try reopened.count() == 2)
    }

    @Test(arguments: StoreKind.allCases) func addRefusesAnInvalidCacheAndStoresNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        var invalid = Samples.oak
        invalid.creator = "  "
        #expect(throws: GeoCacheValidationError(missingFields: [.creator])) { try store.add(invalid) }
        #expect(try store.count() == 0)
    }

    @Test(arguments: StoreKind.allCases) func storedOrderIsTheOrderOfAdding(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let first = try store.add(Samples.oak)
        let second = try store.add(Samples.bridge)
        let third = try store.add(Samples.mill)
        #expect(try store.first() == first)
        #expect(try store.cache(after: first.id) == second)
        #expect(try store.cache(after: second.id) == third)
        #expect(try store.cache(after: third.id) == nil)
        #expect(try store.last() == third)
        #expect(try store.cache(second.id) == second)
        #expect(try [first, second, third].map { try store.position(of: $0.id) } == [1, 2, 3])
    }

    @Test("a walk in stored order gives the caches after a cache, or before it backwards, from an end without one",
          arguments: StoreKind.allCases)
    func aWalkInStoredOrderGivesTheCachesFromWhereItStarts(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let added = try [Samples.oak, Samples.bridge, Samples.mill, Samples.numbered(4)].map { try store.add($0) }
        func walked(from start: StoredCache?, forward: Bool) throws -> [StoredCache] {
            var seen: [StoredCache] = []
            try store.walkStoredOrder(from: start?.id, forward: forward) { seen.append($0); return true }
            return seen
        }
        #expect(try walked(from: nil, forward: true) == added)
        #expect(try walked(from: added[1], forward: true) == Array(added[2...]))
        #expect(try walked(from: nil, forward: false) == added.reversed())
        #expect(try walked(from: added[2], forward: false) == [added[1], added[0]])
        #expect(try walked(from: added[3], forward: true) == [])
    }

    @Test(arguments: StoreKind.allCases) func aWalkInStoredOrderStopsWhenItsBodySaysSo(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let added = try [Samples.oak, Samples.bridge, Samples.mill].map { try store.add($0) }
        var seen: [StoredCache] = []
        try store.walkStoredOrder(from: nil, forward: true) { seen.append($0); return seen.count < 2 }
        #expect(seen == Array(added[..<2]))
    }

    @Test(arguments: StoreKind.allCases) func countIsKeptByTriggersAcrossAddsAndSaves(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        for number in 1...25 { try store.add(Samples.numbered(number)) }
        #expect(try store.count() == 25)
        try store.saveCaches([Samples.oak, Samples.mill])
        #expect(try store.count() == 2)
    }

    @Test(arguments: StoreKind.allCases) func saveCachesReplacesTheListAndLoadCachesReturnsIt(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(Samples.bridge)
        let list = [Samples.mill, Samples.oak, Samples.mill]
        try store.saveCaches(list)
        #expect(try store.loadCaches().withoutCodes == list)
    }

    @Test(arguments: StoreKind.allCases) func saveCachesWithAnInvalidCacheChangesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(Samples.bridge)
        var invalid = Samples.oak
        invalid.title = ""
        #expect(throws: GeoCacheValidationError.self) { try store.saveCaches([Samples.mill, invalid]) }
        #expect(try store.loadCaches().withoutCodes == [Samples.bridge])
    }

    @Test(arguments: Samples.awkwardStrings)
    func storeKeepsAwkwardStringsByteForByte(_ text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = GeoCache(title: "t" + text, details: text + "d", creator: "c" + text + "c", reward: "r" + text)
        do { try SQLiteStore(url: directory.file()).add(cache) }
        let loaded = try SQLiteStore(url: directory.file()).loadCaches()
        #expect(loaded.withoutCodes == [cache])
        #expect(loaded.first.map { Array($0.details.utf8) } == Array(cache.details.utf8))
    }

    @Test(arguments: StoreKind.allCases) func containsFindsACacheIdenticalInAllFourFields(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(Samples.oak)
        var other = Samples.oak
        other.reward = "Travel bug!"
        #expect(try store.contains(Samples.oak))
        #expect(try !store.contains(other))
    }

    @Test(arguments: StoreKind.allCases) func draftIsKeptAcrossInstances(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let draft = FormDraft(fields: [.title: "Half\nwritten \u{0}", .reward: "🧭"])
        do { try fixture.open().leaveDraft(draft) }
        #expect(try fixture.open().keptDrafts() == [draft])
    }

    @Test(arguments: StoreKind.allCases) func keepingAnAllEmptyDraftInPlaceOfTheOneHeldDeletesIt(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let id = try store.keepDraft(FormDraft(fields: [.title: "x"]), in: nil, holding: true)
        try store.keepDraft(FormDraft(fields: [.title: "", .details: "", .creator: "", .reward: ""]), in: id, holding: true)
        #expect(try store.keptDrafts().isEmpty)
    }

    @Test func newStoreFileIsPrivateInAPrivateDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("geocache-tui/caches.sqlite")
        let store = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        #expect(try permissions(of: url) == 0o600)
        #expect(try permissions(of: url.deletingLastPathComponent()) == 0o700)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            #expect(try permissions(of: URL(fileURLWithPath: url.path + suffix)) == 0o600)
        }
    }

    @Test func storeIsInWALModeWithFullSynchronous() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        _ = try SQLiteStore(url: url)
        let header = try Data(contentsOf: url).prefix(100)
        // Bytes 18 and 19 of the header are 2 in WAL mode.
        #expect(header[18] == 2 && header[19] == 2)
    }

    @Test func theStandardLocationCreatesTheMissingXDGDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let dataHome = directory.url.appendingPathComponent("deep/data")
        let store = try StoreLocation.standard(environment: ["XDG_DATA_HOME": dataHome.path]).open()
        #expect(store.name == dataHome.path + "/geocache-tui/caches.sqlite")
        #expect(try permissions(of: URL(fileURLWithPath: store.name)) == 0o600)
        #expect(try permissions(of: dataHome.appendingPathComponent("geocache-tui")) == 0o700)
    }

    @Test func defaultURLPrefersGeocacheStore() {
        let url = SQLiteStore.defaultURL(environment: [
            "GEOCACHE_STORE": "/srv/my.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/ana",
        ])
        #expect(url.path == "/srv/my.sqlite")
    }

    @Test func defaultURLUsesXDGDataHome() {
        let url = SQLiteStore.defaultURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"])
        #expect(url.path == "/data/geocache-tui/caches.sqlite")
    }

    @Test func defaultURLFallsBackToLocalShare() {
        let url = SQLiteStore.defaultURL(environment: ["HOME": "/home/ana"])
        #expect(url.path == "/home/ana/.local/share/geocache-tui/caches.sqlite")
    }

    @Test(arguments: StoreKind.allCases) func ownWritesAreNotExternalChanges(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(Samples.oak)
        #expect(try !store.hasChangedExternally())
    }

    @Test(arguments: StoreKind.allCases) func anotherInstancesCommitIsAnExternalChangeReportedOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let other = try fixture.open()
        try other.add(Samples.oak)
        #expect(try store.hasChangedExternally())
        #expect(try !store.hasChangedExternally())
    }

    @Test(arguments: StoreKind.allCases) func anotherInstancesCommitMakesTheChangeDescriptorReadable(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let other = try fixture.open()
        let descriptor = try #require(store.changeDescriptor)
        _ = try store.hasChangedExternally()  // what opening the other store wrote
        #expect(!isReadable(descriptor, waiting: 0))
        try other.add(Samples.oak)
        #expect(isReadable(descriptor, waiting: 2000))
        #expect(try store.hasChangedExternally())
        #expect(!isReadable(descriptor, waiting: 0))
    }

    @Test(arguments: StoreKind.allCases) func theChangeDescriptorStaysQuietWhileNothingChanges(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(Samples.oak)
        _ = try store.hasChangedExternally()
        let descriptor = try #require(store.changeDescriptor)
        _ = try store.count()
        _ = try store.first()
        #expect(!isReadable(descriptor, waiting: 200))
    }

    /// True when `descriptor` is readable within `milliseconds`.
    private func isReadable(_ descriptor: Int32, waiting milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1
    }

    @Test func migrationsAreRecorded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try SQLiteStore(url: directory.file())
        let queue = try DatabaseQueue(path: directory.file().path)
        let identifiers = try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(identifiers == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
    }
}
