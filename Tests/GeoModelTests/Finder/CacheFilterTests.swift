import Foundation
import Testing
@testable import GeoModel

/// The finder's filter (groundwork for issue 38): each condition keeps only the caches
/// it names, conditions combine, and the values people write are read or refused clearly.
@Suite struct CacheFilterTests {
    static let here = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)!

    static func cache(type: String? = "Multi-cache", container: String? = "Small", difficulty: Int? = 4,
                      terrain: Int? = 6, archived: Bool = false, north metres: Double? = 1000) -> GeoCache {
        var cache = GeoCache(title: "T", details: "D", creator: "C", reward: "R")
        cache.listing = Listing(type: type, container: container, difficulty: difficulty.flatMap { Rating(halves: $0) },
                                terrain: terrain.flatMap { Rating(halves: $0) }, available: archived ? false : nil,
                                archived: archived ? true : nil)
        cache.coordinate = metres.map {
            Coordinate(latitudeMicrodegrees: 47_000_000 + Int32($0 / 0.111_195), longitudeMicrodegrees: 8_000_000)!
        }
        return cache
    }

    @Test("a filter with no condition keeps every cache, also one with nothing but its four fields")
    func anEmptyFilterKeepsAll() {
        #expect(CacheFilter().keeps(GeoCache(title: "T", details: "D", creator: "C", reward: "R")))
        #expect(CacheFilter().keepsEverything)
    }

    @Test("a status condition keeps only caches of those statuses")
    func statusKeepsOnlyThose() {
        var filter = CacheFilter()
        filter.statuses = [.available]
        #expect(filter.keeps(Self.cache()))
        #expect(!filter.keeps(Self.cache(archived: true)))
    }

    @Test("type and container conditions ignore case and keep no cache whose value is unknown")
    func typeAndContainerIgnoreCase() {
        var filter = CacheFilter()
        filter.types = ["multi-CACHE"]
        filter.containers = ["small", "micro"]
        #expect(filter.keeps(Self.cache()))
        #expect(!filter.keeps(Self.cache(type: "Traditional Cache")))
        #expect(!filter.keeps(Self.cache(container: nil)))
    }

    @Test("difficulty and terrain ranges include both ends and keep no cache without a rating")
    func rangesIncludeTheirEnds() throws {
        var filter = CacheFilter()
        filter.difficulty = try RatingRange(parsing: "1-2")
        filter.terrain = try RatingRange(parsing: "3")
        #expect(filter.keeps(Self.cache(difficulty: 4, terrain: 6)))
        #expect(!filter.keeps(Self.cache(difficulty: 5)))
        #expect(!filter.keeps(Self.cache(terrain: nil)))
    }

    @Test("within keeps the caches at most that far away and none without a place")
    func withinMeasuresTheGreatCircle() throws {
        var filter = CacheFilter()
        filter.within = CacheFilter.Radius(center: Self.here, metres: try CacheFilter.metres(parsing: "2km"))
        #expect(filter.keeps(Self.cache(north: 1500)))
        #expect(!filter.keeps(Self.cache(north: 2500)))
        #expect(!filter.keeps(Self.cache(north: nil)))
    }

    @Test("distances are read in km, m, mi or bare metres", arguments: [
        ("5km", 5000.0), ("2.5 km", 2500), ("500m", 500), ("500", 500), ("3mi", 4828.032), (" 1KM ", 1000),
    ])
    func readsDistances(_ text: String, _ metres: Double) throws {
        #expect(abs(try CacheFilter.metres(parsing: text) - metres) < 0.001)
    }

    @Test("a distance that is not one, not positive or beyond half the Earth is refused naming it",
          arguments: ["", "km", "-5km", "0", "5 parsecs", "nan", "30000km"])
    func refusesBadDistances(_ text: String) {
        #expect(throws: FilterParseError.distance(text)) { try CacheFilter.metres(parsing: text) }
    }

    @Test("a rating range is refused unless it is ratings of 1 to 5 in halves", arguments: ["0-2", "1-2.3", "1-", "1-2-3", "x"])
    func refusesBadRanges(_ text: String) {
        #expect(throws: FilterParseError.ratings(text)) { try RatingRange(parsing: text) }
    }

    @Test("a range written high to low is the same range")
    func aReversedRangeIsTheSame() throws {
        #expect(try RatingRange(parsing: "4-2") == RatingRange(parsing: "2-4"))
    }

    @Test("the summary names every condition set, in a fixed order")
    func summaryNamesConditions() throws {
        var filter = CacheFilter()
        filter.within = CacheFilter.Radius(center: Self.here, metres: 5000)
        filter.difficulty = try RatingRange(parsing: "1-2.5")
        filter.statuses = [.disabled, .available]
        filter.types = ["Multi-cache"]
        #expect(filter.summary == "available or disabled, Multi-cache, D1-2.5, within 5.00 km")
    }
}
