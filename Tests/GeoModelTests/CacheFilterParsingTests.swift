import Foundation
import Testing
@testable import GeoModel

/// A filter typed as a line (issue 38, filters in the form): the words of the command
/// line's options and of the summary, read back to the same filter, and every word that
/// is not one refused naming it.
@Suite struct CacheFilterParsingTests {
    static let here = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)!

    @Test("the issue's example reads as every condition it names")
    func readsTheExample() throws {
        let filter = try CacheFilter(parsing: "not found, available, multi-cache, D1-2.5, T3-5, within 5km", origin: Self.here)
        var expected = CacheFilter()
        expected.found = false
        expected.statuses = [.available]
        expected.types = ["Multi-cache"]
        expected.difficulty = try RatingRange(parsing: "1-2.5")
        expected.terrain = try RatingRange(parsing: "3-5")
        expected.within = CacheFilter.Radius(center: Self.here, metres: 5000)
        #expect(filter == expected)
    }

    @Test("an empty or blank line is a filter that keeps every cache", arguments: ["", "   ", " , "])
    func emptyKeepsAll(_ text: String) throws {
        #expect(try CacheFilter(parsing: text).keepsEverything)
    }

    @Test("values of one condition are joined by or, and a condition given again adds its values")
    func orAndRepeatedSetsAdd() throws {
        let filter = try CacheFilter(parsing: "available or disabled, archived, Micro or SMALL, small")
        #expect(filter.statuses == [.available, .disabled, .archived])
        #expect(filter.containers == ["Micro", "Small"])
    }

    @Test("the keywords of the command line's options read any name after them")
    func keywordsReadAnyName() throws {
        let filter = try CacheFilter(parsing: "status disabled, type Quiz or Moving, container Nano, difficulty 2, terrain 1-1.5")
        #expect(filter.statuses == [.disabled])
        #expect(filter.types == ["Quiz", "Moving"])
        #expect(filter.containers == ["Nano"])
        #expect(filter.difficulty == (try RatingRange(parsing: "2")))
        #expect(filter.terrain == (try RatingRange(parsing: "1-1.5")))
    }

    @Test("a known type or container is spelled as geocaching.com spells it, whatever its case")
    func knownNamesAreSpelledAsKnown() throws {
        let filter = try CacheFilter(parsing: "traditional   cache or EARTHCACHE, not CHOSEN")
        #expect(filter.types == ["Traditional Cache", "Earthcache"])
        #expect(filter.containers == ["Not chosen"])
    }

    @Test("found and not found read as found and not found")
    func foundAndNotFound() throws {
        #expect(try CacheFilter(parsing: "Found").found == true)
        #expect(try CacheFilter(parsing: "not found").found == false)
    }

    @Test("the summary of a filter read from a line reads back to the same filter", arguments: [
        "not found, available, multi-cache, D1-2.5, T3-5, within 5km",
        "found, disabled or archived, type Quiz or Multi-cache, container Nano or Micro, D3, T1-1.5, within 3mi",
        "Earthcache or Virtual Cache, Virtual, within 1.234 km",
        "within 350m",
        "within 0.000015m",
    ])
    func summaryRoundTrips(_ text: String) throws {
        let filter = try CacheFilter(parsing: text, origin: Self.here)
        #expect(try CacheFilter(parsing: filter.summary, origin: Self.here) == filter)
    }

    @Test("a type or container geocaching.com does not name follows its keyword in the summary")
    func summaryNamesOtherNamesWithTheirKeyword() throws {
        let filter = try CacheFilter(parsing: "type Quiz, container Nano")
        #expect(filter.summary == "type Quiz, container Nano")
    }

    @Test("a distance the summary would round is written there exactly")
    func summaryWritesAnOddDistanceExactly() throws {
        let filter = try CacheFilter(parsing: "within 4828.5m", origin: Self.here)
        #expect(filter.summary == "within 4828.5 m")
    }

    @Test("a distance given in miles is written in miles", arguments: [("3mi", "3 mi"), ("2.5 mi", "2.5 mi")])
    func summaryWritesMilesAsMiles(_ written: String, _ summary: String) throws {
        let filter = try CacheFilter(parsing: "within " + written, origin: Self.here)
        #expect(filter.summary == "within " + summary)
        #expect(try CacheFilter(parsing: filter.summary, origin: Self.here) == filter)
    }

    @Test("a word that is no condition is refused naming it", arguments: [
        ("availble", FilterParseError.unknown("availble")),
        ("available or Micro", .mixed("available or Micro")),
        ("Micro or tiny", .unknown("tiny")),
        ("status lost", .status("lost")),
        ("D6", .ratings("6")),
        ("T1-", .ratings("1-")),
        ("difficulty", .noValue("difficulty")),
        ("type Quiz or", .noValue("type Quiz or")),
        ("within 5 parsecs", .distance("5 parsecs")),
        ("D1, D2", .repeated("D2")),
        ("found, not found", .repeated("not found")),
        ("found or not found", .foundAlternatives("found or not found")),
        ("Not Found or found", .foundAlternatives("Not Found or found")),
        ("found or available", .mixed("found or available")),
        ("T1 or T5", .ratingAlternatives("T1 or T5")),
        ("D1-2 or D4-5", .ratingAlternatives("D1-2 or D4-5")),
        ("terrain 1 or 5", .ratingAlternatives("terrain 1 or 5")),
    ])
    func refusesNamingTheWord(_ text: String, _ error: FilterParseError) {
        #expect(throws: error) { try CacheFilter(parsing: text, origin: Self.here) }
    }

    @Test("found or not found is refused saying that found and not found are not joined with or")
    func foundOrNotFoundSaysWhatIsWrong() {
        let error = #expect(throws: FilterParseError.self) { try CacheFilter(parsing: "found or not found") }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("\"found or not found\": found and not found cannot be joined with or"), "\(text)")
        #expect(!text.contains("is not a condition"))
    }

    @Test("within without a place to measure from is refused, saying so")
    func withinNeedsAnOrigin() {
        #expect(throws: FilterParseError.noCentre("within 2km")) { try CacheFilter(parsing: "within 2km") }
        #expect(FilterParseError.noCentre("within 2km").description.contains("needs a place to measure from"))
    }

    @Test("the message of an unknown word names it and the conditions there are")
    func unknownWordMessage() {
        let message = FilterParseError.unknown("availble").description
        #expect(message.hasPrefix("\"availble\" is not a condition"))
        #expect(message.contains("D1-2.5, T3-5 or within 5km"))
    }
}
