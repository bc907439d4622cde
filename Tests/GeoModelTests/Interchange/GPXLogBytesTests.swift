import Testing
@testable import GeoModel

/// The reader keeps a waypoint's logs as bytes while it parses (their ids too) and
/// makes them into logs on the storing thread; a waypoint's first log makes room as
/// the last waypoint's logs took. None of it shows in what is read.
@Suite("GPX logs kept as bytes while parsing")
struct GPXLogBytesTests {
    private static let open = #"<gpx xmlns="http://www.topografix.com/GPX/1/0">"#

    /// A geocache waypoint `code` with `logs` (each a `<groundspeak:log>` element's text).
    private static func waypoint(_ code: String, logs: [String]) -> String {
        """
        <wpt lat="1" lon="2"><name>\(code)</name><sym>Geocache</sym>\
        <groundspeak:cache xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">\
        <groundspeak:name>Cache \(code)</groundspeak:name><groundspeak:placed_by>Ann</groundspeak:placed_by>\
        <groundspeak:logs>\(logs.joined())</groundspeak:logs></groundspeak:cache></wpt>
        """
    }

    private static func log(id: String?, finderID: String?, finder: String = "Bo", text: String = "Found.",
                            date: String = "2024-05-01T10:00:00Z", encoded: Bool = false) -> String {
        let idAttribute = id.map { #" id="\#($0)""# } ?? ""
        let finderAttribute = finderID.map { #" id="\#($0)""# } ?? ""
        return "<groundspeak:log\(idAttribute)><groundspeak:date>\(date)</groundspeak:date>"
            + "<groundspeak:type>Found it</groundspeak:type>"
            + "<groundspeak:finder\(finderAttribute)>\(finder)</groundspeak:finder>"
            + "<groundspeak:text encoded=\"\(encoded ? "True" : "False")\">\(text)</groundspeak:text></groundspeak:log>"
    }

    private static func logs(_ text: String) throws -> [[CacheLog]] {
        Interchange.caches(try Interchange.records(text: open + text + "</gpx>")).map(\.listing.logs)
    }

    @Test("the ids of a log and of its finder are read from their attributes, entities replaced")
    func idsAreReadFromTheirAttributes() throws {
        let logs = try Self.logs(Self.waypoint("GC1", logs: [
            Self.log(id: " 1&#50;3 ", finderID: "&#252;7"),
            Self.log(id: nil, finderID: nil),
            Self.log(id: "0", finderID: "0"),
            Self.log(id: "-5", finderID: "-5"),
        ]))
        #expect(logs.count == 1)
        #expect(logs.first?.map(\.id) == ["123", "", "", ""])
        #expect(logs.first?.map(\.finderID) == ["ü7", "", "", "-5"])
    }

    @Test("a log's fields and ids stay its own among several logs of varying length")
    func fieldsStayWithTheirLog() throws {
        let long = String(repeating: "Tr\u{e8}s long, caf\u{e9} \u{6771}\u{4eac}. ", count: 40)
        let logs = try Self.logs(Self.waypoint("GC1", logs: [
            Self.log(id: "11", finderID: "21", finder: " Ann ", text: " short "),
            Self.log(id: "12", finderID: "22", finder: "B\u{f6}", text: long, date: "2024-05-02"),
            Self.log(id: "13", finderID: nil, finder: "Cy", text: "", date: "not a date"),
        ]))
        let read = try #require(logs.first)
        #expect(read.map(\.id) == ["11", "12", "13"])
        #expect(read.map(\.finderID) == ["21", "22", ""])
        #expect(read.map(\.finder) == ["Ann", "B\u{f6}", "Cy"])
        #expect(read.map(\.text) == [" short ", long, ""])
        #expect(read.map(\.date) == ["2024-05-01T10:00:00Z", "2024-05-02T00:00:00Z", "not a date"])
    }

    @Test("a finder given twice in one log rejects its waypoint rather than keeping the last one's name and id")
    func aSecondFinderRejectsTheWaypoint() throws {
        let log = "<groundspeak:log id=\"1\"><groundspeak:finder id=\"5\">Ann</groundspeak:finder>"
            + "<groundspeak:finder>Bo</groundspeak:finder></groundspeak:log>"
        let records = try Interchange.records(text: Self.open + Self.waypoint("GC1", logs: [log]) + "</gpx>")
        #expect(Interchange.caches(records).isEmpty)
        #expect(Interchange.rejections(records).map(\.reason)
                == ["holds a second <groundspeak:finder> in one log (line 1): a log has one, so it is not imported"])
    }

    @Test("the spoiler flag goes to the log whose text carries it")
    func theSpoilerFlagGoesToItsLog() throws {
        let read = try #require(try Self.logs(Self.waypoint("GC1", logs: [
            Self.log(id: "1", finderID: "1"),
            Self.log(id: "2", finderID: "2", encoded: true),
            Self.log(id: "3", finderID: "3"),
        ])).first)
        #expect(read.map(\.isEncoded) == [false, true, false])
    }

    @Test("waypoints of more, fewer and no logs than the one before each keep exactly their own")
    func roomMadeFromTheLastWaypointChangesNothing() throws {
        func logs(_ count: Int, of code: String) -> [String] {
            (0..<count).map { number in
                Self.log(id: "\(code)-\(number)", finderID: "\(number + 1)", finder: "F\(number)",
                         text: String(repeating: "caf\u{e9} ", count: 1 + number * 7))
            }
        }
        let counts = [1, 6, 0, 2, 9, 3]
        let parking = #"<wpt lat="1" lon="2"><name>PK1</name><type>Waypoint|Parking Area</type></wpt>"#
        let text = counts.enumerated().map { index, count in
            Self.waypoint("GC\(index + 1)", logs: logs(count, of: "GC\(index + 1)")) + (index == 2 ? parking : "")
        }.joined()
        let read = try Self.logs(text)
        #expect(read.map(\.count) == counts)
        for (index, logs) in read.enumerated() {
            #expect(logs.map(\.id) == (0..<counts[index]).map { "GC\(index + 1)-\($0)" })
            #expect(logs.map(\.text) == (0..<counts[index]).map { String(repeating: "caf\u{e9} ", count: 1 + $0 * 7) })
            #expect(logs.map(\.finderID) == (0..<counts[index]).map { "\($0 + 1)" })
        }
    }

    @Test("the spoiler flag reads as an XML Schema boolean, spaces and case as before")
    func theSpoilerFlagReadsAsABoolean() throws {
        let values = ["True", "TRUE", " true ", "1", "\u{a0}true", "0", "False", "yes", "", "tru\u{e9}", "10"]
        let logs = values.enumerated().map { number, value in
            "<groundspeak:log id=\"\(number + 1)\"><groundspeak:text encoded=\"\(value)\">x</groundspeak:text></groundspeak:log>"
        }
        let read = try #require(try Self.logs(Self.waypoint("GC1", logs: logs)).first)
        #expect(read.map(\.isEncoded) == [true, true, true, true, true, false, false, false, false, false, false])
    }
}
