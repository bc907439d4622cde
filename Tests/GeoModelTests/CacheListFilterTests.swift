import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A filter on the cache list (issue 38, the finder's loop): the moves in stored order
/// and nearest first show only the caches it keeps, the count says how many it keeps of
/// all, and it follows this list's writes and other sessions' changes, on both stores.
@Suite struct CacheListFilterTests {
    static let origin = try! Coordinate(parsing: "47.000000, 8.000000")
    /// Stored A to F; B and E are the multis. Nearest first from ``origin``: E, D, C, B, A,
    /// then F (no place).
    static let caches = [
        cache("A", "Traditional Cache", north: 5), cache("B", "Multi-cache", north: 4),
        cache("C", "Traditional Cache", north: 3), cache("D", "Traditional Cache", north: 2),
        cache("E", "Multi-cache", north: 1), cache("F", "Traditional Cache", north: nil),
    ]

    /// A cache of `type`, `north` hundredths of a degree north of ``origin`` (no place when nil).
    static func cache(_ title: String, _ type: String, north: Int?) -> GeoCache {
        var cache = GeoCache(title: title, details: "d", creator: "c", reward: "r", code: "GC\(title)\(title)")
        cache.listing = Listing(type: type)
        cache.coordinate = north.map { Coordinate(latitudeMicrodegrees: Int32(47_000_000 + $0 * 10_000),
                                                  longitudeMicrodegrees: 8_000_000)! }
        return cache
    }

    static func multis() -> CacheFilter {
        var filter = CacheFilter()
        filter.types = ["Multi-cache"]
        return filter
    }

    /// The titles and summaries `moves` come to, one after each.
    static func walk(_ list: CacheList, _ moves: Int, _ move: (CacheList) -> Void) -> [String] {
        (0..<moves).map { _ in
            move(list)
            return "\(list.current?.cache.title ?? "-") \(list.positionSummary)"
        }
    }

    /// Traditional caches only: A, C, D and F.
    static func traditionals() -> CacheFilter {
        var filter = CacheFilter()
        filter.types = ["Traditional Cache"]
        return filter
    }

    @Test("A filter set nearest first on a kept cache gives its rank among the kept caches at once",
          arguments: StoreKind.allCases)
    func aFilterSetNearestFirstKeepsTheRankOfAKeptCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        list.showNext()
        #expect(list.current?.cache.title == "C")
        try list.setFilter(Self.traditionals())
        #expect(list.current?.cache.title == "C")
        #expect(list.positionSummary.hasPrefix("Nearest 2 of 4"), "\(list.positionSummary)")
    }

    @Test("A filter set nearest first on a cache it drops ranks the next kept cache it shows",
          arguments: StoreKind.allCases)
    func aFilterSetNearestFirstRanksTheNextKeptCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        for _ in 0..<3 { list.showNext() }
        #expect(list.current?.cache.title == "B")
        try list.setFilter(Self.traditionals())
        #expect(list.current?.cache.title == "A")
        #expect(list.positionSummary.hasPrefix("Nearest 3 of 4"), "\(list.positionSummary)")
        list.showNext()
        #expect(list.positionSummary.hasPrefix("Nearest 4 of 4"), "\(list.positionSummary)")
    }

    @Test("A change elsewhere that makes the filter keep one more counts the shown cache's nearest rank again",
          arguments: StoreKind.allCases)
    func keepingMoreElsewhereCountsTheRankAgain(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        var traditionals = CacheFilter()
        traditionals.types = ["Traditional Cache"]
        try list.setFilter(traditionals)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        #expect(list.positionSummary.hasPrefix("Nearest 2 of 4"), "\(list.positionSummary)")
        let other = try fixture.open()
        let e = try #require(try other.cache(atPosition: 5))
        var changed = e.cache
        changed.listing.type = "Traditional Cache"
        _ = try other.update(e, to: changed)
        try list.checkForExternalChanges()
        #expect(list.current?.cache.title == "C")
        #expect(list.positionSummary.hasPrefix("Nearest 3 of 5"), "\(list.positionSummary)")
    }

    @Test("Logging a find of the shown cache under a not-found filter leaves its nearest rank unknown, not wrong",
          arguments: StoreKind.allCases)
    func aFindUnderANotFoundFilterMakesTheRankUnknown(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        var notFound = CacheFilter()
        notFound.found = false
        try list.setFilter(notFound)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        #expect(list.current?.cache.title == "D")
        #expect(list.positionSummary.hasPrefix("Nearest 2 of 6"), "\(list.positionSummary)")
        _ = try list.logVisit(Visit(code: "GCDD", time: "2026-11-28T10:32:00Z", type: .foundIt, text: ""))
        #expect(list.current?.cache.title == "D")
        #expect(list.positionSummary.hasPrefix("Nearest first"), "\(list.positionSummary)")
        list.showNext()
        #expect(list.current?.cache.title == "C")
    }

    @Test("After a find takes the shown cache out of a not-found filter, Next and Previous rank the kept cache they show",
          arguments: StoreKind.allCases)
    func aFindLeavesTheNeighboursRanked(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(try CacheFilter(parsing: "not found"))
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        _ = try list.logVisit(Visit(code: "GCDD", time: "2026-11-28T10:32:00Z", type: .foundIt, text: ""))
        list.showNext()
        #expect(list.current?.cache.title == "C")
        #expect(list.positionSummary.hasPrefix("Nearest 2 of 5"), "\(list.positionSummary)")
        list.showPrevious()
        #expect(list.current?.cache.title == "E")
        #expect(list.positionSummary.hasPrefix("Nearest 1 of 5"), "\(list.positionSummary)")
    }

    @Test("When a find leaves one cache kept, Next ranks it 1 of 1 and a second Next broadcasts nothing")
    func aFindLeavingOneKeptRanksIt() throws {
        let fixture = try StoreFixture()
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(try CacheFilter(parsing: "not found"))
        for code in ["GCAA", "GCBB", "GCCC", "GCFF"] {
            _ = try list.logVisit(Visit(code: code, time: "2026-11-28T10:32:00Z", type: .foundIt, text: ""))
        }
        list.browseNearestFirst(from: Self.origin)
        #expect(list.current?.cache.title == "E")
        _ = try list.logVisit(Visit(code: "GCEE", time: "2026-11-28T10:33:00Z", type: .foundIt, text: ""))
        list.showNext()
        #expect(list.current?.cache.title == "D")
        #expect(list.positionSummary.hasPrefix("Nearest 1 of 1"), "\(list.positionSummary)")
        let recorder = ChangeRecorder(list)
        list.showNext()
        #expect(recorder.changes.isEmpty)
    }

    @Test("Clearing a filter that kept no cache shows the first cache again, in either order",
          arguments: StoreKind.allCases, [false, true])
    func clearingAFilterThatKeptNoneShowsTheFirst(_ kind: StoreKind, nearestFirst: Bool) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        if nearestFirst { list.browseNearestFirst(from: Self.origin) }
        var none = CacheFilter()
        none.types = ["Letterbox Hybrid"]
        try list.setFilter(none)
        #expect(list.current == nil)
        try list.setFilter(nil)
        #expect(list.current?.cache.title == (nearestFirst ? "E" : "A"))
        #expect(list.positionSummary == (nearestFirst ? "Nearest 1 of 6" : "Cache 1 of 6"))
    }

    @Test("Setting a filter shows the first kept cache at or after the shown one and broadcasts it once",
          arguments: StoreKind.allCases)
    func settingShowsTheFirstKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        let recorder = ChangeRecorder(list)
        try list.setFilter(Self.multis())
        #expect(list.current?.cache.title == "B")
        #expect(recorder.changes == [.filterChanged(Self.multis(), kept: 2, current: list.current)])
    }

    @Test("The count says how many the filter keeps of all, after the stored-order position",
          arguments: StoreKind.allCases)
    func countFollowsThePosition(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        #expect(list.positionText == "2 of 6 · 2 of 6 shown")
        #expect(list.positionSummary == "Cache 2 of 6 · 2 of 6 shown")
        #expect(list.keptText == "2 of 6 shown")
    }

    @Test("Next shows only kept caches, keeping stored-order positions, and wraps", arguments: StoreKind.allCases)
    func nextSkips(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        #expect(Self.walk(list, 2) { $0.showNext() } == ["E Cache 5 of 6 · 2 of 6 shown", "B Cache 2 of 6 · 2 of 6 shown"])
    }

    @Test("Previous shows only kept caches backwards and wraps to the last kept", arguments: StoreKind.allCases)
    func previousSkips(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        #expect(Self.walk(list, 2) { $0.showPrevious() } == ["E Cache 5 of 6 · 2 of 6 shown", "B Cache 2 of 6 · 2 of 6 shown"])
    }

    @Test("First and Last show the first and last kept caches", arguments: StoreKind.allCases)
    func firstAndLastAreKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        list.showLast()
        #expect(list.current?.cache.title == "E")
        #expect(list.position == 5)
        list.showFirst()
        #expect(list.current?.cache.title == "B")
        #expect(list.position == 2)
    }

    @Test("Random shows only kept caches, never the shown one")
    func randomIsKept() throws {
        let fixture = try StoreFixture()
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        var generator = SeededGenerator(state: 38)
        let titles = (0..<6).map { _ in
            list.showRandom(using: &generator)
            return list.current?.cache.title ?? "-"
        }
        #expect(titles == ["E", "B", "E", "B", "E", "B"])
    }

    @Test("Nearest first shows the nearest kept cache and Next goes outwards through the kept ones only",
          arguments: StoreKind.allCases)
    func nearestFirstSkips(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        list.browseNearestFirst(from: Self.origin)
        #expect(list.current?.cache.title == "E")
        #expect(list.positionSummary == "Nearest 1 of 2 · 2 of 6 shown")
        #expect(Self.walk(list, 2) { $0.showNext() } == ["B Nearest 2 of 2 · 2 of 6 shown", "E Nearest 1 of 2 · 2 of 6 shown"])
        #expect(Self.walk(list, 1) { $0.showPrevious() } == ["B Nearest 2 of 2 · 2 of 6 shown"])
    }

    @Test("A filter set nearest first shows the next kept cache farther out", arguments: StoreKind.allCases)
    func filterSetNearestFirst(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        try list.setFilter(Self.multis())
        #expect(list.current?.cache.title == "B")
    }

    @Test("A filter that keeps none shows none, says so, and the moves do nothing", arguments: StoreKind.allCases)
    func noneKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        var filter = CacheFilter()
        filter.types = ["Earthcache"]
        try list.setFilter(filter)
        let recorder = ChangeRecorder(list)
        list.showNext()
        list.showPrevious()
        list.showLast()
        #expect(list.current == nil)
        #expect(list.positionSummary == "0 of 6 shown")
        #expect(recorder.changes.isEmpty)
    }

    @Test("With one kept cache, Next stays on it and broadcasts nothing")
    func oneKeptStays() throws {
        let fixture = try StoreFixture()
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(try CacheFilter(parsing: "Multi-cache, within 2km", origin: Self.origin))
        let recorder = ChangeRecorder(list)
        list.showNext()
        #expect(list.current?.cache.title == "E")
        #expect(recorder.changes.isEmpty)
    }

    @Test("Clearing the filter shows every cache again from the shown one", arguments: StoreKind.allCases)
    func clearingShowsAll(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        let recorder = ChangeRecorder(list)
        try list.setFilter(nil)
        #expect(recorder.changes == [.filterChanged(nil, kept: nil, current: list.current)])
        list.showNext()
        #expect(list.current?.cache.title == "C")
        #expect(list.positionSummary == "Cache 3 of 6")
    }

    @Test("Setting a filter counts by one walk of the store")
    func countingWalksOnce() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches(Self.caches)
        let store = CountingStore(try fixture.open())
        let list = try CacheList(store: store)
        try list.setFilter(Self.multis())
        #expect(store.walks == 1)
    }

    @Test("The found condition counts with the person's own data", arguments: StoreKind.allCases)
    func foundUsesOwnData(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.ownFacts = OwnData.Facts(OwnData.Book(["GCCC": OwnData(found: "2024-05-01T10:00:00Z"),
                                                    "GCEE": OwnData(found: "2024-05-02T10:00:00Z")]))
        try list.setFilter(try CacheFilter(parsing: "found"))
        #expect(list.current?.cache.title == "C")
        list.showNext()
        #expect(list.current?.cache.title == "E")
        #expect(list.keptCount == 2)
    }

    @Test("A find logged through the list leaves the not-found caches at once", arguments: StoreKind.allCases)
    func aFindLoggedIsCountedAtOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(try CacheFilter(parsing: "not found"))
        #expect(list.keptCount == 6)
        _ = try list.logVisit(Visit(code: "GCCC", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC"))
        #expect(list.keptCount == 5)
        #expect(!list.keeps(try #require(try list.store.cache(withCode: "GCCC"))))
    }

    @Test("Another session's change is counted and broadcast, and its kept cache is shown",
          arguments: StoreKind.allCases)
    func otherSessionsChangeIsCounted(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        let other = try fixture.open()
        let c = try #require(try other.cache(atPosition: 3))
        var multi = c.cache
        multi.listing.type = "Multi-cache"
        try other.update(c, to: multi)
        let recorder = ChangeRecorder(list)
        try waitForChange(list)
        #expect(list.keptCount == 3)
        #expect(recorder.changes.contains(.storeChangedExternally(count: 6)))
        list.showNext()
        #expect(list.current?.cache.title == "C")
    }

    @Test("When another session makes the shown cache one the filter leaves out, the next kept one is shown",
          arguments: StoreKind.allCases)
    func shownCacheLeftOutMovesOn(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        let other = try fixture.open()
        let b = try #require(try other.cache(atPosition: 2))
        var traditional = b.cache
        traditional.listing.type = "Traditional Cache"
        try other.update(b, to: traditional)
        try waitForChange(list)
        #expect(list.current?.cache.title == "E")
        #expect(list.positionSummary == "Cache 5 of 6 · 1 of 6 shown")
    }

    @Test("A find of the shown cache in another session leaves it shown under a not-found filter, as a find here does",
          arguments: StoreKind.allCases)
    func aFindElsewhereLeavesTheShownCacheShown(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(try CacheFilter(parsing: "not found"))
        list.showNext()
        let shown = try #require(list.current)
        let recorder = ChangeRecorder(list)
        _ = try fixture.open().recordVisits([Visit(code: "GCBB", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "")],
                                            as: WriteID())
        try waitForChange(list)
        #expect(list.current?.id == shown.id)
        #expect(list.positionSummary == "Cache 2 of 6 · 5 of 6 shown")
        #expect(recorder.changes.contains(.storeChangedExternally(count: 6, leftOutShown: list.current)))
    }

    @Test("An edit of this list is counted, and the edited cache stays shown", arguments: StoreKind.allCases)
    func ownEditIsCounted(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        var traditional = try #require(list.current).cache
        traditional.listing.type = "Traditional Cache"
        try list.updateCurrent(traditional)
        #expect(list.keptCount == 1)
        #expect(list.current?.cache.title == "B")
        list.showNext()
        #expect(list.current?.cache.title == "E")
    }

    @Test("Deleting the shown cache shows the next kept one", arguments: StoreKind.allCases)
    func deleteShowsTheNextKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        let recorder = ChangeRecorder(list)
        try list.deleteCurrent()
        #expect(list.current?.cache.title == "E")
        #expect(list.positionSummary == "Cache 4 of 5 · 1 of 5 shown")
        guard case .deleted(_, let newCurrent, let position, let count) = recorder.changes.first else {
            Issue.record("no delete broadcast")
            return
        }
        #expect(newCurrent?.cache.title == "E" && position == 4 && count == 5)
    }

    @Test("An added cache is counted, and shown even when the filter leaves it out", arguments: StoreKind.allCases)
    func addIsCounted(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        try list.add(Self.cache("G", "Multi-cache", north: 6))
        #expect(list.positionSummary == "Cache 7 of 7 · 3 of 7 shown")
        try list.add(Self.cache("H", "Traditional Cache", north: 7))
        #expect(list.current?.cache.title == "H")
        #expect(list.keptCount == 3)
    }

    @Test("A cache added under a filter that keeps none is shown with its position", arguments: StoreKind.allCases)
    func addUnderAFilterKeepingNoneHasAPosition(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(try CacheFilter(parsing: "Earthcache"))
        #expect(list.positionSummary == "0 of 6 shown")
        try list.add(Self.cache("G", "Multi-cache", north: 6))
        #expect(list.current?.cache.title == "G")
        #expect(list.positionSummary == "Cache 7 of 7 · 0 of 7 shown")
    }

    @Test("An added cache the filter leaves out stays shown when another session changes the store",
          arguments: StoreKind.allCases)
    func addedCacheStaysShownOverAnotherSessionsChange(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        try list.add(Self.cache("H", "Traditional Cache", north: 7))
        try fixture.open().add(Self.cache("I", "Traditional Cache", north: 8))
        try waitForChange(list)
        #expect(list.current?.cache.title == "H")
        #expect(list.positionSummary == "Cache 7 of 8 · 2 of 8 shown")
        list.showNext()
        #expect(list.current?.cache.title == "B")
    }

    @Test("An edited cache the filter leaves out stays shown when another session changes the store",
          arguments: StoreKind.allCases)
    func editedCacheStaysShownOverAnotherSessionsChange(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        var traditional = try #require(list.current).cache
        traditional.listing.type = "Traditional Cache"
        try list.updateCurrent(traditional)
        try fixture.open().add(Self.cache("I", "Traditional Cache", north: 8))
        try waitForChange(list)
        #expect(list.current?.cache.title == "B")
    }

    @Test("Random nearest first with a filter keeping the nearest caches shows each kept one about as often",
          arguments: StoreKind.allCases)
    func randomNearestFirstSpreadsOverTheKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        // 30 caches going north 1.1 km apart, stored nearest first: the 10 nearest lie
        // within 12 km, and no kept one lies beyond (nearest first) or after (stored
        // order) a cache drawn among the other 20.
        let caches = (1...30).map { (north: Int) in Self.cache("N\(north)", "Traditional Cache", north: north) }
        let list = try fixture.list(holding: caches)
        try list.setFilter(try CacheFilter(parsing: "within 12km", origin: Self.origin))
        list.browseNearestFirst(from: Self.origin)
        var generator = SeededGenerator(state: 7)
        var shown: [String: Int] = [:]
        for _ in 0..<90 {
            list.showRandom(using: &generator)
            shown[list.current?.cache.title ?? "-", default: 0] += 1
        }
        #expect(Set(shown.keys) == Set((1...10).map { "N\($0)" }), "\(shown)")
        #expect(shown.values.allSatisfy { $0 <= 20 }, "\(shown)")
    }

    @Test("Random with a filter in a store with gaps (caches deleted) shows each kept one about as often",
          arguments: StoreKind.allCases)
    func randomWithGapsSpreadsOverTheKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        // 40 caches, every fifth a multi; the even ones deleted leave gaps between identities.
        let caches = (1...40).map { Self.cache("N\($0)", $0 % 5 == 0 ? "Multi-cache" : "Traditional Cache", north: $0) }
        let store = try fixture.open()
        try store.saveCaches(caches)
        var stored: [StoredCache] = []
        try store.forEachCache { stored.append($0) }
        for gone in stored where Int(gone.cache.title.dropFirst())! % 2 == 0 && gone.cache.title != "N10" {
            _ = try store.delete(gone)
        }
        let list = try CacheList(store: store)
        try list.setFilter(Self.multis())
        var generator = SeededGenerator(state: 11)
        var shown: [String: Int] = [:]
        for _ in 0..<60 {
            list.showRandom(using: &generator)
            shown[list.current?.cache.title ?? "-", default: 0] += 1
        }
        #expect(Set(shown.keys) == ["N5", "N10", "N15", "N25", "N35"], "\(shown)")
        #expect(shown.values.allSatisfy { $0 <= 24 }, "\(shown)")
    }

    @Test("Nearest first without a rank, the filter's count alone says how many are kept")
    func nearestFirstUnrankedWithAFilter() throws {
        let fixture = try StoreFixture(.sqlite)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        list.browseNearestFirst(from: Self.origin)
        list.showRandom()
        #expect(list.positionSummary == "Nearest first · 2 of 6 shown")
    }

    @Test("A search with a filter matches only the kept caches", arguments: StoreKind.allCases)
    func searchMatchesOnlyKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        try list.setFilter(Self.multis())
        #expect(try list.beginSearch("d") == 2)
        #expect(list.positionText == "Match 1 of 2 · 2 of 6 shown")
    }

    @Test("A filter set during a search finds the matches again among the kept caches")
    func filterDuringASearch() throws {
        let fixture = try StoreFixture()
        let list = try fixture.list(holding: Self.caches)
        try list.beginSearch("d")
        #expect(list.searchMatchCount == 6)
        try list.setFilter(Self.multis())
        #expect(list.searchMatchCount == 2)
        #expect(list.current?.cache.title == "B")
    }

    /// Checks for other sessions' changes until one is seen (a PostgreSQL notification
    /// may take a moment to arrive).
    private func waitForChange(_ list: CacheList) throws {
        let before = (list.keptCount, list.current)
        for _ in 0..<50 {
            try list.checkForExternalChanges()
            if (list.keptCount, list.current) != before { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}

/// A store that counts its walks through every cache.
private final class CountingStore: ForwardingStore {
    private(set) var walks = 0

    override func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        walks += 1
        try super.forEachCache(body)
    }
}
