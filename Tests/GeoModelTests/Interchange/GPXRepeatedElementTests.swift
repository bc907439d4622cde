import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// GPX 1.0 and 1.1 give a `<wpt>` at most one of each of its elements (`<name>`,
/// `<time>`, `<desc>`, `<sym>`, `<type>`…), and the Groundspeak schema a listing, a log
/// and a travel bug one of each of theirs: a waypoint holding a second one is rejected
/// naming it and its line, as one holding a second `<groundspeak:cache>` is, rather
/// than read with the last one taken unsaid.
@Suite("GPX elements a waypoint holds once")
struct GPXRepeatedElementTests {
    /// A GPX 1.0 document of `waypoints`, each starting a line, the first line 2.
    private static func document(_ waypoints: String...) -> String {
        """
        <?xml version="1.0"?><gpx version="1.0" creator="x" xmlns="http://www.topografix.com/GPX/1/0" \
        xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">

        """ + waypoints.joined(separator: "\n") + "\n</gpx>"
    }

    /// A pocket query's waypoint GC1AAA, with `inside` before its `</groundspeak:cache>`
    /// (on the waypoint's second line) and `outside` after its `<name>`.
    private static func cache(outside: String = "", inside: String = "") -> String {
        """
        <wpt lat="47.1" lon="8.2"><name>GC1AAA</name>\(outside)<type>Geocache|Traditional Cache</type>\
        <groundspeak:cache id="1"><groundspeak:name>Old Mill</groundspeak:name><groundspeak:owner>ana</groundspeak:owner>
        \(inside)</groundspeak:cache></wpt>
        """
    }

    @Test("a waypoint with two <name> elements is rejected naming the first and the line of the second")
    func aWaypointWithTwoNamesIsRejected() throws {
        let records = try Interchange.records(text: Self.document("""
            <wpt lat="47.1" lon="8.2"><name>GC1AAA</name><desc>Old Mill by ana</desc><type>Geocache</type>
            <name>GC1BBB</name></wpt>
            """))
        #expect(Interchange.caches(records).isEmpty)
        let rejection = try #require(Interchange.rejections(records).first)
        #expect(rejection.location.code == "GC1AAA")
        #expect(rejection.reason == "holds a second <name> (line 3): a waypoint has one, so it is not imported")
    }

    @Test("each element a waypoint or its listing holds once, given twice, rejects the waypoint naming that element",
          arguments: [
              ("<time>2024-01-01T00:00:00Z</time><time>2024-02-01T00:00:00Z</time>", "", "time"),
              ("<desc>Old Mill by ana</desc><desc>New Mill by bo</desc>", "", "desc"),
              ("<sym>Geocache</sym><sym>Geocache Found</sym>", "", "sym"),
              ("<type>Geocache</type>", "", "type"),
              ("<cmt>one</cmt><cmt>two</cmt>", "", "cmt"),
              ("<url>http://a.example</url><url>http://b.example</url>", "", "url"),
              ("", "<groundspeak:name>Second Mill</groundspeak:name>", "groundspeak:name"),
              ("", "<groundspeak:owner>bo</groundspeak:owner>", "groundspeak:owner"),
              ("", "<groundspeak:difficulty>2</groundspeak:difficulty><groundspeak:difficulty>3</groundspeak:difficulty>",
               "groundspeak:difficulty"),
              ("", "<groundspeak:encoded_hints>a</groundspeak:encoded_hints><groundspeak:encoded_hints>b</groundspeak:encoded_hints>",
               "groundspeak:encoded_hints"),
          ])
    func aRepeatedElementRejectsTheWaypoint(outside: String, inside: String, element: String) throws {
        let records = try Interchange.records(text: Self.document(Self.cache(outside: outside, inside: inside)))
        #expect(Interchange.caches(records).isEmpty)
        let rejection = try #require(Interchange.rejections(records).first)
        let line = inside.isEmpty ? 2 : 3
        #expect(rejection.reason == "holds a second <\(element)> (line \(line)): a waypoint has one, so it is not imported")
    }

    @Test("a log with two texts rejects its waypoint, naming the log")
    func aLogWithTwoTextsRejectsTheWaypoint() throws {
        let log = """
            <groundspeak:logs><groundspeak:log id="7"><groundspeak:date>2024-01-01T00:00:00Z</groundspeak:date>\
            <groundspeak:text>first</groundspeak:text><groundspeak:text>second</groundspeak:text></groundspeak:log></groundspeak:logs>
            """
        let records = try Interchange.records(text: Self.document(Self.cache(inside: log)))
        let rejection = try #require(Interchange.rejections(records).first)
        #expect(rejection.reason == "holds a second <groundspeak:text> in one log (line 3): a log has one, "
                + "so it is not imported")
    }

    @Test("each of several logs, travel bugs and GPX 1.1 links has its own fields once: the waypoint is read")
    func fieldsOfSeveralLogsAndTravelBugsAreNotRepeats() throws {
        let parts = """
            <groundspeak:logs>\
            <groundspeak:log id="1"><groundspeak:date>2024-01-02T00:00:00Z</groundspeak:date><groundspeak:text>a</groundspeak:text></groundspeak:log>\
            <groundspeak:log id="2"><groundspeak:date>2024-01-01T00:00:00Z</groundspeak:date><groundspeak:text>b</groundspeak:text></groundspeak:log>\
            </groundspeak:logs><groundspeak:travelbugs>\
            <groundspeak:travelbug id="1" ref="TB1"><groundspeak:name>Bug one</groundspeak:name></groundspeak:travelbug>\
            <groundspeak:travelbug id="2" ref="TB2"><groundspeak:name>Bug two</groundspeak:name></groundspeak:travelbug>\
            </groundspeak:travelbugs>
            """
        let records = try Interchange.records(text: Self.document(Self.cache(inside: parts)))
        #expect(Interchange.rejections(records).isEmpty)
        let listing = try #require(Interchange.caches(records).first).listing
        #expect(listing.logs.map(\.text) == ["a", "b"])
        #expect(listing.travelBugs.map(\.name) == ["Bug one", "Bug two"])
    }

    @Test("a GPX 1.1 waypoint with two links is read: a waypoint may have several")
    func twoLinksAreNotARepeat() throws {
        let records = try Interchange.records(text: """
            <?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="47.1" lon="8.2"><name>GC1AAA</name><desc>Old Mill by ana</desc>\
            <link href="http://a.example"><text>Listing</text></link><link href="http://b.example"><text>Map</text></link>\
            <type>Geocache</type></wpt>
            </gpx>
            """)
        #expect(Interchange.rejections(records).isEmpty)
        #expect(try #require(Interchange.caches(records).first).listing.url == "http://a.example")
    }

    @Test("with --skip-invalid the waypoint with two names is left out and the summary counts it rejected",
          arguments: StoreKind.allCases)
    func theSummaryCountsTheWaypointRejected(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let text = Self.document(Self.cache(outside: "<name>GC1BBB</name>"), """
            <wpt lat="47.2" lon="8.2"><name>GC1CCC</name><desc>Bridge by bo</desc><type>Geocache</type></wpt>
            """)
        let report = try fixture.store.importCaches(from: .bytes(Array(text.utf8), name: "pq.gpx"), skipInvalid: true)
        #expect(report.description == "Added 1 cache, skipped 0 as duplicates, rejected 1.")
        let rejection = try #require(report.rejections.first)
        #expect(rejection.location.code == "GC1AAA")
        #expect(rejection.reason == "holds a second <name> (line 2): a waypoint has one, so it is not imported")
        #expect(try fixture.store.cache(withCode: "GC1AAA") == nil)
    }
}
