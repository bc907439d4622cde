import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `CacheStore.forEachNumberedMatch`: the matches of a search with their positions
/// among all the stored caches, what `list --numbered --match` prints.
@Suite struct NumberedMatchTests {
    /// The positions and caches the walk gives for `text`.
    private static func numberedMatches(_ store: any CacheStore, _ text: String) throws -> [(Int, GeoCache)] {
        var found: [(Int, GeoCache)] = []
        try store.forEachNumberedMatch(of: text) { found.append(($0, $1.cache)) }
        return found
    }

    @Test(arguments: StoreKind.allCases) func eachMatchComesWithItsPositionAmongAllCaches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(SearchTests.all)
        let found = try Self.numberedMatches(fixture.store, "zurich")
        #expect(found.map(\.0) == [1, 3])
        #expect(found.map(\.1.withoutCode) == [SearchTests.zurich, SearchTests.loud])
    }

    @Test(arguments: StoreKind.allCases) func thePositionsAreTheOnesEditAndDeleteTake(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        for number in 1...6 { try fixture.store.add(Samples.numbered(number)) }
        try fixture.store.delete(try #require(try fixture.store.cache(atPosition: 2)))
        try fixture.store.delete(try #require(try fixture.store.cache(atPosition: 4)))
        var found: [(position: Int, stored: StoredCache)] = []
        try fixture.store.forEachNumberedMatch(of: "cache") { found.append(($0, $1)) }
        #expect(found.map(\.position) == [1, 2, 3, 4])
        for (position, stored) in found {
            #expect(try fixture.store.cache(atPosition: position) == stored)
            #expect(try fixture.store.position(of: stored.id) == position)
        }
    }

    @Test(arguments: StoreKind.allCases) func theMatchesAreTheSearchsInStoredOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(SearchTests.all)
        for (text, expected) in SearchTests.foldingCases {
            #expect(try Self.numberedMatches(fixture.store, text).map(\.1.withoutCode) == expected, "searching \(text)")
        }
    }

    @Test(arguments: StoreKind.allCases) func anEmptyTextNumbersEveryCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(SearchTests.all)
        let found = try Self.numberedMatches(fixture.store, "")
        #expect(found.map(\.0) == Array(1...SearchTests.all.count))
        #expect(found.map(\.1.withoutCode) == SearchTests.all)
    }

    @Test func anEmptyStoreHasNoMatches() throws {
        #expect(try Self.numberedMatches(try StoreFixture().store, "").isEmpty)
    }

    @Test func aMatchDeletedBetweenTheTwoReadsIsPassedOverAndTheLaterOnesStillCome() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches(SearchTests.all)
        let store = DeletingAfterSearch(fixture.store, deleting: SearchTests.zurich)
        let found = try Self.numberedMatches(store, "zurich")
        #expect(found.map(\.0) == [2])
        #expect(found.map(\.1.withoutCode) == [SearchTests.loud])
    }
}

/// A store in which another session deletes `deleted` right after a search has read
/// its matches' identifiers.
private final class DeletingAfterSearch: ForwardingStore {
    private let deleted: GeoCache

    init(_ base: any CacheStore, deleting deleted: GeoCache) {
        self.deleted = deleted
        super.init(base)
    }

    override func matchIDs(_ text: String) throws -> [CacheID] {
        let ids = try base.matchIDs(text)
        if let stored = try base.find(deleted.title).first(where: { $0.cache.withoutCode == deleted }) {
            try base.delete(stored)
        }
        return ids
    }
}
