import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

@Suite struct CacheListTests {
    /// A list on a fresh store holding `caches`.
    private func makeList(_ directory: TemporaryDirectory, holding caches: [GeoCache] = []) throws -> CacheList {
        let store = try SQLiteStore(url: directory.file())
        try store.saveCaches(caches)
        return try CacheList(store: store)
    }

    // MARK: Self-initialisation and derived data

    @Test(arguments: StoreKind.allCases) func emptyStoreStartsWithNoCurrentCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        #expect(list.current == nil)
        #expect(list.count == 0)
        #expect(list.position == nil)
        #expect(list.isEmpty)
        #expect(list.currentDescription == nil)
        #expect(list.positionText == "0 of 0")
    }

    @Test(arguments: StoreKind.allCases) func startsOnTheFirstStoredCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        #expect(list.current?.cache.withoutCode == Samples.oak)
        #expect(list.count == 3)
        #expect(list.position == 1)
        #expect(list.positionText == "1 of 3")
        #expect(list.currentDescription == Samples.oak.description)
        #expect(!list.isEmpty)
    }

    // MARK: Adding

    @Test(arguments: StoreKind.allCases) func addedCacheBecomesCurrentAndIsBroadcastOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        let stored = try #require(try list.add(Samples.bridge).storedValue)
        #expect(list.current == stored)
        #expect(list.positionText == "2 of 2")
        #expect(recorder.changes == [.added(stored, position: 2, count: 2)])
    }

    @Test(arguments: StoreKind.allCases) func invalidCacheThrowsTheMissingFieldsAndBroadcastsNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        let invalid = GeoCache(title: "x", details: "y", creator: "", reward: " ")
        #expect(throws: GeoCacheValidationError(missingFields: [.creator, .reward])) { try list.add(invalid) }
        #expect(recorder.changes.isEmpty)
        #expect(list.count == 1)
        #expect(try list.store.count() == 1)
    }

    // MARK: Moving

    @Test(arguments: StoreKind.allCases) func showNextMovesInStoredOrderAndWrapsToTheFirst(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        var seen: [String] = []
        for _ in 0..<4 {
            list.showNext()
            seen.append("\(list.current?.cache.title ?? "-") \(list.positionText)")
        }
        #expect(seen == ["Bridge 2 of 3", "Mill 3 of 3", "Old Oak 1 of 3", "Bridge 2 of 3"])
    }

    @Test(arguments: StoreKind.allCases) func showNextBroadcastsTheNewCurrentCacheOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let recorder = ChangeRecorder(list)
        list.showNext()
        let second = try #require(list.current)
        #expect(recorder.changes == [.currentMoved(second, position: 2)])
    }

    @Test(arguments: StoreKind.allCases) func showNextOnAnEmptyListIsANoOp(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        let recorder = ChangeRecorder(list)
        list.showNext()
        #expect(recorder.changes.isEmpty)
        #expect(list.current == nil && list.positionText == "0 of 0")
    }

    @Test(arguments: StoreKind.allCases) func showNextWithOneCacheIsANoOp(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        list.showNext()
        #expect(recorder.changes.isEmpty)
        #expect(list.positionText == "1 of 1")
    }

    // MARK: Observers

    @Test(arguments: StoreKind.allCases) func everyObserverHearsEveryChange(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        let first = ChangeRecorder(list), second = ChangeRecorder(list)
        let stored = try #require(try list.add(Samples.oak).storedValue)
        #expect(first.changes == [.added(stored, position: 1, count: 1)])
        #expect(second.changes == first.changes)
    }

    @Test(arguments: StoreKind.allCases) func droppedTokenStopsDelivery(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        recorder.dropToken()
        try list.add(Samples.bridge)
        list.showNext()
        #expect(recorder.changes.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func cancelledTokenStopsDelivery(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        var count = 0
        let token = list.observe { _ in count += 1 }
        token.cancel()
        try list.add(Samples.bridge)
        #expect(count == 0)
        withExtendedLifetime(token) {}
    }

    @Test(arguments: StoreKind.allCases) func tokenMayOutliveTheList(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var list: CacheList? = try fixture.list()
        let token = list!.observe { _ in }
        list = nil
        token.cancel()
    }

    // MARK: Reloading and persistence

    @Test(arguments: StoreKind.allCases) func reloadBroadcastsTheCountAndKeepsTheCurrentCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        list.showNext()
        let recorder = ChangeRecorder(list)
        try list.reload()
        #expect(recorder.changes == [.reloaded(count: 2)])
        #expect(list.current?.cache.withoutCode == Samples.bridge && list.position == 2)
    }

    @Test(arguments: StoreKind.allCases) func saveCachesReplacesTheListAndBroadcastsAReload(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        try list.saveCaches([Samples.mill, Samples.bridge])
        #expect(recorder.changes == [.reloaded(count: 2)])
        #expect(list.current?.cache.withoutCode == Samples.mill && list.positionText == "1 of 2")
        #expect(try list.loadCaches().withoutCodes == [Samples.mill, Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func aNewListOnTheSameFileSeesEarlierAdds(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        do {
            let list = try fixture.list()
            try list.add(Samples.oak)
            try list.add(Samples.bridge)
        }
        let reopened = try CacheList(store: fixture.open())
        #expect(reopened.count == 2)
        #expect(reopened.current?.cache.withoutCode == Samples.oak)
    }

    @Test(arguments: StoreKind.allCases) func draftGoesThroughToTheStoreWithoutBroadcasting(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        let recorder = ChangeRecorder(list)
        try list.keepDraft(FormDraft(fields: [.details: "half"]))
        #expect(try list.keptDrafts() == [FormDraft(fields: [.details: "half"])])
        #expect(recorder.changes.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func keepingTheDraftAlreadyKeptWritesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.leaveDraft(FormDraft(fields: [.title: "Half typed"]))
        let list = try fixture.list()
        #expect(try list.takeDraft()?.draft == FormDraft(fields: [.title: "Half typed"]))
        #expect(try list.keepDraft(FormDraft(fields: [.title: "Half typed", .details: ""])) == false)
        #expect(try list.keepDraft(FormDraft(fields: [.title: "Half typed", .details: "more"])) == true)
        #expect(try fixture.list().keptDrafts() == [FormDraft(fields: [.title: "Half typed", .details: "more"])])
    }

    @Test(arguments: StoreKind.allCases) func keepingEmptyFieldsClearsAKeptDraft(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        #expect(try list.keepDraft(FormDraft(fields: [.reward: "Coin"])) == true)
        #expect(try list.keepDraft(FormDraft(fields: [.reward: ""])) == true)
        #expect(try fixture.list().keptDrafts().isEmpty)
        #expect(try list.keepDraft(FormDraft(fields: [:])) == false)
    }

    @Test(arguments: StoreKind.allCases) func thePositionIsWordedForPeople(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let empty = try fixture.list()
        #expect(empty.positionSummary == "No caches yet")
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        #expect(list.positionSummary == "Cache 1 of 2")
        _ = try list.beginSearch("bridge")
        #expect(list.positionSummary == "Match 1 of 1")
        _ = try list.beginSearch("nowhere at all")
        #expect(list.positionSummary == "No matches")
    }

    // MARK: Other processes

    @Test(arguments: StoreKind.allCases) func addThroughASecondStoreIsNoticedOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        let other = try fixture.open()
        try other.add(Samples.bridge)
        try list.checkForExternalChanges()
        try list.checkForExternalChanges()
        #expect(recorder.changes == [.storeChangedExternally(count: 2)])
        #expect(list.count == 2)
        #expect(list.current?.cache.withoutCode == Samples.oak && list.positionText == "1 of 2")
    }

    @Test(arguments: StoreKind.allCases) func noExternalChangeMeansNoBroadcast(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        try list.add(Samples.bridge)
        try list.checkForExternalChanges()
        #expect(recorder.changes.count == 1)
    }

    @Test(arguments: StoreKind.allCases) func externalDraftSaveIsNotAListChange(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        try fixture.open().leaveDraft(FormDraft(fields: [.title: "elsewhere"]))
        try list.checkForExternalChanges()
        #expect(recorder.changes.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func externalReplacementMovesCurrentToTheFirstRemainingCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let shown = list.current
        let recorder = ChangeRecorder(list)
        try fixture.open().saveCaches([Samples.mill])
        try list.checkForExternalChanges()
        #expect(recorder.changes == [.storeChangedExternally(count: 1, deletedShown: shown)])
        #expect(list.current?.cache.withoutCode == Samples.mill && list.positionText == "1 of 1")
    }

    @Test(arguments: StoreKind.allCases) func externalAddToAnEmptyListMakesItCurrent(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        try fixture.open().add(Samples.oak)
        try list.checkForExternalChanges()
        #expect(list.current?.cache.withoutCode == Samples.oak && list.positionText == "1 of 1")
    }

    @Test(arguments: StoreKind.allCases) func startsWithoutLoadingEveryCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.saveCaches((1...20_000).map(Samples.numbered))
        let clock = ContinuousClock()
        // The quickest of a few runs each: reading every row got about three times
        // cheaper (issue 13), and one slow start on a busy machine is not the start.
        let loadingAll = try (0..<3).map { _ in try clock.measure { _ = try store.loadCaches() } }.min()!
        var list: CacheList?
        let starting = try (0..<5).map { _ in try clock.measure { list = try CacheList(store: store) } }.min()!
        #expect(list?.count == 20_000)
        // Reading the count and one cache, not 20,000 rows.
        #expect(starting * 10 < loadingAll)
        list?.showNext()
        #expect(list?.positionText == "2 of 20000")
    }
}
