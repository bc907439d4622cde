import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Nearest first while where you stand moves (a gpsd fix each second): the shown cache's
/// rank is counted again from the new origin, Next and Previous go on from that rank, and
/// a move too small to change the order reads nothing.
@Suite struct CacheListNearestRankTests {
    static let start = try! Coordinate(parsing: "47.000000, 8.000000")

    /// `count` caches in a line going north from ``start``, 111 m apart, the first 111 m away.
    static func line(_ count: Int) -> [GeoCache] {
        (1...count).map { index in
            GeoCache(title: "Cache \(index)", details: "d", creator: "c", reward: "r",
                     coordinate: Coordinate(latitudeMicrodegrees: Int32(47_000_000 + index * 1_000),
                                            longitudeMicrodegrees: 8_000_000))
        }
    }

    /// 4.9 km further along, with caches on either side of the walk's first ones.
    static let walkedTo = Coordinate(latitudeMicrodegrees: 47_013_500, longitudeMicrodegrees: 8_000_000)!

    /// The rank `list.current` has from `origin`, worked out by reading every cache.
    private func scannedRank(in list: CacheList, from origin: Coordinate) throws -> Int {
        let order = try list.store.nearestOrderByScanning(from: origin)
        return try #require(order.firstIndex { $0.id == list.current?.id }) + 1
    }

    @Test("Where you stand moving counts the shown cache's rank again from there, and says so once",
          arguments: StoreKind.allCases)
    func movingCountsTheRankAgain(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.line(15))
        list.browseNearestFirst(from: Self.start)
        list.showNext()
        list.showNext()
        #expect(list.positionSummary == "Nearest 3 of 15")
        let recorder = ChangeRecorder(list)
        list.moveOrigin(to: Self.walkedTo)
        let rank = try scannedRank(in: list, from: Self.walkedTo)
        #expect(rank == 13)
        #expect(list.positionSummary == "Nearest \(rank) of 15")
        #expect(recorder.changes == [.nearestRankChanged(rank)])
    }

    @Test("After where you stand moved, Next and Previous go on from the rank counted there",
          arguments: StoreKind.allCases)
    func nextGoesOnFromTheRankCountedThere(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.line(15))
        list.browseNearestFirst(from: Self.start)
        list.showNext()
        list.showNext()
        list.moveOrigin(to: Self.walkedTo)
        list.showNext()
        let rank = try scannedRank(in: list, from: Self.walkedTo)
        #expect(list.positionSummary == "Nearest \(rank) of 15")
        list.showPrevious()
        list.showPrevious()
        #expect(list.positionSummary == "Nearest \(try scannedRank(in: list, from: Self.walkedTo)) of 15")
    }

    @Test("With a filter, the rank counted again from where you stand counts the kept caches",
          arguments: StoreKind.allCases)
    func withAFilterTheRankCountsTheKept(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let list = try fixture.list(holding: Self.line(15))
        list.browseNearestFirst(from: Self.start)
        try list.setFilter(CacheFilter(parsing: "within 1km", origin: Self.start))   // Cache 1 to Cache 8
        list.showNext()
        list.showNext()
        #expect(list.positionSummary == "Nearest 3 of 8 · 8 of 15 shown")
        list.moveOrigin(to: Self.walkedTo)
        // From there, the kept Cache 4 to Cache 8 are nearer than Cache 3.
        #expect(list.positionSummary == "Nearest 6 of 8 · 8 of 15 shown")
        list.showNext()
        #expect(list.current?.cache.title == "Cache 2")
        #expect(list.positionSummary == "Nearest 7 of 8 · 8 of 15 shown")
    }

    @Test("A fix that wanders less than half the way to the caches beside the shown one reads no cache",
          arguments: StoreKind.allCases)
    func aSmallMoveReadsNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(Self.line(15))
        let store = WalkCountingStore(try fixture.open())
        let list = try CacheList(store: store)
        list.browseNearestFirst(from: Self.start)
        list.showNext()
        list.showNext()
        list.moveOrigin(to: Self.walkedTo)
        let walks = store.walks
        for metres in [5, -12, 20] {   // 0.000009° of latitude is about 1 m
            list.moveOrigin(to: Coordinate(latitudeMicrodegrees: 47_013_500 + Int32(metres * 9),
                                           longitudeMicrodegrees: 8_000_000)!)
        }
        #expect(store.walks == walks)
        #expect(list.positionSummary == "Nearest 13 of 15")
    }

    @Test("A shown cache beyond the nearest 100 from where you stand has no rank, and has it again once nearer")
    func beyondTheLimitTheRankIsUnknown() throws {
        let fixture = try StoreFixture()
        let list = try fixture.list(holding: Self.line(130))
        list.browseNearestFirst(from: Self.start)
        list.showLast()
        #expect(list.positionSummary == "Nearest 130 of 130")
        list.moveOrigin(to: Coordinate(latitudeMicrodegrees: 47_001_000, longitudeMicrodegrees: 8_000_000)!)
        #expect(list.positionSummary == "Nearest first, 130 caches")
        list.moveOrigin(to: Coordinate(latitudeMicrodegrees: 47_100_000, longitudeMicrodegrees: 8_000_000)!)
        #expect(list.positionSummary == "Nearest \(try scannedRank(in: list, from: list.nearestOrigin!)) of 130")
    }
}

/// A store that counts its nearest-first walks.
private final class WalkCountingStore: ForwardingStore {
    private(set) var walks = 0

    override func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                              _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        walks += 1
        try super.walkNearest(to: origin, from: key, forward: forward, body)
    }
}
