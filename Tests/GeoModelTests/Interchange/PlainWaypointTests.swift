import Foundation
import Testing
@testable import GeoModel

/// Geocaches written as plain GPX waypoints (no Groundspeak extension), as GPSBabel,
/// EasyGPS, old geocaching.com downloads and GPS units write them.
@Suite("Plain geocache waypoints in GPX")
struct PlainWaypointTests {
    private func records(_ fixture: String) throws -> [ImportRecord] {
        try Interchange.records(.file(try Interchange.fixture(fixture).path))
    }

    private func skippedCodes(_ records: [ImportRecord]) -> [String?] {
        records.compactMap { if case .notAGeocache(let location) = $0 { location.code } else { nil } }
    }

    @Test func gpsBabelsGeocacheWaypointSplitsTitleAndOwnerAtBy() throws {
        #expect(Interchange.labCaches(try records("plain-gpsbabel.gpx")) == [GeoCache(
            title: "Old Mill Ruins", details: "GC1MILL", creator: "trailfox & Family", reward: "Type: Geocache")])
    }

    @Test func trailheadsOtherSymbolsAndNonGCNamesAreSkippedAndCounted() throws {
        #expect(skippedCodes(try records("plain-gpsbabel.gpx")) == ["GC1TRAIL", "HOME"])
    }

    @Test func aParkingTypedWaypointIsAnAdditionalWaypointNotSkipped() throws {
        #expect(Interchange.waypoints(try records("plain-gpsbabel.gpx")).map(\.waypoint.code) == ["PK1MILL"])
    }

    @Test func easyGPSWaypointsWithoutAnOwnerGetTheFilesAuthor() throws {
        #expect(Interchange.labCaches(try records("plain-easygps.gpx")) == [
            GeoCache(title: "Lakeside Bench", details: "GC2LAKE", creator: "Ana Weber", reward: "Type: Traditional Cache"),
            GeoCache(title: "Under the Bridge", details: "GC2BRDG", creator: "Luc", reward: "Type: Letterbox Hybrid"),
        ])
    }

    @Test func oldGeocachingComDescriptionsKeepByInTheTitleAndGiveTheCacheType() throws {
        #expect(Interchange.labCaches(try records("plain-gccom-old.gpx")) == [GeoCache(
            title: "Walk by the River", details: "GC3OLD", creator: "Ken 健", reward: "Type: Multi-cache")])
    }

    @Test("a description's trailing ', TYPE (D/T)' gives the listing's type and ratings")
    func theDescriptionSuffixGivesTypeAndRatings() throws {
        let cache = Interchange.caches(try records("plain-gccom-old.gpx")).first
        #expect(cache?.code == "GC3OLD")
        #expect(cache?.coordinate == Coordinate(latitudeMicrodegrees: 35_658_600, longitudeMicrodegrees: 139_745_400))
        #expect(cache?.listing == Listing(type: "Multi-cache", difficulty: Rating(halves: 4), terrain: Rating(halves: 3),
                                          url: "http://www.geocaching.com/seek/cache_details.aspx?wp=GC3OLD",
                                          placed: "2003-06-01T07:00:00Z"))
    }

    @Test func aGPSUnitsWaypointsWithoutAuthorGetUnknownAndKeepTheComment() throws {
        let records = try records("plain-gps-unit.gpx")
        #expect(Interchange.labCaches(records) == [
            GeoCache(title: "Hollow Oak", details: "GC4UNIT: Ammo can under the roots", creator: "unknown",
                     reward: "Type: Geocache"),
            GeoCache(title: "GC5NOSY", details: "GC5NOSY", creator: "unknown", reward: "Type: Geocache"),
        ])
        #expect(skippedCodes(records) == ["001"])
    }

    @Test func theAuthorOfAGPX11FileIsReadFromItsMetadata() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><metadata>\\
            <link href="https://example.org"><text>Not the author</text></link>\\
            <author><name> Trail Club </name><email id="club" domain="example.org"/></author></metadata>\\
            <wpt lat="0" lon="0"><name>GC77</name><desc>Mossy Wall</desc><sym>geocache</sym></wpt></gpx>
            """
        #expect(Interchange.caches(try Interchange.records(text: text)).map(\.creator) == ["Trail Club"])
    }

    @Test func aGCCodeWithAGeocacheTypeButAnotherSymbolIsAGeocache() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0"><wpt lat="0" lon="0"><name>GC88</name>\\
            <desc>Roots by bo</desc><sym>Flag</sym><type>geocache|Mystery Cache</type></wpt></gpx>
            """
        #expect(Interchange.labCaches(try Interchange.records(text: text)) == [
            GeoCache(title: "Roots", details: "GC88", creator: "bo", reward: "Type: Mystery Cache")])
    }

    @Test func theOwnerSplitTakesTheLastByUnlessTheTitleIsKnown() {
        #expect(GPXReader.OwnerSplit.split("Walk by the river by ana", titleHint: nil)! == ("Walk by the river", "ana", nil))
        #expect(GPXReader.OwnerSplit.split("Bye by Bo by Co", titleHint: "Bye")! == ("Bye", "Bo by Co", nil))
        #expect(GPXReader.OwnerSplit.split("A by B, Virtual Cache (1/1)", titleHint: nil)! == ("A", "B", "Virtual Cache"))
        #expect(GPXReader.OwnerSplit.split("Standby", titleHint: nil) == nil)
        #expect(GPXReader.OwnerSplit.split(" by ana", titleHint: nil) == nil)
    }

    @Test func theSummaryLineSaysHowManyCreatorsWereFilledIn() {
        var report = ImportReport()
        report.added = 3
        report.unknownCreators = 2
        #expect(report.description == "Added 3 caches, skipped 0 as duplicates, rejected 0. "
                + "2 caches named no owner: creator \"unknown\".")
        report.unknownCreators = 0
        report.authorCreators = 1
        #expect(report.description.hasSuffix(" 1 cache named no owner: creator taken from the file's author."))
        report.unknownCreators = 2
        #expect(report.description.hasSuffix(
            " 3 caches named no owner: creator \"unknown\" for 2, the file's author for 1."))
    }
}
