import GeoModel
import GeoTestSupport
import Testing

/// The three-way merge every save over another version follows
/// (`GeoCache.merging(theirs:base:)`): what I changed from the base is mine, everything
/// else is theirs; the place counts as a field, the listing as one part.
@Suite struct GeoCacheMergingTests {
    /// The version both sides started from: Old Oak with a place and a type.
    private let base: GeoCache = {
        var cache = Samples.oak
        cache.code = "GT1A2B3C4"
        cache.coordinate = Coordinate(latitude: 47.368717, longitude: 8.540933)
        cache.listing.type = "Traditional Cache"
        return cache
    }()

    /// `base` changed by `change`.
    private func changed(_ change: (inout GeoCache) -> Void) -> GeoCache {
        var cache = base
        change(&cache)
        return cache
    }

    @Test func aFieldOnlyIChangedTakesMyValue() {
        let mine = changed { $0.reward = "Gold coin" }
        #expect(mine.merging(theirs: base, base: base).reward == "Gold coin")
    }

    @Test func aFieldOnlyTheyChangedKeepsTheirValue() {
        let mine = changed { $0.reward = "Gold coin" }
        let theirs = changed { $0.details = "Under the bench" }
        #expect(mine.merging(theirs: theirs, base: base)
                == changed { $0.reward = "Gold coin"; $0.details = "Under the bench" })
    }

    @Test func aFieldBothChangedTakesMine() {
        let mine = changed { $0.details = "In the hollow" }
        let theirs = changed { $0.details = "Under the bench" }
        #expect(mine.merging(theirs: theirs, base: base).details == "In the hollow")
    }

    @Test func aPlaceIChangedIsMineWhileTheirFieldChangesStay() {
        let moved = Coordinate(latitude: 47.5, longitude: 8.25)
        let mine = changed { $0.coordinate = moved }
        let theirs = changed { $0.reward = "Coin" }
        #expect(mine.merging(theirs: theirs, base: base) == changed { $0.coordinate = moved; $0.reward = "Coin" })
    }

    @Test func aPlaceOnlyTheyChangedOrRemovedStaysTheirs() {
        let mine = changed { $0.title = "Older Oak" }
        let theirs = changed { $0.coordinate = nil }
        #expect(mine.merging(theirs: theirs, base: base).coordinate == nil)
    }

    @Test func theListingStaysTheirsUnlessIChangedIt() {
        let mine = changed { $0.title = "Older Oak" }
        let theirs = changed { $0.listing.hint = "Look up" }
        #expect(mine.merging(theirs: theirs, base: base).listing == theirs.listing)
    }

    @Test func withNothingChangedElsewhereTheMergeIsMyVersion() {
        let mine = changed { $0.title = "Older Oak"; $0.listing.hint = "Look down" }
        #expect(mine.merging(theirs: base, base: base) == mine)
    }

    @Test func theConflictIsShownByThePartsEitherSideChangedAndNoOthers() {
        let mine = changed { $0.reward = "Gold coin"; $0.coordinate = nil }
        let theirs = changed { $0.details = "Under the bench"; $0.reward = "Coin" }
        #expect(GeoCache.parts(changedBy: mine, or: theirs, from: base) == [.field(.details), .field(.reward), .place])
    }
}
