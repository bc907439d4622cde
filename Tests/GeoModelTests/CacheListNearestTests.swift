import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Nearest-first browsing: Next and Previous go outwards from a position, caches
/// without a place last; the order is switched back to stored order on the shown cache.
@Suite struct CacheListNearestTests {
    static let origin = try! Coordinate(parsing: "47.000000, 8.000000")
    /// Stored in this order: far, unplaced, near, middle.
    static let caches = [
        placed("Far", "47.300000, 8.000000"), GeoCache(title: "Nowhere", details: "d", creator: "c", reward: "r"),
        placed("Near", "47.010000, 8.000000"), placed("Middle", "47.100000, 8.000000"),
    ]

    static func placed(_ title: String, _ coordinate: String) -> GeoCache {
        GeoCache(title: title, details: "d", creator: "c", reward: "r", coordinate: try! Coordinate(parsing: coordinate))
    }

    @Test("Switching to nearest first shows the nearest cache and broadcasts the order once", arguments: StoreKind.allCases)
    func switchingShowsTheNearest(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        let recorder = ChangeRecorder(list)
        list.browseNearestFirst(from: Self.origin)
        #expect(list.current?.cache.title == "Near")
        #expect(recorder.changes == [.orderChanged(.nearest(from: Self.origin), current: list.current)])
        #expect(list.positionSummary == "Nearest 1 of 4")
    }

    @Test("Next goes outwards by distance, caches without a place last, then wraps to the nearest",
          arguments: StoreKind.allCases)
    func nextGoesOutwards(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        var seen: [String] = []
        for _ in 0..<4 {
            list.showNext()
            seen.append("\(list.current?.cache.title ?? "-") \(list.positionSummary)")
        }
        #expect(seen == ["Middle Nearest 2 of 4", "Far Nearest 3 of 4", "Nowhere Nearest 4 of 4", "Near Nearest 1 of 4"])
    }

    @Test("Leaving a search on another cache than the one shown before makes the nearest rank unknown, not 1",
          arguments: StoreKind.allCases)
    func leavingASearchOnAnotherCacheForgetsTheRank(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        _ = try list.beginSearch("Far")
        list.endSearch()
        #expect(list.current?.cache.title == "Far")
        #expect(list.positionSummary == "Nearest first, 4 caches")
        list.showNext()
        #expect(list.current?.cache.title == "Nowhere")
        #expect(list.positionSummary == "Nearest first, 4 caches")
    }

    @Test("Leaving a search on the cache shown before it keeps the nearest rank", arguments: StoreKind.allCases)
    func leavingASearchOnTheSameCacheKeepsTheRank(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        _ = try list.beginSearch("Far")
        list.endSearch(keepCurrent: false)
        #expect(list.current?.cache.title == "Middle")
        #expect(list.positionSummary == "Nearest 2 of 4")
    }

    /// What another session does to the caches while the list walks nearest first.
    enum ChangeElsewhere: CaseIterable, Sendable {
        case addNearer, moveNear, deleteNear, keepAFinalForNear

        /// Does it through `other`, a session of its own; returns the count after it.
        func apply(through other: any CacheStore) throws -> Int {
            let near = try #require(try other.cache(atPosition: 3))
            switch self {
            case .addNearer:
                try other.add(CacheListNearestTests.placed("Nearer", "47.001000, 8.000000"))
                return 5
            case .moveNear:
                var moved = near.cache
                moved.coordinate = try Coordinate(parsing: "47.500000, 8.000000")
                _ = try other.update(near, to: moved)
                return 4
            case .deleteNear:
                try other.delete(near)
                return 3
            case .keepAFinalForNear:
                let final = try Coordinate(parsing: "47.500000, 8.000000")
                _ = try other.setOwnData(OwnData(corrected: final), forCode: try #require(near.cache.code), as: WriteID())
                return 4
            }
        }
    }

    @Test("A cache added, moved or deleted elsewhere makes the rank unknown rather than wrong",
          arguments: StoreKind.allCases, ChangeElsewhere.allCases)
    func aChangeElsewhereMakesTheRankUnknown(_ kind: StoreKind, _ change: ChangeElsewhere) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        #expect(list.positionSummary == "Nearest 2 of 4")
        let count = try change.apply(through: try fixture.open())
        try list.checkForExternalChanges()
        #expect(list.current?.cache.title == "Middle")
        #expect(list.positionSummary == "Nearest first, \(count) caches")
    }

    /// How this list moves the shown cache.
    enum Move: CaseIterable, Sendable {
        case editItsPlace, keepAFinal
    }

    @Test("Moving the shown cache, by an edit of its place or a final kept, makes the rank unknown rather than wrong",
          arguments: StoreKind.allCases, Move.allCases)
    func movingTheShownCacheMakesTheRankUnknown(_ kind: StoreKind, _ move: Move) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        list.showNext()
        let far = try #require(list.current)
        #expect(far.cache.title == "Far" && list.positionSummary == "Nearest 3 of 4")
        switch move {
        case .editItsPlace:
            var moved = far.cache
            moved.coordinate = Self.origin
            _ = try list.updateCurrent(moved)
        case .keepAFinal:
            _ = try list.setOwnData(OwnData(corrected: Self.origin), forCode: try #require(far.cache.code))
        }
        #expect(list.positionSummary == "Nearest first, 4 caches")
    }

    @Test("An edit that leaves the shown cache's place as it was keeps the rank", arguments: StoreKind.allCases)
    func anEditThatKeepsThePlaceKeepsTheRank(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        var renamed = try #require(list.current).cache
        renamed.title = "Middle, renamed"
        _ = try list.updateCurrent(renamed)
        #expect(list.positionSummary == "Nearest 2 of 4")
    }

    @Test("The shown cache deleted elsewhere gives way to the next farther one", arguments: StoreKind.allCases)
    func aShownCacheDeletedElsewhereGivesWayToTheNextFarther(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: [Self.placed("Near", "47.010000, 8.000000"),
                                              Self.placed("Far", "47.300000, 8.000000"),
                                              Self.placed("Middle", "47.100000, 8.000000")])
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        #expect(list.current?.cache.title == "Middle")
        let other = try fixture.open()
        try other.delete(try #require(try other.cache(atPosition: 3)))
        try list.checkForExternalChanges()
        #expect(list.current?.cache.title == "Far")
    }

    @Test("Previous from the nearest wraps to the last, a cache without a place", arguments: StoreKind.allCases)
    func previousWrapsToTheLast(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showPrevious()
        #expect(list.current?.cache.title == "Nowhere")
        #expect(list.positionSummary == "Nearest 4 of 4")
    }

    @Test("Switching back to stored order stays on the shown cache at its stored position",
          arguments: StoreKind.allCases)
    func storedOrderAgain(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        list.showNext()
        list.browseInStoredOrder()
        #expect(list.current?.cache.title == "Middle")
        #expect(list.positionSummary == "Cache 4 of 4")
        list.showNext()
        #expect(list.current?.cache.title == "Far")
    }

    @Test("Deleting the shown cache nearest first shows the next farther one at the same rank",
          arguments: StoreKind.allCases)
    func deleteShowsTheNextFarther(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.caches)
        list.browseNearestFirst(from: Self.origin)
        try list.deleteCurrent()
        #expect(list.current?.cache.title == "Middle")
        #expect(list.positionSummary == "Nearest 1 of 3")
    }

    @Test("An empty list switched to nearest first shows nothing and says no caches yet")
    func emptyList() throws {
        let fixture = try StoreFixture(.sqlite)
        let list = try fixture.list()
        list.browseNearestFirst(from: Self.origin)
        #expect(list.current == nil)
        #expect(list.isNearestFirst)
        #expect(list.positionSummary == "No caches yet")
    }
}
