import Foundation
import Testing
@testable import GeoModel

/// Every output format written into bytes is, byte for byte, what the scalar-by-scalar
/// reference (``OutputReference``) writes: over awkward strings, over generated ones,
/// in every field and in both JSON layouts.
@Suite("Output bytes")
struct OutputBytesTests {
    static let awkward = OutputReference.awkward
    static let generated = OutputReference.generated(count: 400, seed: 13)

    /// A cache with `text` in every field, a little different in each.
    private static func cache(_ text: String) -> GeoCache {
        GeoCache(title: text, details: "d" + text + text, creator: text + "c", reward: "r" + text)
    }

    /// ``cache(_:)`` at a coordinate: what GPX writes.
    private static func placedCache(_ text: String) -> GeoCache {
        var cache = cache(text)
        cache.coordinate = Coordinate(latitudeMicrodegrees: -12_345_678, longitudeMicrodegrees: 123_456_789)
        return cache
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: awkward)
    func theTabSeparatedLineMatchesTheReference(text: String) {
        let cache = Self.cache(text)
        #expect(Self.bytes(cache.tabSeparatedLine) == Self.bytes(OutputReference.tabSeparatedLine(cache)))
    }

    @Test(arguments: awkward)
    func theExportJSONElementMatchesTheReference(text: String) {
        let cache = Self.cache(text)
        for isFirst in [true, false] {
            #expect(Self.bytes(JSONInterchange.element(for: cache, isFirst: isFirst, layout: .export))
                    == Self.bytes(OutputReference.jsonElement(cache, isFirst: isFirst, listing: false)))
        }
    }

    @Test(arguments: awkward)
    func theListingJSONElementMatchesTheReference(text: String) {
        let cache = Self.cache(text)
        for isFirst in [true, false] {
            #expect(Self.bytes(JSONInterchange.element(for: cache, isFirst: isFirst, layout: .listing))
                    == Self.bytes(OutputReference.jsonElement(cache, isFirst: isFirst, listing: true)))
        }
    }

    @Test(arguments: awkward)
    func theGPXWaypointMatchesTheReference(text: String) {
        let cache = Self.placedCache(text)
        #expect(Self.bytes(GPXWriter.waypoint(for: cache)) == Self.bytes(OutputReference.gpxWaypoint(cache)))
    }

    @Test(arguments: awkward)
    func theInterchangeCodeIsTheOneFirstComputed(text: String) {
        let cache = Self.cache(text)
        #expect(cache.interchangeDigest == OutputReference.interchangeDigest(cache))
        #expect(cache.interchangeCode == OutputReference.interchangeCode(cache))
    }

    @Test func generatedCachesKeepTheirInterchangeDigest() {
        for text in Self.generated {
            let cache = GeoCache(title: text, details: text + text, creator: "\u{FFFE}" + text, reward: text + "\u{FFFF}")
            #expect(cache.interchangeDigest == OutputReference.interchangeDigest(cache))
        }
    }

    @Test func digestsWorkedOutTogetherAreTheOnesWorkedOutOneByOne() {
        // Generated and awkward text (U+FFFE and U+FFFF among it) in fields of different
        // lengths, and batch sizes that are not a multiple of four.
        let texts = Self.generated + Self.awkward
        let caches = texts.indices.map { index in
            GeoCache(title: texts[index], details: texts[(index + 1) % texts.count] + texts[index],
                     creator: index % 3 == 0 ? "" : texts[(index + 7) % texts.count],
                     reward: index % 5 == 0 ? "\u{FFFF}" : "r")
        }
        for count in [0, 1, 3, 4, 5, 8, 11, caches.count] {
            let batch = caches.prefix(count)
            #expect(GeoCache.interchangeDigests(batch) == batch.map(\.interchangeDigest))
        }
        #expect(caches.map(\.interchangeDigest) == caches.map(OutputReference.interchangeDigest))
    }

    @Test func generatedStringsEscapeAsTheReferenceDoesInEveryFormat() {
        for text in Self.generated {
            #expect(Self.bytes(GeoCache.escapedForLine(text)) == Self.bytes(OutputReference.line(text)))
            #expect(Self.bytes(GPXWriter.escaped(text)) == Self.bytes(OutputReference.xml(text)))
            #expect(Self.bytes(JSONInterchange.Layout.export.quoting(text))
                    == Self.bytes(OutputReference.json(text, upperCaseHex: true)))
            #expect(Self.bytes(JSONInterchange.Layout.listing.quoting(text))
                    == Self.bytes(OutputReference.json(text, upperCaseHex: false)))
        }
    }

    @Test func wholeDocumentsMatchTheReferenceForManyCaches() {
        let caches = (Self.awkward + Self.generated.prefix(50)).map(Self.cache)
        #expect(Self.bytes(JSONInterchange.document(for: caches)) == Self.bytes(OutputReference.jsonDocument(caches, listing: false)))
        #expect(Self.bytes(JSONInterchange.document(for: caches, layout: .listing))
                == Self.bytes(OutputReference.jsonDocument(caches, listing: true)))
        let placed = (Self.awkward + Self.generated.prefix(50)).map(Self.placedCache)
        #expect(Self.bytes(GPXWriter.document(for: placed)) == Self.bytes(OutputReference.gpxDocument(placed)))
    }

    @Test func anEmptyJSONDocumentIsAnEmptyArray() {
        #expect(JSONInterchange.document(for: []) == "[]\n")
        #expect(JSONInterchange.document(for: [], layout: .listing) == "[]\n")
    }

    @Test func decimalNumbersAreWrittenAsSwiftPrintsThem() {
        for number in [0, 7, 10, 999_999_999, Int.max, -1, Int.min + 1] {
            var output = BufferedWriter()
            output.append(decimal: number)
            #expect(output.text == String(number))
        }
    }
}

extension OutputBytesTests {
    @Test("list --codes writes a code with control characters escaped as a field is (a member's UPDATE can write any)")
    func aCodeIsEscapedAsAFieldIs() throws {
        var writer = ListingWriter(format: .lines, columns: [.code])
        var output = BufferedWriter()
        var cache = GeoCache(title: "T", details: "D", creator: "C", reward: "R")
        cache.code = "GTX\u{1B}]0;X\u{07}\t"
        try writer.write(StoredCache(id: CacheID(rawValue: 1), cache: cache), to: &output)
        #expect(output.text == "GTX\\u{1B}]0;X\\u{7}\\t\tT\tD\tC\tR\n")
    }
}
