import Foundation
import Testing
@testable import GeoModel

/// Reading a cache's additional waypoints (issue 37): the parking, stages, final and
/// reference points of a pocket query's `-wpts.gpx`, of an Opencaching or GSAK file
/// (with `gsak:Parent`) and of our own LOC export.
@Suite struct AdditionalWaypointTests {
    /// A geocaching.com pocket query's `NNN-wpts.gpx`, as its producer writes it.
    static let pocketQueryWaypoints = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query">
          <name>Waypoints for Cache Listings Generated from Geocaching.com</name>
          <wpt lat="47.386217" lon="8.574933">
            <time>2011-08-07T00:00:00</time>
            <name>PK31J2H</name>
            <cmt>Free parking at the edge of the wood.</cmt>
            <desc>Parking</desc>
            <url>http://www.geocaching.com/seek/wpt.aspx?WID=2f7b</url>
            <urlname>Parking</urlname>
            <sym>Parking Area</sym>
            <type>Waypoint|Parking Area</type>
          </wpt>
          <wpt lat="0.000000" lon="0.000000">
            <time>2011-08-07T00:00:00</time>
            <name>FN31J2H</name>
            <cmt>Solve the stages first.</cmt>
            <desc>Final</desc>
            <sym>Final Location</sym>
            <type>Waypoint|Final Location</type>
          </wpt>
        </gpx>
        """

    /// An Opencaching file: the cache, then its waypoints naming it in `gsak:Parent`.
    static let openCachingFile = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Opencaching.de"
             xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1" xmlns:gsak="http://www.gsak.net/xmlv1/4">
          <wpt lat="52.123450" lon="13.543210">
            <name>OCDDD2</name><desc>Quarry Steps by Lena</desc><sym>Geocache</sym><type>Geocache|Multi-cache</type>
            <groundspeak:cache id="57042" available="True" archived="False">
              <groundspeak:name>Quarry Steps</groundspeak:name><groundspeak:placed_by>Lena</groundspeak:placed_by>
            </groundspeak:cache>
          </wpt>
          <wpt lat="52.123000" lon="13.544000">
            <name>OCDDD2-1</name><cmt>Count the steps.</cmt><desc>Stage 1</desc>
            <sym>Flag, Green</sym><type>Waypoint|Stages of a Multicache</type>
            <gsak:wptExtension><gsak:Parent>ocddd2</gsak:Parent></gsak:wptExtension>
          </wpt>
          <wpt lat="52.124000" lon="13.545000">
            <name>OCDDD2-2</name><desc>Viewpoint</desc><sym>Scenic Area</sym>
            <gsak:wptExtension><gsak:Parent>OCDDD2</gsak:Parent></gsak:wptExtension>
          </wpt>
        </gpx>
        """

    /// One `<wpt>` of a GPX 1.0 file with the GSAK extension declared.
    static func file(_ waypoint: String) -> String {
        """
        <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:gsak="http://www.gsak.net/xmlv1/6">\(waypoint)</gpx>
        """
    }

    private func waypoints(_ text: String, name: String = "in.gpx") throws -> [(waypoint: AdditionalWaypoint, parent: String?)] {
        Interchange.waypoints(try Interchange.records(text: text, name: name))
    }

    @Test("a pocket query's parking keeps its code, kind, name, comment, place, time and link")
    func aPocketQueryParkingKeepsEveryField() throws {
        let parking = try #require(try waypoints(Self.pocketQueryWaypoints, name: "123-wpts.gpx").first)
        #expect(parking.waypoint == AdditionalWaypoint(
            code: "PK31J2H", kind: "Parking Area", name: "Parking",
            coordinate: Coordinate(latitudeMicrodegrees: 47_386_217, longitudeMicrodegrees: 8_574_933),
            comment: "Free parking at the edge of the wood.", symbol: nil, time: "2011-08-07T00:00:00Z",
            url: "http://www.geocaching.com/seek/wpt.aspx?WID=2f7b", urlName: "Parking"))
    }

    @Test("a pocket query's waypoint names no cache: the import finds it by the code's suffix")
    func aPocketQueryWaypointNamesNoParent() throws {
        #expect(try waypoints(Self.pocketQueryWaypoints).map(\.parent) == [nil, nil])
    }

    @Test("a waypoint at 0,0 (a hidden final) has no place")
    func aWaypointAtZeroZeroHasNoPlace() throws {
        let final = try #require(try waypoints(Self.pocketQueryWaypoints).last)
        #expect(final.waypoint.kind == "Final Location")
        #expect(final.waypoint.coordinate == nil)
    }

    @Test("an Opencaching waypoint after its cache names the cache in gsak:Parent, as a code")
    func anOpencachingWaypointNamesItsParent() throws {
        let records = try Interchange.records(text: Self.openCachingFile)
        #expect(Interchange.caches(records).map(\.code) == ["OCDDD2"])
        #expect(Interchange.waypoints(records).map(\.parent) == ["OCDDD2", "OCDDD2"])
    }

    @Test("a symbol that is not the kind is kept beside it")
    func aSymbolOtherThanTheKindIsKept() throws {
        let stage = try #require(try waypoints(Self.openCachingFile).first?.waypoint)
        #expect(stage.kind == "Stages of a Multicache")
        #expect(stage.symbol == "Flag, Green")
    }

    @Test("a waypoint naming its cache without a Waypoint| type takes its kind from the symbol")
    func aParentedWaypointWithoutTypeTakesTheSymbolAsKind() throws {
        let view = try #require(try waypoints(Self.openCachingFile).last?.waypoint)
        #expect(view.kind == "Scenic Area")
        #expect(view.symbol == nil)
    }

    @Test("a waypoint of any Waypoint| kind is an additional waypoint")
    func anyWaypointKindIsAdditional() throws {
        let kinds = ["Reference Point", "Trailhead", "Question to Answer", "Virtual Stage", "Something New"]
        for kind in kinds {
            let text = Self.file(#"<wpt lat="47.1" lon="8.2"><name>RP12345</name><type>Waypoint|\#(kind)</type></wpt>"#)
            #expect(try waypoints(text).map(\.waypoint.kind) == [kind])
        }
    }

    @Test("a waypoint of a Waypoint| type is an additional waypoint, even with the Geocache symbol")
    func aWaypointTypeOutweighsTheGeocacheSymbol() throws {
        let records = try Interchange.records(text: Self.file("""
            <wpt lat="47.2" lon="8.2"><name>P21A2B3</name><sym>Geocache</sym>\
            <type>Waypoint|Stages of a Multicache</type></wpt>
            """))
        #expect(Interchange.caches(records).isEmpty)
        #expect(Interchange.waypoints(records).map(\.waypoint.code) == ["P21A2B3"])
    }

    @Test("a GSAK child waypoint's code is its gsak:Code, not the smart name in <name>")
    func aGSAKChildWaypointTakesItsCodeFromGsakCode() throws {
        let text = Self.file("""
            <wpt lat="48.1375" lon="11.5765"><name>MUC Parking</name><desc>Parkplatz</desc>\
            <type>Waypoint|Parking Area</type><gsak:wptExtension><gsak:Parent>GC1MUCX</gsak:Parent>\
            <gsak:Code>PK1MUCX</gsak:Code></gsak:wptExtension></wpt>
            """)
        #expect(try waypoints(text).map(\.waypoint.code) == ["PK1MUCX"])
    }

    @Test("a plain waypoint with no Waypoint| type and no parent is still not a geocache")
    func aPlainWaypointIsStillNotAGeocache() throws {
        let records = try Interchange.records(text: Self.file(
            #"<wpt lat="47.1" lon="8.2"><name>HOME</name><sym>Residence</sym><type>Waypoint</type></wpt>"#))
        guard case .notAGeocache(let location) = try #require(records.first) else {
            Issue.record("expected a waypoint that is not a geocache, got \(records)")
            return
        }
        #expect(location.code == "HOME")
    }

    @Test("a waypoint whose place is not one is rejected, saying which attribute is wrong")
    func aWaypointWithABadPlaceIsRejected() throws {
        let records = try Interchange.records(text: Self.file(
            #"<wpt lat="95.5" lon="8.2"><name>PK12345</name><type>Waypoint|Parking Area</type></wpt>"#), name: "w.gpx")
        let rejection = try #require(Interchange.rejections(records).first)
        #expect(rejection.reason == #"lat="95.5" is not a number of degrees from -90 to 90"#)
        #expect(rejection.location.code == "PK12345")
    }

    @Test("a waypoint without a code is rejected: its cache's waypoints are told apart by code")
    func aWaypointWithoutCodeIsRejected() throws {
        let records = try Interchange.records(text: Self.file(
            #"<wpt lat="47.1" lon="8.2"><name> </name><type>Waypoint|Parking Area</type></wpt>"#))
        #expect(Interchange.rejections(records).first?.reason.hasPrefix("an additional waypoint without a code") == true)
    }

    @Test("a gsak:Parent that is not a cache code is rejected, naming it")
    func aParentThatIsNotACodeIsRejected() throws {
        let records = try Interchange.records(text: Self.file("""
            <wpt lat="47.1" lon="8.2"><name>PK12345</name><type>Waypoint|Parking Area</type>\
            <gsak:wptExtension><gsak:Parent>GC 1 &lt;2&gt;</gsak:Parent></gsak:wptExtension></wpt>
            """))
        #expect(Interchange.rejections(records).first?.reason == #"gsak:Parent "GC 1 <2>" is not a cache code"#)
    }

    @Test("a LOC waypoint of type Waypoint| is read as an additional waypoint, by the code in its name's id")
    func aLOCWaypointIsReadByItsCode() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <loc version="1.0" src="geocache-tui">
            <waypoint><name id="GC12345"><![CDATA[Oak by ana]]></name><coord lat="47.1" lon="8.2"/><type>Geocache</type></waypoint>
            <waypoint><name id="PK12345"><![CDATA[Parking]]></name><coord lat="47.2" lon="8.3"/><type>Waypoint|Parking Area</type></waypoint>
            </loc>
            """
        let records = try Interchange.records(text: text, name: "w.loc")
        #expect(Interchange.caches(records).map(\.code) == ["GC12345"])
        #expect(Interchange.waypoints(records).map(\.waypoint) == [AdditionalWaypoint(
            code: "PK12345", kind: "Parking Area", name: "Parking",
            coordinate: Coordinate(latitudeMicrodegrees: 47_200_000, longitudeMicrodegrees: 8_300_000))])
    }

    @Test("a LOC waypoint named as Opencaching names them finds its cache by the code before the dash")
    func anOpencachingLOCWaypointNamesItsCache() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <loc version="1.0" src="geocache-tui">
            <waypoint><name id="OCDDD2-1"><![CDATA[Stage 1]]></name><coord lat="47.2" lon="8.3"/><type>Waypoint|Stages of a Multicache</type></waypoint>
            <waypoint><name id="OCDDD2-X"><![CDATA[Odd]]></name><coord lat="47.2" lon="8.3"/><type>Waypoint|Reference Point</type></waypoint>
            </loc>
            """
        let records = try Interchange.records(text: text, name: "oc.loc")
        #expect(Interchange.waypoints(records).map(\.parent) == ["OCDDD2", nil])
    }

    @Test("a waiting waypoint costs about its texts' bytes, not a record's structures")
    func aWaitingWaypointCostsAboutItsTexts() {
        let pending = PendingWaypoints()
        for index in 0..<100_000 {
            pending.add(.init(AdditionalWaypoint(code: "PK\(index)", kind: "Parking Area", name: "Parking",
                                                 coordinate: Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)),
                              isWhole: true), parent: nil)
        }
        #expect(pending.count == 100_000)
        #expect(pending.byteCount < 100_000 * 64, "\(pending.byteCount) bytes")
        #expect(pending.takeOrphans().count == 100_000)
        #expect(pending.byteCount == 0)
    }

    @Test("a cache is told whether waypoints wait for it, by its parent's code or by its code's suffix")
    func aCacheIsToldWhetherWaypointsWait() {
        let pending = PendingWaypoints()
        let place = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)
        pending.add(.init(AdditionalWaypoint(code: "PK12345", kind: "Parking Area", name: "Parking", coordinate: place),
                          isWhole: true), parent: nil)
        pending.add(.init(AdditionalWaypoint(code: "S1ABCDE", kind: "Stage", name: "Stage", coordinate: place),
                          isWhole: false), parent: "GCZZZZ")

        #expect(pending.waits(forCode: "GC12345"))
        #expect(pending.waits(forCode: "GCZZZZ"))
        #expect(!pending.waits(forCode: "GC54321"))
        #expect(pending.take(forCode: "GC12345").map(\.isWhole) == [true])
        #expect(!pending.waits(forCode: "GC12345"))
        #expect(pending.take(forCode: "GCZZZZ").map(\.isWhole) == [false])
    }
}
