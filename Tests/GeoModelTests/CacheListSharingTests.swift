import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Edits and deletes bound to the version the caller read, while another store on
/// the same file (another session) changes the caches.
@Suite struct CacheListSharingTests {
    static let edited = GeoCache(title: "Old Oak (moved)", details: "Now by the gate", creator: "ana", reward: "Coin")

    @Test(arguments: StoreKind.allCases) func anUpdateComparesWithTheVersionItStartedFromNotWithTheRefreshedOne(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let startedFrom = try #require(list.current)
        var theirs = Samples.oak
        theirs.reward = "Gold coin"
        let newer = try fixture.open().update(startedFrom, to: theirs)
        try list.checkForExternalChanges()
        #expect(list.current == newer)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try list.update(startedFrom, to: Self.edited) }
        #expect(try list.loadCaches().withoutCodes == [theirs, Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func anUpdateFromTheNewerVersionWritesOverItOnPurpose(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let startedFrom = try #require(list.current)
        let newer = try fixture.open().update(startedFrom, to: Samples.mill)
        let recorder = ChangeRecorder(list)
        let updated = try #require(try list.update(newer, to: Self.edited).storedValue)
        #expect(try list.loadCaches().withoutCodes == [Self.edited])
        #expect(list.current == updated)
        #expect(recorder.changes.last == .updated(updated))
    }

    @Test(arguments: StoreKind.allCases) func aDeleteOfANamedVersionDeletedElsewhereDeletesNoOtherCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        list.showNext()
        let named = try #require(list.current)
        try fixture.open().delete(named)
        try list.checkForExternalChanges()
        #expect(list.current?.cache.withoutCode == Samples.mill)
        #expect(throws: CacheEditError.deletedElsewhere(named.id)) { try list.delete(named) }
        #expect(try list.loadCaches().withoutCodes == [Samples.oak, Samples.mill])
    }

    @Test(arguments: StoreKind.allCases) func aDeleteOfANamedVersionChangedElsewhereDeletesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let named = try #require(list.current)
        let newer = try fixture.open().update(named, to: Self.edited)
        try list.checkForExternalChanges()
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try list.delete(named) }
        #expect(try list.loadCaches().withoutCodes == [Self.edited, Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func deletingACacheOtherThanTheCurrentOneKeepsTheCurrent(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        let first = try #require(list.current)
        list.showLast()
        let recorder = ChangeRecorder(list)
        try list.delete(first)
        #expect(list.current?.cache.withoutCode == Samples.mill && list.positionText == "2 of 2")
        #expect(recorder.changes == [.deleted(first.id, newCurrent: list.current, position: 2, count: 2)])
    }

    @Test(arguments: StoreKind.allCases) func theIdleCheckNamesTheShownCacheWhenAnotherSessionDeletedIt(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        let recorder = ChangeRecorder(list)
        try fixture.open().delete(shown)
        try list.checkForExternalChanges()
        #expect(recorder.changes == [.storeChangedExternally(count: 1, deletedShown: shown)])
    }

    @Test(arguments: StoreKind.allCases) func theIdleCheckNamesNoCacheWhenTheShownOneWasOnlyChanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        let recorder = ChangeRecorder(list)
        try fixture.open().update(shown, to: Self.edited)
        try list.checkForExternalChanges()
        #expect(recorder.changes == [.storeChangedExternally(count: 2)])
    }

    @Test(arguments: StoreKind.allCases) func storedVersionReadsWhatTheStoreHoldsNow(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let shown = try #require(list.current)
        let newer = try fixture.open().update(shown, to: Self.edited)
        #expect(try list.storedVersion(of: shown.id) == newer)
        try fixture.open().delete(newer)
        #expect(try list.storedVersion(of: shown.id) == nil)
    }
}
