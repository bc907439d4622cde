import GeoModel
import Testing

@Suite("Listing encoding")
struct ListingEncodingTests {
    static let full = Listing(
        type: "Multi-cache", container: "Micro", difficulty: Rating(halves: 3), terrain: Rating(halves: 10),
        hint: "Under the root\u{0}", longDescription: "<p>Start at the <b>bridge</b></p>", longDescriptionIsHTML: true,
        url: "https://coord.info/GC1A2B3", placed: "2004-08-07T07:00:00Z",
        logs: [CacheLog(date: "2024-05-01T19:00:00Z", type: "Found it", finder: "ana", text: "TFTC 🌲"),
               CacheLog(date: "2024-04-30", type: "Didn't find it", finder: "bo", text: String(repeating: "x", count: 300))])

    @Test("an empty listing is stored as nothing and read back from nothing")
    func emptyListingIsNull() {
        #expect(ListingEncoding.encode(.empty) == nil)
        #expect(ListingEncoding.decode(nil as [UInt8]?) == .empty)
    }

    @Test("every fact of a listing reads back exactly, NUL, emoji and long texts included")
    func fullListingRoundTrips() {
        #expect(ListingEncoding.decode(ListingEncoding.encode(Self.full)) == Self.full)
    }

    @Test("a listing with only some facts reads back with the others unknown")
    func partialListingRoundTrips() {
        let partial = Listing(terrain: Rating(halves: 2), url: "")
        #expect(ListingEncoding.decode(ListingEncoding.encode(partial)) == partial)
    }

    @Test("every truncation of an encoding is refused rather than misread")
    func truncatedEncodingsAreRefused() throws {
        let bytes = try #require(ListingEncoding.encode(Self.full))
        for length in 1..<bytes.count {
            let decoded = ListingEncoding.decode(Array(bytes.prefix(length)))
            #expect(decoded == nil || decoded != Self.full)
        }
    }

    @Test("bytes of an unknown version or tag read as no listing")
    func unknownBytesAreRefused() {
        #expect(ListingEncoding.decode([UInt8]([9, 1, 0])) == nil)
        #expect(ListingEncoding.decode([UInt8]([1, 99])) == nil)
    }
}
