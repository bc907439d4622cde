import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A list on a fresh store in `directory` holding `caches`.
func makeList(_ directory: TemporaryDirectory, holding caches: [GeoCache] = []) throws -> CacheList {
    let store = try SQLiteStore(url: directory.file())
    try store.saveCaches(caches)
    return try CacheList(store: store)
}

/// Previous, first, last and random, outside a search.
@Suite struct CacheListBrowsingTests {
    static let three = [Samples.oak, Samples.bridge, Samples.mill]

    @Test(arguments: StoreKind.allCases) func showPreviousWrapsFromTheFirstToTheLast(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.three)
        var seen: [String] = []
        for _ in 0..<4 {
            list.showPrevious()
            seen.append("\(list.current?.cache.title ?? "-") \(list.positionText)")
        }
        #expect(seen == ["Mill 3 of 3", "Bridge 2 of 3", "Old Oak 1 of 3", "Mill 3 of 3"])
    }

    @Test(arguments: StoreKind.allCases) func showPreviousBroadcastsCurrentMovedOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.three)
        let recorder = ChangeRecorder(list)
        list.showPrevious()
        let last = try #require(list.current)
        #expect(last.cache.withoutCode == Samples.mill)
        #expect(recorder.changes == [.currentMoved(last, position: 3)])
    }

    @Test(arguments: ["previous", "first", "last", "random"])
    func movesOnAnEmptyListDoNothing(_ move: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory)
        let recorder = ChangeRecorder(list)
        perform(move, on: list)
        #expect(recorder.changes.isEmpty)
        #expect(list.current == nil && list.positionText == "0 of 0")
    }

    @Test(arguments: ["previous", "first", "last", "random"])
    func movesWithOneCacheDoNothing(_ move: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let list = try makeList(directory, holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        perform(move, on: list)
        #expect(recorder.changes.isEmpty)
        #expect(list.positionText == "1 of 1")
    }

    @Test(arguments: StoreKind.allCases) func showLastMovesToTheLastAndBroadcastsOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.three)
        let recorder = ChangeRecorder(list)
        list.showLast()
        list.showLast()
        let last = try #require(list.current)
        #expect(last.cache.withoutCode == Samples.mill && list.positionText == "3 of 3")
        #expect(recorder.changes == [.currentMoved(last, position: 3)])
    }

    @Test(arguments: StoreKind.allCases) func showFirstMovesToTheFirstAndBroadcastsOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.three)
        list.showLast()
        let recorder = ChangeRecorder(list)
        list.showFirst()
        list.showFirst()
        let first = try #require(list.current)
        #expect(first.cache.withoutCode == Samples.oak && list.positionText == "1 of 3")
        #expect(recorder.changes == [.currentMoved(first, position: 1)])
    }

    @Test(arguments: StoreKind.allCases) func showRandomNeverPicksTheCurrentCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: (1...5).map(Samples.numbered))
        var generator = SeededGenerator(state: 42)
        var visited: Set<Int> = []
        for _ in 0..<200 {
            let before = list.current
            list.showRandom(using: &generator)
            #expect(list.current != before)
            let position = try #require(list.position)
            #expect(list.current?.cache.withoutCode == Samples.numbered(position))
            visited.insert(position)
        }
        #expect(visited == Set(1...5))
    }

    @Test(arguments: StoreKind.allCases) func showRandomWithTwoCachesAlternates(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let recorder = ChangeRecorder(list)
        list.showRandom()
        list.showRandom()
        #expect(list.current?.cache.withoutCode == Samples.oak)
        #expect(recorder.changes.count == 2)
        if case .currentMoved(let moved, let position) = recorder.changes.first {
            #expect(moved?.cache.withoutCode == Samples.bridge && position == 2)
        } else {
            Issue.record("expected currentMoved, got \(recorder.changes)")
        }
    }

    private func perform(_ move: String, on list: CacheList) {
        switch move {
        case "previous": list.showPrevious()
        case "first": list.showFirst()
        case "last": list.showLast()
        default: list.showRandom()
        }
    }
}

/// Editing and deleting the current cache, alone and against another process.
@Suite struct CacheListEditingTests {
    static let edited = GeoCache(title: "Old Oak (moved)", details: "Now by the gate", creator: "ana", reward: "Coin")

    @Test(arguments: StoreKind.allCases) func updateCurrentStoresAndBroadcastsUpdatedOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let id = try #require(list.current?.id)
        let recorder = ChangeRecorder(list)
        let updated = try #require(try list.updateCurrent(Self.edited).storedValue)
        #expect(updated.withoutCode == StoredCache(id: id, cache: Self.edited))
        #expect(list.current == updated && list.positionText == "1 of 2")
        #expect(recorder.changes == [.updated(updated)])
        #expect(try fixture.open().loadCaches().withoutCodes == [Self.edited, Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func updateCurrentWithAnEmptyFieldNamesItAndWritesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        var invalid = Samples.oak
        invalid.reward = "  "
        #expect(throws: GeoCacheValidationError(missingFields: [.reward])) { try list.updateCurrent(invalid) }
        #expect(recorder.changes.isEmpty)
        #expect(try list.loadCaches().withoutCodes == [Samples.oak])
    }

    @Test(arguments: StoreKind.allCases) func updateCurrentWithTheSameFieldsBroadcastsNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let recorder = ChangeRecorder(list)
        try list.updateCurrent(Samples.oak)
        #expect(recorder.changes.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func updateAndDeleteOnAnEmptyListThrowNoCurrentCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list()
        let recorder = ChangeRecorder(list)
        #expect(throws: CacheEditError.noCurrentCache) { try list.updateCurrent(Samples.oak) }
        #expect(throws: CacheEditError.noCurrentCache) { try list.deleteCurrent() }
        #expect(recorder.changes.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func deleteCurrentShowsTheNextCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        list.showNext()
        let deleted = try #require(list.current?.id)
        let recorder = ChangeRecorder(list)
        try list.deleteCurrent()
        let next = try #require(list.current)
        #expect(next.cache.withoutCode == Samples.mill && list.positionText == "2 of 2")
        #expect(recorder.changes == [.deleted(deleted, newCurrent: next, position: 2, count: 2)])
        #expect(try list.loadCaches().withoutCodes == [Samples.oak, Samples.mill])
    }

    @Test(arguments: StoreKind.allCases) func deletingTheLastCacheShowsThePreviousOne(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        list.showLast()
        let deleted = try #require(list.current?.id)
        let recorder = ChangeRecorder(list)
        try list.deleteCurrent()
        let previous = try #require(list.current)
        #expect(previous.cache.withoutCode == Samples.bridge && list.positionText == "2 of 2")
        #expect(recorder.changes == [.deleted(deleted, newCurrent: previous, position: 2, count: 2)])
    }

    @Test(arguments: StoreKind.allCases) func deletingTheOnlyCacheLeavesTheEmptyState(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak])
        let deleted = try #require(list.current?.id)
        let recorder = ChangeRecorder(list)
        try list.deleteCurrent()
        #expect(list.current == nil && list.isEmpty && list.positionText == "0 of 0")
        #expect(recorder.changes == [.deleted(deleted, newCurrent: nil, position: nil, count: 0)])
        #expect(try fixture.open().count() == 0)
    }

    @Test(arguments: StoreKind.allCases) func deleteSurvivesReopening(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        do {
            let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
            try list.deleteCurrent()
        }
        let reopened = try CacheList(store: fixture.open())
        #expect(reopened.current?.cache.withoutCode == Samples.bridge && reopened.positionText == "1 of 1")
    }

    // MARK: Another process got there first

    @Test(arguments: StoreKind.allCases) func staleUpdateIsRefusedAndTheNewerVersionShown(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        let other = try fixture.open()
        let newer = try other.update(shown, to: Samples.mill)
        let recorder = ChangeRecorder(list)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try list.updateCurrent(Self.edited) }
        #expect(try other.cache(shown.id) == newer)
        #expect(list.current == newer && list.positionText == "1 of 2")
        #expect(recorder.changes == [.storeChangedExternally(count: 2)])
    }

    @Test(arguments: StoreKind.allCases) func updateOfACacheDeletedElsewhereMovesOn(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        try fixture.open().delete(shown)
        let recorder = ChangeRecorder(list)
        #expect(throws: CacheEditError.deletedElsewhere(shown.id)) { try list.updateCurrent(Self.edited) }
        #expect(list.current?.cache.withoutCode == Samples.bridge && list.positionText == "1 of 1")
        #expect(recorder.changes == [.storeChangedExternally(count: 1)])
        #expect(try list.loadCaches().withoutCodes == [Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func deleteOfACacheDeletedElsewhereMovesOn(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge, Samples.mill])
        list.showNext()
        let shown = try #require(list.current)
        try fixture.open().delete(shown)
        let recorder = ChangeRecorder(list)
        #expect(throws: CacheEditError.deletedElsewhere(shown.id)) { try list.deleteCurrent() }
        #expect(list.current?.cache.withoutCode == Samples.mill && list.positionText == "2 of 2")
        #expect(recorder.changes == [.storeChangedExternally(count: 2)])
    }

    @Test(arguments: StoreKind.allCases) func deleteOfACacheChangedElsewhereDeletesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Samples.oak, Samples.bridge])
        let shown = try #require(list.current)
        let newer = try fixture.open().update(shown, to: Self.edited)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try list.deleteCurrent() }
        #expect(try list.loadCaches().withoutCodes == [Self.edited, Samples.bridge])
        #expect(list.current == newer)
    }

    @Test(arguments: StoreKind.allCases) func twoStoresEditingOneCacheKeepTheFirstWrite(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let first = try fixture.list(holding: [Samples.oak])
        let second = try CacheList(store: fixture.open())
        try first.updateCurrent(Self.edited)
        #expect(throws: CacheEditError.self) { try second.updateCurrent(Samples.mill) }
        #expect(try first.loadCaches().withoutCodes == [Self.edited])
        // Now showing the newer version, the second may edit it.
        try second.updateCurrent(Samples.mill)
        #expect(try first.loadCaches().withoutCodes == [Samples.mill])
    }
}
