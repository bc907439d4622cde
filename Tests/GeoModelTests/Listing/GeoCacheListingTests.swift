import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The code, place and listing a cache carries beyond the lab's four fields.
@Suite("A cache's code, place and listing")
struct GeoCacheListingTests {
    static let placed = GeoCache(
        title: "Lake", details: "By the water", creator: "ana", reward: "Coin", code: "GC1A2B3",
        coordinate: Coordinate(latitudeMicrodegrees: -33_856_784, longitudeMicrodegrees: 151_215_297),
        listing: ListingEncodingTests.full)

    @Test("a cache with only the lab's fields has exactly the lab's four keys")
    func labCacheHasFourKeys() {
        #expect(Set(Samples.oak.dictionary.keys) == ["title", "details", "creator", "reward"])
    }

    @Test("a cache made from any cache's dictionary equals it, listing and logs included")
    func dictionaryRoundTripsEverything() {
        #expect(GeoCache(fromDictionary: Self.placed.dictionary) == Self.placed)
    }

    @Test("the dictionary writes the place in decimal degrees to six places")
    func dictionaryPlaceIsSixDecimals() {
        #expect(Self.placed.dictionary["latitude"] == "-33.856784")
        #expect(Self.placed.dictionary["longitude"] == "151.215297")
    }

    @Test("the four keys alone still make a cache, whatever else is there")
    func extraKeysThatDoNotReadBackAreIgnored() {
        let cache = GeoCache(fromDictionary: ["title": "T", "details": "D", "creator": "C", "reward": "R",
                                              "latitude": "north", "difficulty": "7", "colour": "green"])
        #expect(cache == GeoCache(title: "T", details: "D", creator: "C", reward: "R"))
    }

    @Test("Codable carries everything and still decodes the lab's four keys")
    func codableRoundTrips() throws {
        let data = try JSONEncoder().encode([Self.placed, Samples.oak])
        #expect(try JSONDecoder().decode([GeoCache].self, from: data) == [Self.placed, Samples.oak])
        let lab = Data(#"{"title":"T","details":"D","creator":"C","reward":"R"}"#.utf8)
        #expect(try JSONDecoder().decode(GeoCache.self, from: lab) == GeoCache(title: "T", details: "D", creator: "C", reward: "R"))
    }

    @Test("an edit of the four fields keeps the code, place and listing")
    func replacingFieldsKeepsTheRest() {
        let edited = Self.placed.replacingFields([.title: "Pond", .details: "d", .creator: "c", .reward: "r"])
        #expect(edited.title == "Pond" && edited.code == "GC1A2B3")
        #expect(edited.coordinate == Self.placed.coordinate && edited.listing == Self.placed.listing)
    }

    @Test("ratings are 1 to 5 in halves, written as files write them")
    func ratingsAreHalves() {
        #expect(Rating(text: "1.5")?.halves == 3)
        #expect(Rating(text: "5.0")?.text == "5")
        #expect(Rating(text: "0.5") == nil && Rating(text: "5.5") == nil && Rating(text: "2.25") == nil)
        #expect(Listing(difficulty: Rating(halves: 3), terrain: Rating(halves: 8)).ratingsText == "D1.5/T4")
    }

    @Test("a rating is a number written out: an exponent, a hexadecimal number or nan is none",
          arguments: ["2e0", "0x4", "nan", "+", "1.5.0"])
    func aRatingIsANumberWrittenOut(_ text: String) {
        #expect(Rating(text: text) == nil)
    }

    @Test("a code made here is GT and seven characters of the geocaching alphabet")
    func generatedCodes() {
        var generator = SeededGenerator(state: 7)
        let codes = (0..<1000).map { _ in CacheCode.generate(using: &generator) }
        #expect(codes.allSatisfy { $0.count == 9 && $0.hasPrefix("GT") })
        #expect(codes.allSatisfy { $0.dropFirst(2).allSatisfy { "ILOSU".contains($0) == false } })
        #expect(Set(codes).count == codes.count)
    }

    @Test("codes compare in capitals without surrounding space, and odd ones are refused")
    func codesAreNormalized() {
        #expect(CacheCode.normalized(" gc1a2b3\n") == "GC1A2B3")
        #expect(CacheCode.normalized("") == nil && CacheCode.normalized("GC 12") == nil)
        #expect(CacheCode.normalized("ÖC12") == nil)
    }

    @Test("a code already trimmed is put in capitals, and one in capitals is kept as it is")
    func trimmedCodesAreNormalized() {
        #expect(CacheCode.normalized("gc1a2b3") == "GC1A2B3")
        #expect(CacheCode.normalized("Oc-12_z") == "OC-12_Z")
        #expect(CacheCode.normalized("GC1A2B3") == "GC1A2B3")
        #expect(CacheCode.normalized("GC1 2B3") == nil && CacheCode.normalized("G\u{301}C12") == nil)
        #expect(CacheCode.normalized(String(repeating: "A", count: 33)) == nil)
    }
}

/// What an import may change in a cache stored under the same code.
@Suite("Updating a stored cache from a file")
struct GeoCacheUpdatingTests {
    static let stored = GeoCacheListingTests.placed

    @Test("the file's version of every fact it gives replaces the stored one")
    func fileReplacesWhatItGives() {
        var imported = GeoCache(title: "Lake II", details: "New text", creator: "bo", reward: "Pen", code: "GC1A2B3",
                                coordinate: Coordinate(latitudeMicrodegrees: 1, longitudeMicrodegrees: 2))
        imported.listing.hint = "New hint"
        let result = Self.stored.updated(byImporting: imported, coverage: .complete)
        #expect(result.title == "Lake II" && result.details == "New text" && result.reward == "Pen")
        #expect(result.coordinate == imported.coordinate && result.listing.hint == "New hint")
    }

    @Test("what the file does not give is kept: a LOC file keeps details, reward, hint and logs")
    func locKeepsWhatItDoesNotCarry() {
        let imported = GeoCache(title: "Lake", details: "GC1A2B3", creator: "ana", reward: "unknown", code: "GC1A2B3")
        let result = Self.stored.updated(byImporting: imported, coverage: .location)
        #expect(result == Self.stored)
    }

    @Test("the stored code stays whatever the file's record says")
    func codeStays() {
        var imported = Self.stored
        imported.code = "gc1a2b3"
        #expect(Self.stored.updated(byImporting: imported, coverage: .complete).code == "GC1A2B3")
    }
}
