import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// What the GPX and LOC reader and writers do with a cache's code, place and listing
/// beyond what each producer's file shows.
@Suite("GPX listing interchange")
struct GPXListingTests {
    /// A waypoint of a Groundspeak GPX 1.0 file with `attributes` on `<wpt>` and `inner`
    /// inside the cache element.
    static func gpx(_ attributes: String, name: String = "GC1A2B3", _ inner: String = "") -> String {
        """
        <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
        <wpt \(attributes)><name>\(name)</name><groundspeak:cache><groundspeak:name>Oak</groundspeak:name>\
        <groundspeak:placed_by>ana</groundspeak:placed_by>\(inner)</groundspeak:cache></wpt></gpx>
        """
    }

    @Test("a waypoint's lat and lon are read exactly to the microdegree, more decimals rounded half away from zero",
          arguments: [
              (#"lat="47.368717" lon="8.540933""#, 47_368_717, 8_540_933),
              (#"lat="47.3687175" lon="-8.5409325""#, 47_368_718, -8_540_933),
              (#"lat=" -0.0000004 " lon="+180""#, 0, 180_000_000),
              (#"lat="4.7368717e1" lon="85409.33E-4""#, 47_368_717, 8_540_933),
          ])
    func coordinatesAreExact(_ attributes: String, _ latitude: Int, _ longitude: Int) throws {
        let cache = Interchange.caches(try Interchange.records(text: Self.gpx(attributes))).first
        #expect(cache?.coordinate == Coordinate(latitudeMicrodegrees: Int32(latitude),
                                                longitudeMicrodegrees: Int32(longitude)))
    }

    @Test("a waypoint at 0,0, where geocache-tui's old exports put every cache, has no coordinate")
    func nullIslandIsNoCoordinate() throws {
        let cache = Interchange.caches(try Interchange.records(text: Self.gpx(#"lat="0.000000" lon="0.000000""#))).first
        #expect(cache != nil)
        #expect(cache?.coordinate == nil)
    }

    @Test("another program's gsak:LatBeforeCorrect and LonBeforeCorrect of 0,0 are no place: the waypoint's lat and lon stand")
    func aGSAKPlaceBeforeCorrectionAtNullIslandIsNoPlace() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1" \
            xmlns:gsak="http://www.gsak.net/xmlv1/6"><wpt lat="48.137154" lon="11.576124"><name>GC1MUCX</name>\
            <groundspeak:cache><groundspeak:name>Marienplatz</groundspeak:name><groundspeak:placed_by>Sepp</groundspeak:placed_by>\
            </groundspeak:cache><gsak:wptExtension><gsak:LatBeforeCorrect>0</gsak:LatBeforeCorrect>\
            <gsak:LonBeforeCorrect>0</gsak:LonBeforeCorrect></gsak:wptExtension></wpt></gpx>
            """
        let cache = Interchange.caches(try Interchange.records(text: text, name: "gsak.gpx")).first
        #expect(cache?.coordinate == Coordinate(latitudeMicrodegrees: 48_137_154, longitudeMicrodegrees: 11_576_124))
    }

    @Test("a waypoint whose lat or lon is not an angle is rejected, naming the attribute", arguments: [
        (#"lat="91" lon="8""#, #"lat="91" is not a number of degrees from -90 to 90"#),
        (#"lat="47" lon="east""#, #"lon="east" is not a number of degrees from -180 to 180"#),
        (#"lat="47""#, "lon is missing"),
    ])
    func badCoordinatesAreRejected(_ attributes: String, _ reason: String) throws {
        let rejections = Interchange.rejections(try Interchange.records(text: Self.gpx(attributes)))
        #expect(rejections.map(\.reason) == [reason])
    }

    @Test("a waypoint without lat and lon is a cache without a coordinate")
    func noCoordinate() throws {
        let cache = Interchange.caches(try Interchange.records(text: Self.gpx(""))).first
        #expect(cache?.title == "Oak")
        #expect(cache?.coordinate == nil)
    }

    @Test("a TerraCaching waypoint without its extension is a cache by its symbol")
    func terracacheSymbolIsACache() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0"><wpt lat="40.1" lon="-74.2"><name>TC9Q</name>\
            <desc>Harbor Light by Gull</desc><sym>Terracache</sym></wpt></gpx>
            """
        let caches = Interchange.caches(try Interchange.records(text: text))
        #expect(caches.map(\.code) == ["TC9Q"])
        #expect(caches.map(\.title) == ["Harbor Light"])
        #expect(caches.map(\.creator) == ["Gull"])
    }

    @Test("a reward the listing implies is written as no travel bug, and reads back the same")
    func impliedRewardIsNoTravelBug() throws {
        var cache = Interchange.placed([GeoCache(title: "t", details: "d", creator: "c", reward: "Container: Small")])[0]
        cache.listing.container = "Small"
        let document = GPXWriter.document(for: [cache])
        #expect(!document.contains("travelbug"))
        #expect(Interchange.caches(try Interchange.records(text: document, name: "x.gpx")).map(\.reward)
                == ["Container: Small"])
    }

    @Test("any other reward is written as the one travel bug")
    func otherRewardIsATravelBug() throws {
        var cache = Interchange.placed([GeoCache(title: "t", details: "d", creator: "c", reward: "Gold coin")])[0]
        cache.listing.container = "Small"
        let document = GPXWriter.document(for: [cache])
        #expect(document.contains("<groundspeak:name>Gold coin</groundspeak:name>"))
        #expect(Interchange.caches(try Interchange.records(text: document, name: "x.gpx")).map(\.reward) == ["Gold coin"])
    }

    /// A placed cache with `bugs` and `attributes`, whose reward the bugs' names give.
    private static func cache(bugs: [TravelBug], attributes: [CacheAttribute] = []) -> GeoCache {
        var cache = Interchange.placed([GeoCache(title: "t", details: "d", creator: "c",
                                                 reward: bugs.map(\.name).joined(separator: ", "))])[0]
        cache.listing.travelBugs = bugs
        cache.listing.attributes = attributes
        return cache
    }

    @Test("a travel bug whose id is not a number is written without the id, its reference and name kept, as the schema types the id as an integer")
    func aTravelBugWhoseIDIsNotANumberIsWrittenWithoutIt() throws {
        let bugs = [TravelBug(id: "abc", ref: "TB123", name: "Frog"), TravelBug(id: "", ref: "TB456", name: "Toad"),
                    TravelBug(id: "5551", ref: "TB7Q2X1", name: "Newt")]
        let document = GPXWriter.document(for: [Self.cache(bugs: bugs)])
        #expect(document.contains("<groundspeak:travelbug ref=\"TB123\">\n"))
        #expect(document.contains("<groundspeak:travelbug ref=\"TB456\">\n"))
        #expect(document.contains("<groundspeak:travelbug id=\"5551\" ref=\"TB7Q2X1\">\n"))
        #expect(!document.contains("abc"))
        let read = Interchange.caches(try Interchange.records(text: document, name: "x.gpx"))
        #expect(read.map(\.listing.travelBugs) == [[TravelBug(id: "", ref: "TB123", name: "Frog"),
                                                    TravelBug(id: "", ref: "TB456", name: "Toad"), bugs[2]]])
    }

    @Test("travel bugs and attributes whose ids are numbers, signed or zero too, read back from the export exactly")
    func numericIDsOfTravelBugsAndAttributesRoundTrip() throws {
        let bugs = [TravelBug(id: "0", ref: "TB1", name: "A"), TravelBug(id: "-7", ref: "TB2", name: "B"),
                    TravelBug(id: "123456789012345678901", ref: "TB3", name: "C")]
        let attributes = [CacheAttribute(source: CacheAttribute.groundspeak, id: "1", isOn: false, name: "Dogs"),
                          CacheAttribute(source: CacheAttribute.groundspeak, id: "+13", isOn: true, name: "Available")]
        let cache = Self.cache(bugs: bugs, attributes: attributes)
        let read = Interchange.caches(try Interchange.records(text: GPXWriter.document(for: [cache]), name: "x.gpx"))
        #expect(read.map(\.listing.travelBugs) == [bugs])
        #expect(read.map(\.listing.attributes) == [attributes])
    }

    @Test("an attribute whose id is not a number is left out of the GPX export, the others written, as no reader could tell what it means")
    func anAttributeWhoseIDIsNotANumberIsLeftOut() throws {
        let attributes = [CacheAttribute(source: CacheAttribute.groundspeak, id: "x", isOn: true, name: "Mystery"),
                          CacheAttribute(source: CacheAttribute.groundspeak, id: "", isOn: true, name: "None"),
                          CacheAttribute(source: CacheAttribute.groundspeak, id: "14", isOn: true, name: "Night")]
        let document = GPXWriter.document(for: [Self.cache(bugs: [], attributes: attributes)])
        #expect(document.contains("""
            <groundspeak:attributes>
                    <groundspeak:attribute id="14" inc="1">Night</groundspeak:attribute>
                  </groundspeak:attributes>
            """), "\(document)")
        #expect(!document.contains("Mystery") && !document.contains("None"))
    }

    @Test("the export writes the code as <name>, the placed date as <time>, the URL, type, container, D/T, hint, descriptions and logs")
    func everyFactIsWritten() {
        let waypoint = GPXWriter.waypoint(for: JSONListingTests.full)
        for expected in [#"<wpt lat="-33.856784" lon="8.000001">"#, "<time>2004-08-07T07:00:00Z</time>", "<name>GC1A2B3</name>",
                         "<desc>Old Oak by ana, Multi-cache (1.5/5)</desc>", "<url>https://coord.info/GC1A2B3</url>",
                         "<type>Geocache|Multi-cache</type>", "<groundspeak:type>Multi-cache</groundspeak:type>",
                         "<groundspeak:container>Small</groundspeak:container>",
                         "<groundspeak:difficulty>1.5</groundspeak:difficulty>",
                         "<groundspeak:terrain>5</groundspeak:terrain>",
                         #"<groundspeak:short_description html="False">Behind the tree</groundspeak:short_description>"#,
                         #"<groundspeak:long_description html="True">&lt;p&gt;Long&lt;/p&gt;</groundspeak:long_description>"#,
                         "<groundspeak:encoded_hints>Under &quot;the&quot; root</groundspeak:encoded_hints>",
                         "<groundspeak:finder id=\"0\">bo</groundspeak:finder>",
                         "<groundspeak:placed_by>ana</groundspeak:placed_by>",
                         "<groundspeak:owner id=\"0\">ana</groundspeak:owner>"] {
            #expect(waypoint.contains(expected), "\(expected)")
        }
    }

    @Test("a name that is not a code gives way to the code in the listing's URL", arguments: [
        ("Old Mill", "https://coord.info/GC77QQ", "GC77QQ"),
        ("OldMill", "https://www.geocaching.com/geocache/GC77QQ_old-mill", "GC77QQ"),
        ("gc1a2b3", "https://coord.info/GC77QQ", "GC1A2B3"),
        ("Old Mill", "https://example.org/caches/42", nil),
        ("OldMill", "https://example.org/caches/42", "OLDMILL"),
    ] as [(String, String, String?)])
    func codeFromTheURL(_ name: String, _ url: String, _ code: String?) throws {
        var draft = GPXReader.WaypointDraft(position: TextPosition(line: 1, column: 1))
        draft.url = url
        #expect(draft.cacheCode(name: name) == code)
    }

    @Test("the decimal reader refuses what is not a plain number", arguments: ["", " ", "-", "1.2.3", "1e", "0x10", "1,5", "--1", "1e5000"])
    func decimalReaderRefuses(_ text: String) {
        #expect(DecimalDegrees.millionths(text) == nil)
    }

    @Test("the decimal reader gives millionths exactly", arguments: [
        ("0", 0), ("-0.0000005", -1), ("0.0000004999", 0), ("179.999999", 179_999_999), (".5", 500_000),
        ("5.", 5_000_000), ("1e-6", 1), ("000047.100000000000000000001", 47_100_000),
    ])
    func decimalReaderIsExact(_ text: String, _ millionths: Int64) {
        #expect(DecimalDegrees.millionths(text) == millionths)
    }

    /// A waypoint as geocache-tui exported `cache` before caches had a place: its four
    /// fields proved by the last 9 digits of their digest as the cache id, in a file whose
    /// `creator` is `creator`.
    static func oldExport(of cache: GeoCache, creator: String) -> String {
        let id = cache.interchangeDigest % 1_000_000_000
        return """
            <gpx version="1.0" creator="\(creator)" xmlns="http://www.topografix.com/GPX/1/0" \
            xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
              <wpt lat="0.000000" lon="0.000000">
                <name>\(cache.interchangeCode)</name>
                <desc>Old Oak by ana, Traditional Cache (1/1)</desc>
                <urlname>Old Oak</urlname>
                <sym>Geocache</sym>
                <type>Geocache|Traditional Cache</type>
                <groundspeak:cache id="\(id)" available="True" archived="False">
                  <groundspeak:name>Old Oak</groundspeak:name>
                  <groundspeak:placed_by>ana</groundspeak:placed_by>
                  <groundspeak:owner id="0">ana</groundspeak:owner>
                  <groundspeak:type>Traditional Cache</groundspeak:type>
                  <groundspeak:container>Not chosen</groundspeak:container>
                  <groundspeak:difficulty>1</groundspeak:difficulty>
                  <groundspeak:terrain>1</groundspeak:terrain>
                  <groundspeak:short_description html="False">Behind the tree</groundspeak:short_description>
                  <groundspeak:long_description html="False"></groundspeak:long_description>
                  <groundspeak:encoded_hints></groundspeak:encoded_hints>
                  <groundspeak:logs></groundspeak:logs>
                  <groundspeak:travelbugs>
                    <groundspeak:travelbug id="\(id)" ref="TB\(cache.interchangeCode.dropFirst(2))">
                      <groundspeak:name>Travel bug</groundspeak:name>
                    </groundspeak:travelbug>
                  </groundspeak:travelbugs>
                </groundspeak:cache>
              </wpt>
            </gpx>
            """
    }

    @Test("a waypoint of an export from before caches had a place reads back its four fields, with no place and no listing")
    func oldExportsCarryNoFacts() throws {
        let cache = Samples.oak
        let old = Self.oldExport(of: cache, creator: "geocache-tui")
        var expected = cache
        expected.code = cache.interchangeCode
        #expect(Interchange.caches(try Interchange.records(text: old, name: "old.gpx")) == [expected])
    }

    @Test("a cache at 0,0 in geocache-tui's own export reads back at 0,0")
    func ownExportAtNullIslandKeepsItsPlace() throws {
        var cache = Samples.oak
        cache.coordinate = Coordinate(latitudeMicrodegrees: 0, longitudeMicrodegrees: 0)
        let text = GPXWriter.document(for: [cache])
        let read = Interchange.caches(try Interchange.records(text: text, name: "export.gpx"))
        #expect(read.map(\.coordinate) == [cache.coordinate])
    }

    @Test("a cache at 0,0 with an old export's facts (Traditional, Not chosen, D1/T1) reads back from its own export whole")
    func ownExportAtNullIslandWithTheOldFactsKeepsThem() throws {
        var cache = Samples.oak
        cache.coordinate = Coordinate(latitudeMicrodegrees: 0, longitudeMicrodegrees: 0)
        cache.listing.type = "Traditional Cache"
        cache.listing.container = "Not chosen"
        cache.listing.difficulty = Rating(text: "1")
        cache.listing.terrain = Rating(text: "1")
        let read = Interchange.caches(try Interchange.records(text: GPXWriter.document(for: [cache]), name: "export.gpx"))
        #expect(read.map(\.coordinate) == [cache.coordinate])
        #expect(read.map(\.listing) == [cache.listing])
    }

    @Test("another program's waypoint whose cache id matches the digest is mapped, not read back as geocache-tui's")
    func anotherProgramsIdIsNoProof() throws {
        let cache = Samples.oak
        let file = Self.oldExport(of: cache, creator: "GSAK")
        let mapped = try #require(Interchange.caches(try Interchange.records(text: file, name: "gsak.gpx")).first)
        #expect(mapped.details != cache.details)
        #expect(mapped.details.hasSuffix("Behind the tree"))
    }
}

/// A GPX text has a limit, as a JSON string has: an endless one is refused, not kept.
@Suite("GPX text limits")
struct GPXTextLimitTests {
    private func records(_ bytes: [UInt8]) throws -> [ImportRecord] {
        var records: [ImportRecord] = []
        try CacheImporter.read(.bytes(bytes, name: "long.gpx")) { records.append($0) }
        return records
    }

    @Test("a waypoint name longer than 16 MiB is refused where it passes the limit")
    func aLongTextIsRefused() throws {
        let bytes = Array("<gpx version=\"1.0\"><wpt lat=\"1\" lon=\"2\"><name>".utf8)
            + [UInt8](repeating: UInt8(ascii: "a"), count: 17 << 20) + Array("</name></wpt></gpx>".utf8)
        let error = try #require(throws: ImportError.self) { try records(bytes) }
        #expect(error.description.hasPrefix("long.gpx:1:"), "\(error.description)")
        #expect(error.description.contains("refused: a text passes 16 MiB here (the most geocache-tui reads in one text)"),
                "\(error.description)")
    }

    @Test("a text just under the limit is read")
    func aTextUnderTheLimitIsRead() throws {
        let details = String(repeating: "d", count: 8 << 20)
        let bytes = Array("""
            <gpx version="1.0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
            <wpt lat="1" lon="2"><name>GC1</name><groundspeak:cache id="1">
            <groundspeak:name>Long</groundspeak:name><groundspeak:placed_by>ana</groundspeak:placed_by>
            <groundspeak:short_description html="False">\(details)</groundspeak:short_description>
            </groundspeak:cache></wpt></gpx>
            """.utf8)
        let caches = try records(bytes).compactMap { if case .cache(let cache, _, _) = $0 { cache } else { nil } }
        #expect(caches.count == 1)
        #expect(caches.first?.details == "GC1: " + details)
    }

    @Test("a placed date alone, as a JSON file may give it, is imported and exported as its midnight in UTC, a GPX dateTime")
    func aDateAloneIsMidnightUTC() throws {
        let json = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "code": "GC1", "latitude": 1, "longitude": 2, "placed": "2004-08-07"}]"#
        let cache = try #require(Interchange.caches(try Interchange.records(text: json, name: "in.json")).first)
        #expect(cache.listing.placed == "2004-08-07T00:00:00Z")
        var stored = cache
        stored.listing.placed = "2004-08-07"
        #expect(GPXWriter.document(for: [stored]).contains("<time>2004-08-07T00:00:00Z</time>"))
    }
}
