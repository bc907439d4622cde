import Foundation
import Testing
@testable import GeoModel

/// Newer wins (issue 37): a listing's age is its file's own time, else its newest log's
/// date; a file older than the stored listing adds its missing logs and nothing else.
@Suite struct ListingAgeTests {
    /// A geocaching.com pocket query in GPX 1.0 with the file's `time` (none when nil),
    /// one cache placed at `latitude` with difficulty `difficulty` and `logs` (date, finder, id).
    static func pocketQuery(time: String?, latitude: String = "47.1", difficulty: String = "2",
                            logs: [(date: String, finder: String, id: String)] = [], facts: String = "") -> String {
        let entries = logs.map { log in
            """
            <groundspeak:log id="\(log.id)"><groundspeak:date>\(log.date)</groundspeak:date>\
            <groundspeak:type>Found it</groundspeak:type><groundspeak:finder id="9">\(log.finder)</groundspeak:finder>\
            <groundspeak:text encoded="False">TFTC</groundspeak:text></groundspeak:log>
            """
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query">
            <name>Pocket Query</name>\(time.map { "<time>\($0)</time>" } ?? "")
            <wpt lat="\(latitude)" lon="8.2"><time>2010-01-02T00:00:00</time><name>GC1A2B3</name><sym>Geocache</sym>\
            <type>Geocache|Traditional Cache</type>\
            <groundspeak:cache id="12345" available="True" archived="False" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">\
            <groundspeak:name>Oak</groundspeak:name><groundspeak:placed_by>ana</groundspeak:placed_by>\
            <groundspeak:type>Traditional Cache</groundspeak:type><groundspeak:container>Small</groundspeak:container>\
            <groundspeak:difficulty>\(difficulty)</groundspeak:difficulty><groundspeak:terrain>1</groundspeak:terrain>\
            \(facts)<groundspeak:logs>\(entries.joined())</groundspeak:logs></groundspeak:cache></wpt>
            </gpx>
            """
    }

    private func read(_ text: String, name: String = "in.gpx") throws -> GeoCache {
        try #require(Interchange.caches(try Interchange.records(text: text, name: name)).first)
    }

    @Test("a GPX 1.0 file's own time is its listings' age, in the one UTC spelling")
    func gpx10FileTimeIsTheAge() throws {
        let cache = try read(Self.pocketQuery(time: "2024-05-02T03:04:05.6000-07:00",
                                              logs: [("2024-05-01T00:00:00Z", "bo", "1")]))
        #expect(cache.listing.asOf == "2024-05-02T10:04:05.6Z")
    }

    @Test("a GPX 1.1 file's metadata time is its listings' age")
    func gpx11MetadataTimeIsTheAge() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="Groundspeak">
            <metadata><name>Pocket Query</name><author><name>Groundspeak</name></author><time>2024-06-01T10:00:00Z</time></metadata>
            <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><desc>Oak by ana</desc><type>Geocache|Traditional Cache</type></wpt>
            </gpx>
            """
        #expect(try read(text).listing.asOf == "2024-06-01T10:00:00Z")
    }

    @Test("without a time of its own, a file's listing is as old as its newest log")
    func withoutAFileTimeTheNewestLogIsTheAge() throws {
        let cache = try read(Self.pocketQuery(time: nil, logs: [("2024-04-01T00:00:00Z", "ana", "1"),
                                                                ("2024-05-01T00:00:00-02:00", "bo", "2")]))
        #expect(cache.listing.asOf == "2024-05-01T02:00:00Z")
    }

    @Test("a file time or log date more than a day in the future is no age: it would keep every later file out")
    func aFutureDateIsNoAge() throws {
        let future = try read(Self.pocketQuery(time: "2999-01-01T00:00:00Z", logs: [("2024-05-01T00:00:00Z", "bo", "1")]))
        #expect(future.listing.asOf == "2024-05-01T00:00:00Z")
        let futureLog = try read(Self.pocketQuery(time: nil, logs: [("2999-01-01T00:00:00Z", "bo", "1")]))
        #expect(futureLog.listing.asOf == nil)
    }

    @Test("geocache-tui's own GPX export carries each cache's own age, read back as its listing's age, in GPX 1.0 and 1.1")
    func ownGPXCarriesEachCachesAge() throws {
        let cache = try read(Self.pocketQuery(time: "2024-05-02T03:04:05.6-07:00", logs: [("2024-05-01T00:00:00Z", "bo", "1")]))
        for version in [GPXWriter.Version.gpx10, .gpx11] {
            let exported = GPXWriter.document(for: [cache], version: version)
            #expect(exported.contains("<gsak:LastGpxDate>2024-05-02T10:04:05.6Z</gsak:LastGpxDate>"), "\(exported)")
            #expect(try read(exported).listing.asOf == "2024-05-02T10:04:05.6Z")
        }
    }

    @Test("a cache without an age reads back from our own GPX export without one, not as old as its newest log")
    func anUndatedCacheReadsBackUndated() throws {
        let dated = try read(Self.pocketQuery(time: nil, logs: [("2024-05-01T00:00:00Z", "bo", "1")]))
        let cache = try read(JSONInterchange.document(for: [dated]), name: "in.json")
        #expect(cache.listing.asOf == nil && cache.listing.logs.count == 1)
        #expect(try read(GPXWriter.document(for: [cache])).listing.asOf == nil)
    }

    @Test("another program's gsak:LastGpxDate is no age of the cache: the file's own time is")
    func anotherProgramsLastGpxDateIsNoAge() throws {
        let text = Self.pocketQuery(time: "2024-06-01T00:00:00Z").replacingOccurrences(of: "</wpt>", with: """
            <gsak:wptExtension xmlns:gsak="http://www.gsak.net/xmlv1/6"><gsak:LastGpxDate>2024-01-01</gsak:LastGpxDate>\
            </gsak:wptExtension></wpt>
            """)
        #expect(try read(text).listing.asOf == "2024-06-01T00:00:00Z")
    }

    @Test("the current time is spelled as the canonical form spells it")
    func nowIsSpelledCanonically() {
        #expect(UTCTime.spelling(of: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(UTCTime.spelling(of: Date(timeIntervalSince1970: 1_714_590_245.9)) == "2024-05-01T19:04:05Z")
        #expect(UTCTime.spelling(of: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test("a waypoint's own time is not the file's")
    func aWaypointTimeIsNotTheFilesTime() throws {
        #expect(try read(Self.pocketQuery(time: nil)).listing.asOf == nil)
    }

    @Test("LOC and JSON files have no age")
    func locAndJSONHaveNoAge() throws {
        let loc = """
            <?xml version="1.0" encoding="UTF-8"?><loc version="1.0" src="Groundspeak">
            <waypoint><name id="GC1A2B3"><![CDATA[Oak by ana]]></name><coord lat="47.1" lon="8.2"/>\
            <type>Geocache</type></waypoint></loc>
            """
        #expect(try read(loc, name: "in.loc").listing.asOf == nil)
        let stored = try read(Self.pocketQuery(time: "2024-05-02T00:00:00Z", logs: [("2024-05-01T00:00:00Z", "bo", "1")]))
        #expect(try read(JSONInterchange.document(for: [stored]), name: "in.json").listing.asOf == nil)
    }

    @Test("two listings that say the same are equal whatever their ages, and the store's encoding keeps the age")
    func theAgeIsNoFactButIsKept() throws {
        var older = Listing(type: "Traditional Cache")
        older.asOf = "2024-05-01T00:00:00Z"
        var newer = older
        newer.asOf = "2024-06-01T00:00:00Z"
        #expect(older == newer && older.hashValue == newer.hashValue)
        #expect(ListingEncoding.decode(ListingEncoding.encode(newer))?.asOf == "2024-06-01T00:00:00Z")
        var onlyAnAge = Listing()
        onlyAnAge.asOf = "2024-06-01T00:00:00Z"
        #expect(ListingEncoding.decode(ListingEncoding.encode(onlyAnAge))?.asOf == "2024-06-01T00:00:00Z")
    }

    @Test("an older file adds its missing logs and nothing else")
    func anOlderFileAddsOnlyLogs() throws {
        let newer = try read(Self.pocketQuery(time: "2024-06-01T00:00:00Z", latitude: "47.2", difficulty: "3",
                                              logs: [("2024-05-30T00:00:00Z", "cy", "3")]))
        let older = try read(Self.pocketQuery(time: "2024-05-01T00:00:00Z", latitude: "47.1", difficulty: "2",
                                              logs: [("2024-04-30T00:00:00Z", "bo", "2")]))
        #expect(newer.precedence(ofImporting: older, coverage: .complete) == .older)
        let result = newer.updated(byImporting: older, coverage: .complete)
        #expect(result.coordinate == newer.coordinate && result.listing.difficulty == newer.listing.difficulty)
        #expect(result.listing.logs.map(\.finder) == ["cy", "bo"])
        #expect(result.listing.asOf == "2024-06-01T00:00:00Z")
    }

    @Test("a newer file's facts replace the stored ones, its logs merged in, its age taken")
    func aNewerFileReplaces() throws {
        let older = try read(Self.pocketQuery(time: "2024-05-01T00:00:00Z", difficulty: "2",
                                              logs: [("2024-04-30T00:00:00Z", "bo", "2")]))
        let newer = try read(Self.pocketQuery(time: "2024-06-01T00:00:00Z", difficulty: "3",
                                              logs: [("2024-05-30T00:00:00Z", "cy", "3")]))
        let result = older.updated(byImporting: newer, coverage: .complete)
        #expect(result.listing.difficulty == Rating(halves: 6))
        #expect(result.listing.logs.map(\.finder) == ["cy", "bo"])
        #expect(result.listing.asOf == "2024-06-01T00:00:00Z")
    }

    @Test("a LOC record, which has no age, over a dated listing fills in only what it lacks")
    func anUndatedLOCRecordFillsIn() throws {
        var stored = try read(Self.pocketQuery(time: "2024-06-01T00:00:00Z", difficulty: "3"))
        stored.listing.url = nil
        var loc = GeoCache(title: "Oak, an old name", details: "GC1A2B3", creator: "ana", reward: "Container: Small",
                           code: "GC1A2B3", coordinate: Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000))
        loc.listing.difficulty = Rating(halves: 2)
        loc.listing.url = "https://coord.info/GC1A2B3"
        #expect(stored.precedence(ofImporting: loc, coverage: .location) == .fillsIn)
        let result = stored.updated(byImporting: loc, coverage: .location)
        var expected = stored
        expected.listing.url = "https://coord.info/GC1A2B3"
        #expect(result == expected)
    }

    @Test("a record without an age over a listing without one replaces it in import order, as before")
    func undatedOverUndatedReplaces() throws {
        let stored = try read(Self.pocketQuery(time: nil, difficulty: "3"))
        let again = try read(Self.pocketQuery(time: nil, difficulty: "2"))
        #expect(stored.precedence(ofImporting: again, coverage: .complete) == .replaces)
        #expect(stored.updated(byImporting: again, coverage: .complete).listing.difficulty == Rating(halves: 4))
    }

    @Test("JSON, which has no age, replaces a dated listing's facts and keeps its age")
    func jsonReplacesAndKeepsTheAge() throws {
        let stored = try read(Self.pocketQuery(time: "2024-06-01T00:00:00Z", difficulty: "3"))
        var edited = stored
        edited.listing.difficulty = Rating(halves: 2)
        let json = try read(JSONInterchange.document(for: [edited]), name: "in.json")
        let result = stored.updated(byImporting: json, coverage: .complete)
        #expect(result.listing.difficulty == Rating(halves: 2))
        #expect(result.listing.asOf == "2024-06-01T00:00:00Z")
    }

    @Test("JSON's dates are kept in the one UTC spelling: the same instant in another zone is unchanged")
    func jsonDatesAreCanonical() throws {
        let stored = try read(Self.pocketQuery(time: nil, logs: [("2002-08-15T07:00:00Z", "bo", "1")]))
        var other = JSONInterchange.document(for: [stored])
        other = other.replacingOccurrences(of: "2002-08-15T07:00:00Z", with: "2002-08-15T00:00:00.0000000-07:00")
            .replacingOccurrences(of: "2010-01-02T00:00:00Z", with: "2010-01-02T01:00:00+01:00")
        let json = try read(other, name: "in.json")
        #expect(json.listing.logs.first?.date == "2002-08-15T07:00:00Z")
        #expect(json.listing.placed == "2010-01-02T00:00:00Z")
        #expect(stored.updated(byImporting: json, coverage: .complete) == stored)
    }
}
