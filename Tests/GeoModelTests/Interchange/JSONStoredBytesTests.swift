import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `list --json` and the JSON export of a stored cache, written from the store's bytes
/// (``CacheStore/forEachCacheRow(_:)``) and from the cache read as Strings: the same
/// bytes, pinned, for a cache with everything, on both stores.
@Suite("JSON of a stored cache")
struct JSONStoredBytesTests {
    /// A cache with every fact, non-ASCII text, control characters and quotes.
    static let cache: GeoCache = {
        let oakPlace = Coordinate(latitudeMicrodegrees: 47_376_900, longitudeMicrodegrees: -8_541_700)
        var cache = GeoCache(title: "Tür \"Zürich\" \\ 東京 😀\u{7F}", details: "Line\none\r\u{08}\u{0C}\u{1B}\u{01}\tend\u{85}",
                             creator: "chloé", reward: "Coin", code: "GC1A2B3", coordinate: oakPlace)
        var listing = Listing(type: "Multi-cache", container: "Small", difficulty: Rating(halves: 3),
                              terrain: Rating(halves: 10), hint: "Under \"the\" root, ß", longDescription: "<p>Lång\u{1F}</p>",
                              longDescriptionIsHTML: true, url: "https://coord.info/GC1A2B3", placed: "2004-08-07T07:00:00Z",
                              logs: [CacheLog(date: "2024-05-01T19:00:00Z", type: "Found it", finder: "bo",
                                              text: "TFTC\n\"ü\"", id: "123", finderID: "77"),
                                     CacheLog(date: "2024-04-01T00:00:00Z", type: "Write note", finder: "ana", text: "")],
                              travelBugs: [TravelBug(id: "9", ref: "TB1X", name: "Bär \"Bo\"")], symbol: "Geocache Found",
                              available: false, archived: true, shortDescription: "Kurz\t", shortDescriptionIsHTML: true,
                              country: "Schweiz", state: "Zürich", cacheID: "4711", ownerName: "Ömer", ownerID: "42",
                              attributes: [CacheAttribute(source: "groundspeak", id: "1", isOn: true, name: "Dogs"),
                                           CacheAttribute(source: "groundspeak", id: "6", isOn: false, name: "Kids \"ok\"")],
                              waypoints: [AdditionalWaypoint(code: "PK1A2B3", kind: "Parking Area", name: "Parkplatz",
                                                             coordinate: Coordinate(latitudeMicrodegrees: -1,
                                                                                    longitudeMicrodegrees: 179_999_999),
                                                             comment: "Gratis\n", symbol: "Parking", time: "2024-01-01T00:00:00Z",
                                                             url: "https://x/y", urlName: "Y"),
                                          AdditionalWaypoint(code: "FN1A2B3", kind: "Final Location", name: "Ziel",
                                                             coordinate: nil)])
        listing.asOf = "2024-05-02T00:00:00Z"
        cache.listing = listing
        return cache
    }()

    /// The person's data on ``cache``.
    static let own = OwnData(found: "2026-05-04T10:00:00Z", note: "Mit \"Kindern\"\n😀",
                             corrected: Coordinate(latitudeMicrodegrees: 47_000_001, longitudeMicrodegrees: 8_000_000))

    /// A store of `kind` holding ``cache`` with ``own``, then Old Oak with a code alone.
    private static func store(_ kind: StoreKind) throws -> (StoreFixture, any CacheStore) {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(cache)
        var oak = Samples.oak
        oak.code = "GC2BCDE"
        try store.add(oak)
        try store.setOwnData(own, forCode: "GC1A2B3", as: WriteID())
        return (fixture, store)
    }

    /// What `list --json` writes of `store`, from its bytes or from its Strings; with
    /// the club store's record of each cache (``StoredCache/club``) only when `club`.
    private static func listing(_ store: any CacheStore, fromBytes: Bool, club: Bool = false) throws -> String {
        var writer = ListingWriter(format: .json)
        writer.own = try store.ownData()
        var output = BufferedWriter()
        if fromBytes {
            try store.forEachCacheRow { row in
                let kept = CacheRowBytes(fields: row.fields, code: row.code, coordinate: row.coordinate,
                                         listing: row.listing, club: club ? row.club : nil)
                try writer.write(kept, to: &output)
            }
        } else {
            try store.forEachCache { stored in
                try writer.write(StoredCache(id: stored.id, cache: stored.cache, club: club ? stored.club : nil), to: &output)
            }
        }
        return output.text + JSONInterchange.closing(isEmpty: false)
    }

    /// What a JSON export writes of `store`, from its bytes or from its Strings.
    private static func export(_ store: any CacheStore, fromBytes: Bool) throws -> String {
        var output = BufferedWriter()
        var isFirst = true
        if fromBytes {
            try store.forEachCacheRow { row in
                JSONInterchange.writeElement(for: row, isFirst: isFirst, to: &output)
                isFirst = false
            }
        } else {
            try store.forEachCache { stored in
                JSONInterchange.writeElement(for: stored.cache, isFirst: isFirst, to: &output)
                isFirst = false
            }
        }
        return output.text + JSONInterchange.closing(isEmpty: false)
    }

    @Test("list --json writes a stored cache with everything as pinned, from its bytes and from its Strings",
          arguments: StoreKind.allCases)
    func listJSONIsPinned(_ kind: StoreKind) throws {
        let (fixture, store) = try Self.store(kind)
        defer { _ = fixture }
        #expect(try Self.listing(store, fromBytes: true) == Self.pinnedListing)
        #expect(try Self.listing(store, fromBytes: false) == Self.pinnedListing)
    }

    @Test("list --json from the store's bytes writes a club store's record of a cache as from its Strings",
          arguments: StoreKind.allCases)
    func listJSONKeepsTheClubRecord(_ kind: StoreKind) throws {
        let (fixture, store) = try Self.store(kind)
        defer { _ = fixture }
        #expect(try Self.listing(store, fromBytes: true, club: true) == Self.listing(store, fromBytes: false, club: true))
    }

    @Test("the JSON export writes a stored cache with everything as pinned, from its bytes and from its Strings",
          arguments: StoreKind.allCases)
    func exportJSONIsPinned(_ kind: StoreKind) throws {
        let (fixture, store) = try Self.store(kind)
        defer { _ = fixture }
        #expect(try Self.export(store, fromBytes: true) == Self.pinnedExport)
        #expect(try Self.export(store, fromBytes: false) == Self.pinnedExport)
    }

    @Test("a listing stored in another form than the encoder's is written as it reads back (the last of a fact twice)")
    func listingInAnotherFormIsWrittenAsDecoded() throws {
        // Version 1, hint "a", hint "b", an empty list of travel bugs.
        let bytes: [UInt8] = [1, 5, 1, UInt8(ascii: "a"), 5, 1, UInt8(ascii: "b"), 14, 0]
        let decoded = try #require(ListingEncoding.decode(bytes))
        var cache = Samples.oak
        cache.listing = decoded
        #expect(Self.element(Samples.oak, listing: bytes) == JSONInterchange.element(for: cache, isFirst: true))
        #expect(decoded.hint == "b")
    }

    @Test("a field whose stored bytes are not UTF-8 is written as a String of them holds it, with U+FFFD")
    func bytesThatAreNotUTF8AreRepaired() {
        let title: [UInt8] = [UInt8(ascii: "O"), 0xFF, UInt8(ascii: "\""), 0xC3]
        var repaired = Samples.oak
        repaired.title = String(decoding: title, as: UTF8.self)
        #expect(Self.element(Samples.oak, title: title) == JSONInterchange.element(for: repaired, isFirst: true))
    }

    /// The export element of `cache` lent as bytes, with `title` and `listing` as given.
    private static func element(_ cache: GeoCache, title: [UInt8]? = nil, listing: [UInt8]? = nil) -> String {
        var output = BufferedWriter()
        cache.withRowBytes(id: CacheID(rawValue: 1)) { row in
            (title ?? Array(cache.title.utf8)).withUnsafeBufferPointer { title in
                let fields = CacheFieldBytes(id: row.fields.id, title: title, details: row.fields.details,
                                             creator: row.fields.creator, reward: row.fields.reward)
                let listingBytes = listing ?? []
                listingBytes.withUnsafeBytes { listing in
                    let lent = CacheRowBytes(fields: fields, code: row.code, coordinate: row.coordinate,
                                             listing: listing.isEmpty ? row.listing : listing)
                    JSONInterchange.writeElement(for: lent, isFirst: true, to: &output)
                }
            }
        }
        return output.text
    }
}
