import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// geocaching.com's LOC files: read by `import` (detected by content), written by
/// `export --format loc`, with the same refusals of hostile XML as GPX.
@Suite("LOC reading and writing")
struct LOCInterchangeTests {
    private func records(_ fixture: String) throws -> [ImportRecord] {
        try Interchange.records(.file(try Interchange.fixture(fixture).path))
    }

    @Test func aGeocachingComLOCWithCDATANamesIsRead() throws {
        #expect(Interchange.labCaches(try records("geocaching-cdata.loc")) == [
            GeoCache(title: "Old Mill Ruins", details: "GC1MILL", creator: "trailfox & Family", reward: "Container: Small"),
            GeoCache(title: "東京タワーの下", details: "GC2TKYO", creator: "山田太郎", reward: "Type: Geocache"),
        ])
    }

    @Test func aLOCWithEscapedTextNamesIsReadAndItsNameWithoutOwnerGetsUnknown() throws {
        let records = try records("plain-text.loc")
        #expect(Interchange.labCaches(records) == [
            GeoCache(title: "Walk by the River", details: "GC3OLD", creator: "Ken & Co", reward: "Type: Geocache"),
            GeoCache(title: "Nameless Stump", details: "GC4NONE", creator: "unknown", reward: "Type: Geocache"),
        ])
    }

    @Test func aLOCWaypointOfAnotherTypeIsSkippedAndCounted() throws {
        let skipped = try records("plain-text.loc").compactMap {
            if case .notAGeocache(let location) = $0 { location } else { nil }
        }
        #expect(skipped.map(\.code) == ["BM1234"])
        #expect(skipped.first?.position?.line == 12)
    }

    @Test func entityDeclarationsInALOCAreRefusedUnread() throws {
        let laughs = Interchange.importError(.file(try Interchange.fixture("billion-laughs.loc").path))
        #expect(laughs?.kind == .hostileXML)
        #expect(laughs?.position == TextPosition(line: 3, column: 3))
        let external = Interchange.importError(.file(try Interchange.fixture("external-entity.loc").path))
        #expect(external?.kind == .hostileXML)
        #expect(external?.position == TextPosition(line: 2, column: 16))
    }

    @Test func anExternalDTDIsNeverFetchedAndTheWaypointsAreRead() throws {
        #expect(Interchange.caches(try records("external-dtd.loc")).map(\.title) == ["Fine Cache"])
    }

    @Test func deepNestingInALOCIsRefusedAsMalformed() throws {
        let depth = 100_000
        let text = "<loc><waypoint>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
            + "</waypoint></loc>"
        let start = ContinuousClock.now
        let error = Interchange.importError(.bytes(Array(text.utf8), name: "deep.loc"))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(error?.kind == .malformedXML)
        #expect(error?.reason == "refused: elements nested more than 256 deep")
    }

    @Test func aHugeNameInALOCIsRefusedNotHeldInMemory() throws {
        var bytes = Array("<loc><waypoint><name id=\"GC1\"><![CDATA[".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 12 << 20)
        bytes += Array(" by ana]]></name></waypoint></loc>".utf8)
        let error = Interchange.importError(.bytes(bytes, name: "huge.loc"))
        #expect(error?.kind == .malformedXML)
        #expect(error?.reason == "malformed XML: a text, CDATA section or name longer than libxml2 accepts (10 MB)"
                + " in the waypoint that starts here")
        #expect(error?.position?.line == 1)
    }

    @Test func manyWaypointsStreamThroughInOrder() throws {
        var text = "<loc version=\"1.0\">"
        for number in 0..<5_000 {
            text += "<waypoint><name id=\"GC\(number)\"><![CDATA[Cache \(number) by ana]]></name><type>Geocache</type></waypoint>\n"
        }
        text += "</loc>"
        let caches = Interchange.caches(try Interchange.records(text: text))
        #expect(caches.count == 5_000)
        #expect(caches.last?.title == "Cache 4999")
    }

    @Test("the LOC export writes code, TITLE by CREATOR, coordinates, link, ratings and the container's number, and leaves out a cache without a place")
    func theExportIsALOCFileWithCodeTitleByCreatorCoordinatesAndTheListingsFacts() {
        var cache = Samples.oak
        cache.code = "GC1A2B3"
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_368_717, longitudeMicrodegrees: -8_540_933)
        cache.listing = Listing(type: "Multi-cache", container: "Small", difficulty: Rating(halves: 3),
                                terrain: Rating(halves: 4), url: "https://coord.info/GC1A2B3?a=1&b=2")
        #expect(LOCWriter.document(for: [cache, Samples.bridge]) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <loc version="1.0" src="geocache-tui">
            <waypoint>
              <name id="GC1A2B3"><![CDATA[Old Oak by ana]]></name>
              <coord lat="47.368717" lon="-8.540933"/>
              <type>Geocache</type>
              <link text="Cache Details">https://coord.info/GC1A2B3?a=1&amp;b=2</link>
              <difficulty>1.5</difficulty>
              <terrain>2</terrain>
              <container>8</container>
            </waypoint>
            </loc>

            """)
    }

    @Test("a cache without a code of its own is written under its derived code")
    func aCacheWithoutItsOwnCodeIsWrittenUnderItsDerivedCode() {
        let cache = Interchange.placed([Samples.oak])[0]
        #expect(LOCWriter.waypoint(for: cache).contains(#"<name id="\#(Samples.oak.interchangeCode)">"#))
    }

    @Test("an exported LOC reads back code, coordinate, title and creator for awkward text")
    func anExportedLOCReadsBackCodeCoordinateTitleAndCreatorForAwkwardText() throws {
        let caches = Interchange.placed([
            Samples.oak,
            GeoCache(title: "東京タワーの下 🗼", details: "d", creator: "山田太郎", reward: "r"),
            GeoCache(title: "<b>not bold</b> & ]]> <![CDATA[", details: "d", creator: "a < b > c \"q\"", reward: "r"),
        ])
        let records = try Interchange.records(text: LOCWriter.document(for: caches), name: "x.loc")
        let read = Interchange.caches(records)
        #expect(read.map(\.title) == caches.map(\.title))
        #expect(read.map(\.creator) == caches.map(\.creator))
        #expect(read.map(\.details) == caches.map(\.interchangeCode))
        #expect(read.map(\.code) == caches.map { $0.interchangeCode })
        #expect(read.map(\.coordinate) == caches.map(\.coordinate))
    }

    @Test("a LOC waypoint is read with location coverage")
    func aLOCWaypointIsReadWithLocationCoverage() throws {
        let records = try records("geocaching-cdata.loc")
        let coverages = records.compactMap { if case .cache(_, _, let coverage) = $0 { coverage } else { nil } }
        #expect(coverages == [.location, .location])
    }

    @Test func cdataEndMarkersAreSplitAndControlsBecomePictures() {
        #expect(LOCWriter.cdata("a]]>b") == "<![CDATA[a]]]]><![CDATA[>b]]>")
        #expect(LOCWriter.cdata("esc \u{1B}\r") == "<![CDATA[esc \u{241B}\u{240D}]]>")
    }

    @Test("a LOC cache whose name has an empty id and no text is rejected for lacking a code, not for empty Details")
    func aLOCCacheWithAnEmptyIDIsRejectedForItsMissingCode() throws {
        let records = try Interchange.records(text: """
            <?xml version="1.0"?><loc version="1.0" src="Groundspeak">
            <waypoint><name id=""><![CDATA[Old Mill by ana]]></name><coord lat="47.1" lon="8.2"/><type>Geocache</type></waypoint>
            </loc>
            """, name: "a.loc")
        #expect(Interchange.rejections(records).map(\.reason)
                == ["no code (its <name id> is empty) and no description, so Details is empty"])
    }

    @Test("a LOC waypoint holding another is rejected, not read with the inner one dropped")
    func aLOCWaypointInsideAnotherIsRejected() throws {
        let records = try Interchange.records(text: """
            <?xml version="1.0"?><loc version="1.0" src="Groundspeak">
            <waypoint><name id="GC1AAA">Old Mill by ana</name><coord lat="47.1" lon="8.2"/>
            <waypoint><name id="GC1BBB">Inner by bo</name><coord lat="47.2" lon="8.2"/></waypoint></waypoint>
            </loc>
            """, name: "a.loc")
        #expect(Interchange.rejections(records).map(\.reason)
                == ["holds another <waypoint> (line 3): waypoints do not nest, so neither is imported"])
    }
}
