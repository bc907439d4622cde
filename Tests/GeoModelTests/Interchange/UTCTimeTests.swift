import Foundation
import Testing
@testable import GeoModel

/// One spelling for one instant (issue 37): GPX times in UTC, so that the same instant
/// written with another zone is the same date and an import over it counts as unchanged.
@Suite struct UTCTimeTests {
    @Test("the same instant in any spelling is one UTC time", arguments: [
        ("2002-08-15T00:00:00.0000000-07:00", "2002-08-15T07:00:00Z"),
        ("2002-08-15T07:00:00Z", "2002-08-15T07:00:00Z"),
        ("2002-08-15T07:00:00", "2002-08-15T07:00:00Z"),
        ("2002-08-15T09:30:00+02:30", "2002-08-15T07:00:00Z"),
        ("2002-08-15T07:00:00.500", "2002-08-15T07:00:00.5Z"),
        ("2000-02-28T23:00:00-02:00", "2000-02-29T01:00:00Z"),
        ("2001-01-01T00:30:00+01:00", "2000-12-31T23:30:00Z"),
        ("2004-12-31T22:00:00-05:00", "2005-01-01T03:00:00Z"),
        ("2004-08-07", "2004-08-07T00:00:00Z"),
        ("2002-08-15T07:00:00.250Z", "2002-08-15T07:00:00.25Z"),
        ("2002-08-15T07:00:00.25Z", "2002-08-15T07:00:00.25Z"),
        ("0999-01-01T01:00:00+02:00", "0998-12-31T23:00:00Z"),
    ])
    func oneSpelling(_ written: String, _ canonical: String) {
        #expect(UTCTime.canonical(written) == canonical)
    }

    @Test("text that is not a date and time is kept as it is", arguments: [
        "2004-08-7", "yesterday", "2004-13-01T00:00:00Z", "2004-13-01", "2004-02-30T00:00:00Z", "2004-08-07T25:00:00",
        "2004-08-07T07:00:00+2", "2004-08-07T07:00:00.Z", "2004-02-30T07:00:00Z", "2004-08-07T07:00:00ZZ", "",
        "9999-12-31T23:59:59.900-00:30", "2026-11-28T10:32:60Z", "2024-03-01T24:00:01Z", "2024-03-01T24:01:00Z",
        "2024-03-01T24:00:00.5Z", "9999-12-31T24:00:00Z",
    ])
    func otherTextIsKept(_ text: String) {
        #expect(UTCTime.canonical(text) == text)
    }

    @Test("a leap second is the next day's first second, its fraction kept", arguments: [
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"),
        ("2004-02-29T23:59:60", "2004-03-01T00:00:00Z"),
        ("2016-12-31T23:59:60.250Z", "2017-01-01T00:00:00.25Z"),
    ])
    func aLeapSecondIsTheNextDaysFirstSecond(_ written: String, _ canonical: String) {
        #expect(UTCTime.canonical(written) == canonical)
    }

    @Test("24:00:00 is the next day's midnight, as xsd:dateTime reads it", arguments: [
        ("2024-03-01T24:00:00Z", "2024-03-02T00:00:00Z"),
        ("2024-12-31T24:00:00", "2025-01-01T00:00:00Z"),
        ("2024-02-28T24:00:00.000+01:00", "2024-02-28T23:00:00Z"),
    ])
    func hour24IsTheNextDaysMidnight(_ written: String, _ canonical: String) {
        #expect(UTCTime.canonical(written) == canonical)
    }

    @Test("a GPX log written with an offset reads as the same date as one written in UTC")
    func gpxLogsOfTheSameInstantAreEqual() throws {
        func gpx(_ date: String) -> String {
            """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
            <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><time>\(date)</time><groundspeak:cache>\
            <groundspeak:name>Oak</groundspeak:name><groundspeak:placed_by>ana</groundspeak:placed_by>\
            <groundspeak:logs><groundspeak:log><groundspeak:date>\(date)</groundspeak:date>\
            <groundspeak:type>Found it</groundspeak:type><groundspeak:finder>bo</groundspeak:finder>\
            <groundspeak:text>TFTC</groundspeak:text></groundspeak:log></groundspeak:logs></groundspeak:cache></wpt></gpx>
            """
        }
        let offset = Interchange.caches(try Interchange.records(text: gpx("2002-08-15T00:00:00.0000000-07:00")))
        let utc = Interchange.caches(try Interchange.records(text: gpx("2002-08-15T07:00:00Z")))
        #expect(offset == utc)
        #expect(offset.first?.listing.placed == "2002-08-15T07:00:00Z")
        let stored = try #require(utc.first)
        #expect(stored.updated(byImporting: try #require(offset.first), coverage: .complete) == stored)
    }

    @Test("a GPX export leaves out a placed date that is no date and time")
    func gpxExportLeavesOutAPlacedDateThatIsNoTime() throws {
        var cache = GeoCache(title: "Oak", details: "d", creator: "ana", reward: "r")
        cache.coordinate = Coordinate(latitude: 47.1, longitude: 8.2)
        cache.listing.placed = "yesterday"
        let document = GPXWriter.document(for: [cache])
        #expect(!document.contains("yesterday"))
        #expect(!document.contains("<time>"))
    }

    @Test("a GPX export leaves out a waypoint time that is no date and time")
    func gpxExportLeavesOutAWaypointTimeThatIsNoTime() throws {
        var cache = GeoCache(title: "Oak", details: "d", creator: "ana", reward: "r")
        cache.code = "GC1A2B3"
        cache.coordinate = Coordinate(latitude: 47.1, longitude: 8.2)
        cache.listing.placed = "2004-08-07T07:00:00Z"
        cache.listing.waypoints = [AdditionalWaypoint(code: "PK1A2B3", kind: "Parking Area", name: "Parking",
                                                      coordinate: Coordinate(latitude: 47.2, longitude: 8.3),
                                                      time: "soon")]
        let document = GPXWriter.document(for: [cache])
        #expect(!document.contains("soon"))
        #expect(document.components(separatedBy: "<time>").count == 2)
    }

    @Test("a GPX export writes a placed date stored as a leap second or as 24:00:00 as the next day's first second",
          arguments: [("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"), ("2024-03-01T24:00:00Z", "2024-03-02T00:00:00Z")])
    func gpxExportWritesTheEndOfADayAsTheNextDay(_ stored: String, _ written: String) throws {
        var cache = GeoCache(title: "Oak", details: "d", creator: "ana", reward: "r")
        cache.coordinate = Coordinate(latitude: 47.1, longitude: 8.2)
        cache.listing.placed = stored
        let document = GPXWriter.document(for: [cache])
        #expect(document.contains("<time>\(written)</time>"), "\(document)")
    }

    @Test("a GPX export leaves out a placed date in the year 0000, which xsd:dateTime does not have")
    func gpxExportLeavesOutTheYearZero() throws {
        var cache = GeoCache(title: "Oak", details: "d", creator: "ana", reward: "r")
        cache.coordinate = Coordinate(latitude: 47.1, longitude: 8.2)
        cache.listing.placed = "0000-06-01T00:00:00Z"
        #expect(!GPXWriter.document(for: [cache]).contains("<time>"))
    }
}
