import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// What a pocket query carries beyond the lab's fields (issue 37): the short description
/// as it came, country and state, the real ids, attributes and additional waypoints are
/// kept by the store's encoding, the lab's dictionary and JSON alike.
@Suite struct ListingPartsTests {
    static let full: GeoCache = {
        var cache = GeoCache(title: "Old Mill", details: "GC31J2H: By the wheel", creator: "ana", reward: "Container: Small")
        cache.code = "GC31J2H"
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_123_456, longitudeMicrodegrees: -8_654_321)
        cache.listing = Listing(type: "Multi-cache", container: "Small",
                                logs: [CacheLog(date: "2024-05-01T19:00:00Z", type: "Found it", finder: "bo",
                                                text: "TFTC", id: "98765", finderID: "4321"),
                                       CacheLog(date: "2024-04-01T10:00:00Z", type: "Write note", finder: "kim", text: "Hi")],
                                shortDescription: "<b>By the wheel</b>", shortDescriptionIsHTML: true,
                                country: "Switzerland", state: "Zürich", cacheID: "2043210",
                                ownerName: "ana & bo", ownerID: "777",
                                attributes: [CacheAttribute(source: CacheAttribute.groundspeak, id: "1", isOn: true, name: "Dogs"),
                                             CacheAttribute(source: CacheAttribute.openCaching, id: "59", isOn: false,
                                                            name: "Night cache")],
                                waypoints: [AdditionalWaypoint(code: "PK31J2H", kind: "Parking Area", name: "Parking",
                                                               coordinate: Coordinate(latitudeMicrodegrees: 47_120_000,
                                                                                      longitudeMicrodegrees: -8_650_000),
                                                               comment: "Free \"after\" 6", time: "2011-09-01T07:00:00Z",
                                                               url: "https://coord.info/PK31J2H", urlName: "Parking"),
                                            AdditionalWaypoint(code: "FN31J2H", kind: "Final Location", name: "Final",
                                                               coordinate: nil, symbol: "Flag, Blue")])
        return cache
    }()

    @Test("the store's encoding keeps every new part of a listing")
    func theEncodingKeepsEveryPart() {
        #expect(ListingEncoding.decode(ListingEncoding.encode(Self.full.listing)) == Self.full.listing)
    }

    @Test("a listing encoded with logs without ids, as older stores kept them, still reads")
    func anOlderEncodingOfLogsStillReads() {
        // version 1, tag 10 (logs), one log of four texts: "d", "t", "f", "x".
        let older: [UInt8] = [1, 10, 1, 1, 0x64, 1, 0x74, 1, 0x66, 1, 0x78]
        #expect(ListingEncoding.decode(older)?.logs == [CacheLog(date: "d", type: "t", finder: "f", text: "x")])
    }

    @Test("a waypoint whose place is beyond the poles reads as a damaged listing, not a crash")
    func aDamagedWaypointIsRefused() throws {
        var bytes = try #require(ListingEncoding.encode(Listing(waypoints: [
            AdditionalWaypoint(code: "PK1", kind: "Parking Area", name: "P",
                               coordinate: Coordinate(latitudeMicrodegrees: 90_000_000, longitudeMicrodegrees: 0))])))
        // The latitude's zig-zag varint is its last bytes but the longitude's single 0.
        let latitudeEnd = bytes.count - 1
        bytes[latitudeEnd - 1] = 0xFF
        #expect(ListingEncoding.decode(bytes) == nil)
    }

    @Test("JSON export writes every new part and import reads the same cache back")
    func jsonKeepsEveryPart() throws {
        let document = JSONInterchange.document(for: [Self.full])
        #expect(document.contains(#""on": false"#), "document: \(document)")
        #expect(document.contains(#""latitude": 47.120000"#), "document: \(document)")
        let back = try #require(Interchange.caches(try Interchange.records(text: document, name: "back.json")).first)
        #expect(back == Self.full, "back: \(back.dictionary)")
    }

    @Test("list --json's layout sorts the keys of attributes and waypoints too")
    func theListingLayoutSortsNestedKeys() {
        let document = JSONInterchange.document(for: [Self.full], layout: .listing)
        let attribute = document.range(of: #""id" : "1""#)!.lowerBound
        #expect(attribute < document.range(of: #""name" : "Dogs""#)!.lowerBound)
        #expect(document.range(of: #""comment" : "Free \"after\" 6""#)!.lowerBound
                < document.range(of: #""kind" : "Parking Area""#)!.lowerBound)
    }

    @Test("the lab's dictionary form keeps every new part")
    func theDictionaryKeepsEveryPart() {
        #expect(GeoCache(fromDictionary: Self.full.dictionary) == Self.full)
    }

    @Test("a waypoint's number that is a string in JSON is named as the problem")
    func aWaypointLatitudeInQuotesIsAProblem() throws {
        let document = JSONInterchange.document(for: [Self.full])
            .replacingOccurrences(of: #""latitude": 47.120000"#, with: #""latitude": "47.12""#)
        let records = try Interchange.records(text: document, name: "bad.json")
        guard case .rejected(let rejection) = try #require(records.first) else {
            Issue.record("expected a rejection, got \(records)")
            return
        }
        #expect(rejection.reason.contains(#"waypoint 0's "latitude" is a string, not a number"#))
    }

    @Test("a waypoint read again from a GPX file replaces the stored one whole: a comment, time or page it no longer has goes")
    func aWholeWaypointReplacesTheStoredOne() {
        let stored = Self.full.listing.waypoints[0]
        let fromGPX = AdditionalWaypoint(code: stored.code, kind: "Parking Area", name: "New parking",
                                         coordinate: Coordinate(latitudeMicrodegrees: 47_120_001, longitudeMicrodegrees: -8_650_000))
        let merged = GeoCache.waypoints([stored], updatedBy: [.init(fromGPX, coverage: .complete)])
        #expect(merged == [fromGPX])
    }

    @Test("a waypoint read again from a file that carries less (LOC) keeps the comment, time and page stored")
    func aPoorerWaypointKeepsWhatItLeavesOut() {
        let stored = Self.full.listing.waypoints[0]
        let fromLOC = AdditionalWaypoint(code: "pk31j2h", kind: "Parking Area", name: "Parking",
                                         coordinate: Coordinate(latitudeMicrodegrees: 47_120_001, longitudeMicrodegrees: -8_650_000))
        let merged = GeoCache.waypoints([stored], updatedBy: [.init(fromLOC, coverage: .location)])
        #expect(merged.count == 1)
        #expect(merged[0].comment == stored.comment)
        #expect(merged[0].url == stored.url)
        #expect(merged[0].coordinate == fromLOC.coordinate)
    }

    @Test("an attribute's on that is a number, or a waypoint's latitude that is a boolean, is named as the problem")
    func literalsOfTheWrongKindAreProblems() throws {
        let document = JSONInterchange.document(for: [Self.full])
            .replacingOccurrences(of: #""on": false"#, with: #""on": 0"#)
            .replacingOccurrences(of: #""latitude": 47.120000"#, with: #""latitude": true"#)
        let records = try Interchange.records(text: document, name: "bad.json")
        guard case .rejected(let rejection) = try #require(records.first) else {
            Issue.record("expected a rejection, got \(records)")
            return
        }
        #expect(rejection.reason.contains(#"attribute 1's "on" is a number, not a boolean"#), "\(rejection.reason)")
        #expect(rejection.reason.contains(#"waypoint 0's "latitude" is a boolean, not a number"#), "\(rejection.reason)")
    }

    @Test("a log's day is the date in UTC of its time; a date that was no date has none",
          arguments: [("2024-05-01T19:00:00Z", "2024-05-01"), ("2024-05-01T23:59:59.5Z", "2024-05-01"),
                      ("2024-05-01T01:00:00+02:00", "2024-04-30"), ("2024-05-01", "2024-05-01"),
                      ("last spring", nil), ("", nil)])
    func aLogsDayIsItsDateInUTC(_ date: String, _ day: String?) {
        #expect(CacheLog(date: date, type: "Found it", finder: "bo", text: "").day == day)
    }

    @Test("a listing's logs read newest first whatever order the file gave; logs of one date keep theirs, no date last")
    func logsReadNewestFirst() {
        func log(_ date: String, _ finder: String) -> CacheLog { CacheLog(date: date, type: "Found it", finder: finder, text: "") }
        var listing = Listing()
        listing.logs = [log("last spring", "ana"), log("2024-04-01T10:00:00Z", "bo"), log("2024-05-01T10:00:00Z", "kim"),
                        log("2024-04-01T10:00:00Z", "lu"), log("2024-04-30T22:00:00Z", "mo")]
        #expect(listing.logsNewestFirst.map(\.finder) == ["kim", "mo", "bo", "lu", "ana"])
        #expect(listing.logs.map(\.finder) == ["ana", "bo", "kim", "lu", "mo"])
    }

    @Test("the day a cache was placed is the date the file wrote, a time of day after it left out; other text stays",
          arguments: [("2011-09-01T07:00:00", "2011-09-01"), ("2004-08-07", "2004-08-07"),
                      (" 2004-08-07T00:00:00Z ", "2004-08-07"), ("2004-08-07 12:00", "2004-08-07"),
                      ("1 Sep 2011", "1 Sep 2011"), ("2004-8-07", "2004-8-07"), ("", nil), (nil, nil)])
    func thePlacedDayIsTheDateWritten(_ placed: String?, _ day: String?) {
        #expect(Listing(placed: placed).placedDay == day)
    }
}
