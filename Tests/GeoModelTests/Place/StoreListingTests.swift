import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A cache's place and listing are stored with it, read back exactly, and part of the
/// version an edit or a delete compares with.
@Suite("Places and listings in a store")
struct StoreListingTests {
    static let listing = Listing(
        type: "Multi-cache", container: "Micro", difficulty: Rating(halves: 3), terrain: Rating(halves: 10),
        hint: "Under the root\u{0}", longDescription: "<p>Start at the <b>bridge</b> 🌉</p>", longDescriptionIsHTML: true,
        url: "https://coord.info/GC1A2B3", placed: "2004-08-07T07:00:00Z",
        logs: [CacheLog(date: "2024-05-01T19:00:00Z", type: "Found it", finder: "ana", text: "TFTC 🌲"),
               CacheLog(date: "2024-04-30", type: "Didn't find it", finder: "bo", text: "")])

    /// The oak with a place at the edge of the range and a full listing.
    static let placedOak = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug",
                                    coordinate: Coordinate(latitude: -89.999999, longitude: 180), listing: listing)

    @Test("a place and a listing read back exactly through every read, also in another session",
          arguments: StoreKind.allCases)
    func placeAndListingReadBack(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stored = try fixture.store.add(Self.placedOak)
        #expect(stored.cache.coordinate == Self.placedOak.coordinate)
        #expect(stored.cache.listing == Self.listing)
        let other = try fixture.open()
        #expect(try other.first() == stored)
        #expect(try other.last() == stored)
        #expect(try other.cache(stored.id) == stored)
        #expect(try other.find("oak") == [stored])
        #expect(try other.cache(withCode: stored.cache.code!) == stored)
        var walked: [StoredCache] = []
        try other.forEachCache { walked.append($0) }
        #expect(walked == [stored])
    }

    @Test("a cache without a place or a listing reads back without them", arguments: StoreKind.allCases)
    func nothingMoreReadsBackAsNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.oak)
        let read = try #require(try fixture.open().first())
        #expect(read.cache.coordinate == nil)
        #expect(read.cache.listing.isEmpty)
    }

    @Test("an edit writes a new place and listing, and an edit without them removes them", arguments: StoreKind.allCases)
    func editWritesPlaceAndListing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stored = try fixture.store.add(Samples.oak)
        var placed = stored.cache
        placed.coordinate = Coordinate(latitude: 47.368717, longitude: 8.540933)
        placed.listing = Self.listing
        let updated = try fixture.store.update(stored, to: placed)
        #expect(try fixture.open().cache(stored.id) == updated)
        #expect(updated.cache.coordinate == placed.coordinate && updated.cache.listing == Self.listing)
        let cleared = try fixture.store.update(updated, to: Samples.oak)
        #expect(try fixture.open().cache(stored.id) == cleared)
        #expect(cleared.cache.coordinate == nil && cleared.cache.listing.isEmpty)
    }

    @Test("an edit of a version whose place another session changed is refused and writes nothing",
          arguments: StoreKind.allCases)
    func editConflictsOnAChangedPlace(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let shown = try fixture.store.add(Self.placedOak)
        var moved = shown.cache
        moved.coordinate = Coordinate(latitude: 10, longitude: 10)
        let newer = try fixture.open().update(shown, to: moved)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try fixture.store.update(shown, to: Samples.mill) }
        #expect(try fixture.store.cache(shown.id) == newer)
    }

    @Test("an edit of a version whose listing another session changed is refused and writes nothing",
          arguments: StoreKind.allCases)
    func editConflictsOnAChangedListing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let shown = try fixture.store.add(Self.placedOak)
        var logged = shown.cache
        logged.listing.logs.append(CacheLog(date: "2024-06-01", type: "Write note", finder: "cy", text: "Wet"))
        let newer = try fixture.open().update(shown, to: logged)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try fixture.store.update(shown, to: Samples.mill) }
        #expect(try fixture.store.cache(shown.id) == newer)
    }

    @Test("a delete of a version whose listing another session changed deletes nothing", arguments: StoreKind.allCases)
    func deleteConflictsOnAChangedListing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let shown = try fixture.store.add(Self.placedOak)
        var rated = shown.cache
        rated.listing.terrain = Rating(halves: 4)
        let newer = try fixture.open().update(shown, to: rated)
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try fixture.store.delete(shown) }
        #expect(try fixture.store.count() == 1)
    }

    /// A GPX 1.0 file of Groundspeak geocaches, one per `(code, title)`.
    private func gpx(_ caches: [(code: String, title: String)]) -> [UInt8] {
        let waypoints = caches.map { code, title in
            """
              <wpt lat="47.1" lon="8.2">
                <name>\(code)</name>
                <desc>\(title)</desc>
                <type>Geocache|Traditional Cache</type>
                <groundspeak:cache id="1" available="True" archived="False" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0">
                  <groundspeak:name>\(title)</groundspeak:name>
                  <groundspeak:placed_by>ana</groundspeak:placed_by>
                  <groundspeak:type>Traditional Cache</groundspeak:type>
                  <groundspeak:short_description html="False">By the path</groundspeak:short_description>
                </groundspeak:cache>
              </wpt>
            """
        }
        let document = """
            <?xml version="1.0" encoding="utf-8"?>
            <gpx version="1.0" creator="tests" xmlns="http://www.topografix.com/GPX/1/0">
            \(waypoints.joined(separator: "\n"))
            </gpx>
            """
        return Array(document.utf8)
    }

    @Test("an import that updated a cache makes an edit of the version read before it a conflict",
          arguments: StoreKind.allCases)
    func importMakesAnOpenEditAConflict(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: .bytes(gpx([("GC1A2B3", "Corner")]), name: "first.gpx"))
        let shown = try #require(try fixture.store.cache(withCode: "GC1A2B3"))
        let report = try fixture.open().importCaches(from: .bytes(gpx([("GC1A2B3", "Corner, renamed")]), name: "newer.gpx"))
        #expect(report.updated == 1)
        let newer = try #require(try fixture.store.cache(withCode: "GC1A2B3"))
        #expect(newer.cache.title == "Corner, renamed")
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) {
            try fixture.store.update(shown, to: shown.cache.replacingFields([.title: "Mine", .details: "d", .creator: "c", .reward: "r"]))
        }
    }
}
