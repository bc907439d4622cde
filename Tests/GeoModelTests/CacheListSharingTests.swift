import Foundation
import GeoModel
import Testing

/// Edits and deletes bound to the version the caller read, while another store on
/// the same file (another session) changes the caches.
@Suite struct CacheListSharingTests {
    static let edited = GeoCache(title: "Old Oak (moved)", details: "Now by the gate", creator: "ana", reward: "Coin")

    @Test func anUpdateComparesWithTheVersionItStartedFromNotWithTheRefreshedOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak, Samples.bridge])
        let startedFrom = try #require(list.current)
        var theirs = Samples.oak
        theirs.reward = "Gold coin"
        let newer = try SQLiteStore(url: directory.file()).update(startedFrom, to: theirs)
        try list.checkForExternalChanges()
        #expect(list.current == newer)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try list.update(startedFrom, to: Self.edited) }
        #expect(try list.loadCaches() == [theirs, Samples.bridge])
    }

    @Test func anUpdateFromTheNewerVersionWritesOverItOnPurpose() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak])
        let startedFrom = try #require(list.current)
        let newer = try SQLiteStore(url: directory.file()).update(startedFrom, to: Samples.mill)
        let recorder = ChangeRecorder(list)
        let updated = try list.update(newer, to: Self.edited)
        #expect(try list.loadCaches() == [Self.edited])
        #expect(list.current == updated)
        #expect(recorder.changes.last == .updated(updated))
    }

    @Test func aDeleteOfANamedVersionDeletedElsewhereDeletesNoOtherCache() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak, Samples.bridge, Samples.mill])
        list.showNext()
        let named = try #require(list.current)
        try SQLiteStore(url: directory.file()).delete(named)
        try list.checkForExternalChanges()
        #expect(list.current?.cache == Samples.mill)
        #expect(throws: CacheEditError.deletedElsewhere(named.id)) { try list.delete(named) }
        #expect(try list.loadCaches() == [Samples.oak, Samples.mill])
    }

    @Test func aDeleteOfANamedVersionChangedElsewhereDeletesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak, Samples.bridge])
        let named = try #require(list.current)
        let newer = try SQLiteStore(url: directory.file()).update(named, to: Self.edited)
        try list.checkForExternalChanges()
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try list.delete(named) }
        #expect(try list.loadCaches() == [Self.edited, Samples.bridge])
    }

    @Test func deletingACacheOtherThanTheCurrentOneKeepsTheCurrent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak, Samples.bridge, Samples.mill])
        let first = try #require(list.current)
        list.showLast()
        let recorder = ChangeRecorder(list)
        try list.delete(first)
        #expect(list.current?.cache == Samples.mill && list.positionText == "2 of 2")
        #expect(recorder.changes == [.deleted(first.id, newCurrent: list.current, position: 2, count: 2)])
    }

    @Test func theIdleCheckNamesTheShownCacheWhenAnotherSessionDeletedIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        let recorder = ChangeRecorder(list)
        try SQLiteStore(url: directory.file()).delete(shown)
        try list.checkForExternalChanges()
        #expect(recorder.changes == [.storeChangedExternally(count: 1, deletedShown: shown)])
    }

    @Test func theIdleCheckNamesNoCacheWhenTheShownOneWasOnlyChanged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        let recorder = ChangeRecorder(list)
        try SQLiteStore(url: directory.file()).update(shown, to: Self.edited)
        try list.checkForExternalChanges()
        #expect(recorder.changes == [.storeChangedExternally(count: 2)])
    }

    @Test func storedVersionReadsWhatTheStoreHoldsNow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak])
        let shown = try #require(list.current)
        let newer = try SQLiteStore(url: directory.file()).update(shown, to: Self.edited)
        #expect(try list.storedVersion(of: shown.id) == newer)
        try SQLiteStore(url: directory.file()).delete(newer)
        #expect(try list.storedVersion(of: shown.id) == nil)
    }
}
