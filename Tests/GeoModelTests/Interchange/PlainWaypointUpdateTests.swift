import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A plain GPX waypoint (no Groundspeak, TerraCaching or Opencaching element) over a
/// cache a pocket query stored changes only what it gives: the reader makes up a title,
/// details and reward for a waypoint that has none, and those must not replace the
/// listing's, nor its silence on the status clear an archived cache.
@Suite("A plain GPX waypoint over a stored cache changes only what it gives")
struct PlainWaypointUpdateTests {
    private func source(_ text: String, _ name: String) -> ImportSource { .bytes(Array(text.utf8), name: name) }

    /// A pocket query of 2024-05-01 holding GC1A2B3, archived, with a travel bug, a short
    /// description and the symbol of a found cache.
    static let pocketQuery = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query">
        <time>2024-05-01T00:00:00Z</time>
        <wpt lat="47.1" lon="8.2"><time>2010-01-02T00:00:00</time><name>GC1A2B3</name><sym>Geocache Found</sym>\
        <type>Geocache|Traditional Cache</type>\
        <groundspeak:cache id="12345" available="False" archived="True" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">\
        <groundspeak:name>Oak</groundspeak:name><groundspeak:placed_by>ana</groundspeak:placed_by>\
        <groundspeak:type>Traditional Cache</groundspeak:type><groundspeak:container>Small</groundspeak:container>\
        <groundspeak:difficulty>2</groundspeak:difficulty><groundspeak:terrain>1</groundspeak:terrain>\
        <groundspeak:short_description html="False">Under the oak.</groundspeak:short_description>\
        <groundspeak:travelbugs><groundspeak:travelbug id="7" ref="TB1"><groundspeak:name>Coin</groundspeak:name>\
        </groundspeak:travelbug></groundspeak:travelbugs></groundspeak:cache></wpt>
        </gpx>
        """

    /// A plain GPX 1.0 file of June 2024 with one waypoint of GC1A2B3 holding `inner`.
    static func plain(latitude: String = "47.2", _ inner: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="a GPS unit">
        <time>2024-06-01T00:00:00Z</time>
        <wpt lat="\(latitude)" lon="8.2"><name>GC1A2B3</name><sym>Geocache</sym>\(inner)</wpt>
        </gpx>
        """
    }

    private func stored(_ kind: StoreKind, after plain: String) throws -> (cache: GeoCache, report: ImportReport) {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(Self.pocketQuery, "pq.gpx"))
        let report = try fixture.store.importCaches(from: source(plain, "unit.gpx"))
        return (try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache, report)
    }

    private func coverage(of text: String) throws -> GeoCache.Coverage? {
        try Interchange.records(text: text, name: "unit.gpx").lazy.compactMap {
            if case .cache(_, _, let coverage) = $0 { coverage } else { nil }
        }.first
    }

    @Test("a waypoint of only a name and a place moves the cache and keeps its four fields", arguments: StoreKind.allCases)
    func aBareWaypointKeepsTheFourFields(_ kind: StoreKind) throws {
        let (cache, report) = try stored(kind, after: Self.plain())
        #expect(report.updated == 1)
        #expect(cache.coordinate == Coordinate(latitudeMicrodegrees: 47_200_000, longitudeMicrodegrees: 8_200_000))
        #expect([cache.title, cache.details, cache.creator, cache.reward] == ["Oak", "GC1A2B3: Under the oak.", "ana", "Coin"])
    }

    @Test("a waypoint that says nothing of the status leaves an archived cache archived, its travel bugs and symbol",
          arguments: StoreKind.allCases)
    func aBareWaypointKeepsTheStatus(_ kind: StoreKind) throws {
        let listing = try stored(kind, after: Self.plain()).cache.listing
        #expect(listing.status == .archived)
        #expect(listing.travelBugs.map(\.name) == ["Coin"])
        #expect(listing.symbol == Listing.foundSymbol)
        #expect(listing.shortDescription == "Under the oak.")
    }

    @Test("a waypoint that repeats the stored place is counted unchanged", arguments: StoreKind.allCases)
    func aBareWaypointAtTheStoredPlaceChangesNothing(_ kind: StoreKind) throws {
        let report = try stored(kind, after: Self.plain(latitude: "47.1")).report
        #expect((report.updated, report.unchanged) == (0, 1))
    }

    @Test("a waypoint's \"TITLE by OWNER, TYPE (D/T)\" and comment replace the title, creator, reward, details and ratings",
          arguments: StoreKind.allCases)
    func whatAWaypointGivesReplacesTheStoredFields(_ kind: StoreKind) throws {
        let cache = try stored(kind, after: Self.plain("<desc>Old Oak by bo, Multi-cache (3/2)</desc><cmt>Behind the oak.</cmt>")).cache
        #expect([cache.title, cache.details, cache.creator, cache.reward]
            == ["Old Oak", "GC1A2B3: Behind the oak.", "bo", "Type: Multi-cache"])
        #expect(cache.listing.difficulty == Rating(halves: 6))
        #expect(cache.listing.status == .archived)
    }

    /// Waypoint contents, and which of the four fields each gives (a `GeoCache.Coverage.Fields` raw value).
    static let givenFields: [(inner: String, gives: UInt8)] = [
        ("", 0),
        ("<urlname>Old Oak</urlname>", GeoCache.Coverage.Fields.title.rawValue),
        ("<desc>Old Oak by bo</desc>", GeoCache.Coverage.Fields([.title, .creator]).rawValue),
        ("<cmt>Behind the oak.</cmt>", GeoCache.Coverage.Fields.details.rawValue),
        ("<desc>Old Oak by bo, Multi-cache (3/2)</desc><cmt>Behind the oak.</cmt>", GeoCache.Coverage.Fields.all.rawValue),
    ]

    @Test("the reader says which of the four fields a plain waypoint gives", arguments: givenFields)
    func theReaderTellsWhatIsGiven(_ inner: String, _ gives: UInt8) throws {
        #expect(try coverage(of: Self.plain(inner)) == .plainWaypoint(gives: .init(rawValue: gives)))
    }

    @Test("a creator the reader takes from the file's author is not given by the waypoint")
    func theFilesAuthorIsNoGivenCreator() throws {
        let text = Self.plain("<urlname>Old Oak</urlname>").replacingOccurrences(
            of: "<time>2024-06-01T00:00:00Z</time>", with: "<author>EasyGPS user</author><time>2024-06-01T00:00:00Z</time>")
        #expect(try coverage(of: text) == .plainWaypoint(gives: [.title]))
    }

    @Test("a pocket query's record still carries the whole listing")
    func aPocketQueryIsTheWholeListing() throws {
        #expect(try coverage(of: Self.pocketQuery) == .wholeListing)
    }
}
