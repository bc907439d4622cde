import Foundation
import Testing
@testable import GeoModel

/// One file in the shape of each producer geocachers get files from
/// (Fixtures/producers), read field by field: the code, coordinate, four fields and
/// every listing fact each producer carries.
@Suite("Files of every producer")
struct ProducerFixtureTests {
    /// The records of `Fixtures/producers/NAME`.
    private static func records(_ name: String) throws -> [ImportRecord] {
        try Interchange.records(.file(try Interchange.fixture("producers/" + name).path))
    }

    /// The caches of `Fixtures/producers/NAME`, without the facts a pocket query carries
    /// beyond these tests' (ids, country, state, owner, short description, attributes:
    /// PocketQueryFactTests reads those).
    private static func caches(_ name: String) throws -> [GeoCache] {
        Interchange.caches(try records(name)).map(PocketQueryFactTests.withoutPocketQueryFacts)
    }

    /// The codes of the waypoints of `Fixtures/producers/NAME` that are not geocaches.
    private static func notGeocaches(_ name: String) throws -> [String] {
        try records(name).compactMap { if case .notAGeocache(let location) = $0 { location.code } else { nil } }
    }

    private static func at(_ latitude: Int32, _ longitude: Int32) -> Coordinate? {
        Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
    }

    private static func rating(_ halves: Int) -> Rating? { Rating(halves: halves) }

    @Test("a geocaching.com pocket query with Groundspeak 1.0 gives code, place, four fields and every listing fact")
    func aGroundspeak10PocketQueryGivesEveryField() throws {
        #expect(try Self.caches("groundspeak-1.0.gpx") == [GeoCache(
            title: "Bear Pit Lookout", details: "GCK25B: Two stages above the river.", creator: "Ursula",
            reward: "Container: Regular", code: "GCK25B", coordinate: Self.at(46_948_020, 7_447_440),
            listing: Listing(
                type: "Multi-cache", container: "Regular", difficulty: Self.rating(5), terrain: Self.rating(3),
                hint: "Behind the third post",
                longDescription: "<p>Count the <b>bears</b> at the first stage.</p>", longDescriptionIsHTML: true,
                url: "http://www.geocaching.com/seek/cache_details.aspx?guid=0b0e3b47-79a3-4ba1-9b5f-4c4e7a1b5d01",
                placed: "2004-08-07T07:00:00Z",
                logs: [CacheLog(date: "2008-02-28T08:00:00Z", type: "Found it", finder: "Hans & Greta",
                                text: "Quick find. TFTC!"),
                       CacheLog(date: "2008-01-13T08:00:00Z", type: "Didn't find it", finder: "Zoë",
                                text: "Snow everywhere.\nWill come back.")]))])
    }

    @Test("a pocket query with Groundspeak 1.0.1 gives every field, its travel bug as reward, and reads its parking as an additional waypoint")
    func aGroundspeak101PocketQueryGivesEveryFieldAndSkipsItsParking() throws {
        #expect(try Self.caches("groundspeak-1.0.1.gpx") == [GeoCache(
            title: "Sails and Steps", details: "GC8G4XE: A nano near the steps.", creator: "Harbour Crew",
            reward: "Koala Express", code: "GC8G4XE", coordinate: Self.at(-33_856_784, 151_215_297),
            listing: Listing(
                type: "Traditional Cache", container: "Micro", difficulty: Self.rating(3), terrain: Self.rating(4),
                hint: "Magnetic, under the rail",
                longDescription: "<p>Bring your own pen.</p><p>Mind the crowds &amp; the gulls.</p>",
                longDescriptionIsHTML: true, url: "https://coord.info/GC8G4XE", placed: "2019-11-23T00:00:00Z",
                logs: [CacheLog(date: "2024-04-30T19:00:00Z", type: "Found it", finder: "kiwi_finder",
                                text: "Found at dusk <3"),
                       CacheLog(date: "2024-04-01T19:00:00Z", type: "Write note", finder: "Harbour Crew",
                                text: "Log replaced.")],
                travelBugs: [TravelBug(id: "5551", ref: "TB7Q2X1", name: "Koala Express")]))])
        #expect(try Self.notGeocaches("groundspeak-1.0.1.gpx").isEmpty)
        #expect(Interchange.waypoints(try Self.records("groundspeak-1.0.1.gpx")).map(\.waypoint.code) == ["PK8G4XE"])
    }

    @Test("a GPX 1.1 download with Groundspeak 1.0.2 inside extensions gives every field")
    func aGroundspeak102GPX11DownloadGivesEveryField() throws {
        #expect(try Self.caches("groundspeak-1.0.2.gpx") == [GeoCache(
            title: "東京タワーの下", details: "GC5P1TK: 赤い柱の後ろ。", creator: "山田太郎",
            reward: "Container: Small", code: "GC5P1TK", coordinate: Self.at(35_658_581, 139_745_433),
            listing: Listing(
                type: "Unknown Cache", container: "Small", difficulty: Self.rating(6), terrain: Self.rating(2),
                hint: "赤い柱", longDescription: "パズルを解いてください。\n二行目。", longDescriptionIsHTML: false,
                url: "https://www.geocaching.com/geocache/GC5P1TK", placed: "2015-03-14T00:00:00Z",
                logs: [CacheLog(date: "2024-05-05T12:00:00Z", type: "Found it", finder: "さくら", text: "ありがとう 🌸")]))])
    }

    @Test("a GSAK export takes the code from gsak:Code and the details from the long description when the short one is empty")
    func aGSAKExportTakesTheCodeFromGsakCodeAndTheDetailsFromTheLongDescription() throws {
        #expect(try Self.caches("gsak.gpx") == [GeoCache(
            title: "Gate Keeper", details: "GC2BRND: Six columns, one cache.", creator: "Spree Team",
            reward: "Container: Micro", code: "GC2BRND", coordinate: Self.at(52_516_275, 13_377_704),
            listing: Listing(
                type: "Traditional Cache", container: "Micro", difficulty: Self.rating(4), terrain: Self.rating(2),
                hint: "Column 4, knee height", longDescription: "<p>Six columns, <b>one</b> cache.</p>",
                longDescriptionIsHTML: true,
                url: "http://www.geocaching.com/seek/cache_details.aspx?guid=5b7d1c1e-7a44-4cf7-8f4f-3a52a3c4f001",
                placed: "2010-10-03T00:00:00Z",
                logs: [CacheLog(date: "2023-08-20T00:00:00Z", type: "Found it", finder: "Berliner Bär",
                                text: "#123 on holiday")]))])
        #expect(Interchange.waypoints(try Self.records("gsak.gpx")).map(\.parent) == ["GC2BRND"])
    }

    @Test("an OpenCaching file gives its OC code and the details from the long description when the short one is empty")
    func anOpenCachingFileGivesItsOCCodeAndTheDetailsFromTheLongDescription() throws {
        #expect(try Self.caches("opencaching.gpx") == [GeoCache(
            title: "Domblick", details: "OC10F3A: Wie viele Türme hat der Dom?", creator: "Kölsche Jung",
            reward: "Container: Small", code: "OC10F3A", coordinate: Self.at(50_941_278, 6_958_281),
            listing: Listing(
                type: "Unknown Cache", container: "Small", difficulty: Self.rating(7), terrain: Self.rating(5),
                hint: "Am Geländer", longDescription: "<p>Wie viele Türme hat der <em>Dom</em>?</p>",
                longDescriptionIsHTML: true, url: "https://www.opencaching.de/viewcache.php?wp=OC10F3A",
                placed: "2012-06-16T00:00:00Z",
                logs: [CacheLog(date: "2024-02-11T13:30:00Z", type: "Found it", finder: "Rheinländerin",
                                text: "<p>Schönes Rätsel!</p>")]))])
    }

    @Test("an OpenCaching waypoint without Groundspeak elements takes type and size from its own extension")
    func anOpenCachingWaypointWithoutGroundspeakElementsTakesTypeAndSizeFromItsOwn() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:oc="https://github.com/opencaching/gpx-extension-v1">
            <wpt lat="50.1" lon="6.9"><name>OC1234</name><desc>Turm by Eule</desc>\
            <oc:cache><oc:type>Moving Cache</oc:type><oc:size>Nano</oc:size></oc:cache></wpt></gpx>
            """
        let caches = Interchange.caches(try Interchange.records(text: text))
        #expect(caches.map(\.listing.type) == ["Moving Cache"])
        #expect(caches.map(\.listing.container) == ["Nano"])
        #expect(caches.map(\.reward) == ["Container: Nano"])
    }

    @Test("a TerraCaching cache is a cache, with its TC code and its listing")
    func aTerraCachingCacheIsACacheWithItsTCCodeAndListing() throws {
        #expect(try Self.caches("terracaching.gpx") == [GeoCache(
            title: "Liberty View", details: "TC7X2K: Look out over the harbor.\nThe cache is not on the island.",
            creator: "Harbor Hawk", reward: "Container: Small", code: "TC7X2K",
            coordinate: Self.at(40_689_247, -74_044_502),
            listing: Listing(
                type: "Classic", container: "Small", hint: "Low in the hedge",
                longDescription: "<br>Look out over the harbor.<br>The cache is not on the island.",
                longDescriptionIsHTML: true, url: "http://www.terracaching.com/Cache/TC7X2K",
                placed: "2006-04-01T00:00:00Z",
                logs: [CacheLog(date: "2022-06-30T16:00:00Z", type: "Found it", finder: "Gotham Geo",
                                text: "Great view, easy find.")],
                symbol: "Terracache"))])
    }

    @Test("a GeoToad file, with titles as names, takes each code from the listing's URL")
    func aGeoToadFileTakesTheCodeFromTheListingsURL() throws {
        #expect(try Self.caches("geotoad.gpx") == [
            GeoCache(
                title: "Stone Circle Sunrise", details: "GC1STNE: Count the stones.", creator: "Druid Dave",
                reward: "Container: Virtual", code: "GC1STNE", coordinate: Self.at(51_178_882, -1_826_215),
                listing: Listing(
                    type: "Virtual Cache", container: "Virtual", difficulty: Self.rating(3), terrain: Self.rating(2),
                    hint: "No hint needed", longDescription: "<p>Send the number to the owner.</p>",
                    longDescriptionIsHTML: true, url: "https://coord.info/GC1STNE", placed: "2009-09-09T00:00:00Z",
                    logs: [CacheLog(date: "2020-12-21T08:00:00Z", type: "Found it", finder: "Solstice Sam",
                                    text: "Cold but worth it.")])),
            GeoCache(
                title: "Roman Bath 2", details: "GC2BATH: Near the old baths.", creator: "Aquae Sulis",
                reward: "Container: Regular", code: "GC2BATH", coordinate: Self.at(51_380_000, -2_360_000),
                listing: Listing(
                    type: "Traditional Cache", container: "Regular", difficulty: Self.rating(4), terrain: Self.rating(4),
                    url: "http://www.geocaching.com/seek/cache_details.aspx?wp=GC2BATH",
                    placed: "2011-01-01T00:00:00Z")),
        ])
    }

    @Test("GPSBabel's output gives every field, its 9 decimals read exactly")
    func gpsBabelsOutputGivesEveryFieldWithNineDecimalsReadExactly() throws {
        #expect(try Self.caches("gpsbabel.gpx") == [GeoCache(
            title: "Stephansdom Steps", details: "GC4WIEN: 343 steps up.", creator: "Wiener Melange",
            reward: "Lipizzaner", code: "GC4WIEN", coordinate: Self.at(48_208_174, 16_373_819),
            listing: Listing(
                type: "Multi-cache", container: "Other", difficulty: Self.rating(8), terrain: Self.rating(9),
                hint: "Top landing", longDescription: "<p>Count the steps of the south tower.</p>",
                longDescriptionIsHTML: true, url: "https://coord.info/GC4WIEN", placed: "2013-07-20T00:00:00Z",
                logs: [CacheLog(date: "2024-04-02T09:00:00Z", type: "Found it", finder: "Sachertorte",
                                text: "Out of breath, but found it.")],
                travelBugs: [TravelBug(id: "700", ref: "TB4WIEN", name: "Lipizzaner")]))])
    }

    @Test("an Adventure Lab stage is a cache of type Lab Cache")
    func aLabCacheIsACacheOfTypeLabCache() throws {
        #expect(try Self.caches("lab.gpx") == [GeoCache(
            title: "Old Town Lab: The Fountain", details: "LC8STHLM1: Which animal is on the fountain?",
            creator: "Gamla Stan Guild", reward: "Container: Virtual", code: "LC8STHLM1",
            coordinate: Self.at(59_329_323, 18_068_581),
            listing: Listing(
                type: "Lab Cache", container: "Virtual", difficulty: Self.rating(2), terrain: Self.rating(2),
                url: "https://labs.geocaching.com/goto/8f2b1c9e-0a44-4e27-9cc1-2f8e2f1b7a11",
                placed: "2023-05-20T00:00:00Z"))])
    }

    @Test("a geocaching.com LOC gives code, coordinate, ratings, container and link, with location coverage")
    func aGeocachingComLOCGivesCodeCoordinateRatingsContainerAndLink() throws {
        #expect(try Self.caches("geocaching.loc") == [
            GeoCache(
                title: "The Spot", details: "GC1A37", creator: "Anonymous & Co", reward: "Container: Micro",
                code: "GC1A37", coordinate: Self.at(47_368_717, -122_300_000),
                listing: Listing(container: "Micro", difficulty: Self.rating(3), terrain: Self.rating(6),
                                 url: "https://www.geocaching.com/seek/cache_details.aspx?wp=GC1A37")),
            GeoCache(
                title: "Second Spot", details: "GC2B48", creator: "Jo", reward: "Container: Not chosen",
                code: "GC2B48", coordinate: Self.at(-1, 179_999_999),
                listing: Listing(container: "Not chosen", difficulty: Self.rating(10), terrain: Self.rating(2),
                                 url: "https://www.geocaching.com/seek/cache_details.aspx?wp=GC2B48")),
        ])
        let coverages = try Self.records("geocaching.loc").compactMap {
            if case .cache(_, _, let coverage) = $0 { coverage } else { nil }
        }
        #expect(coverages == [.location, .location])
    }
}

/// GPX times are UTC; a time written without a zone, or with an offset, is read as the
/// same instant in UTC (issue 37: the same instant is the same date).
@Suite("GPX times")
struct GPXTimeTests {
    @Test("a time without a zone reads as UTC, as GPSBabel writes it; an offset is taken into UTC; a date alone is its midnight in UTC")
    func timesWithoutAZoneAreUTC() {
        #expect(GPXReader.WaypointDraft.utcTime("2004-08-07T07:00:00") == "2004-08-07T07:00:00Z")
        #expect(GPXReader.WaypointDraft.utcTime("2004-08-07T07:00:00.5") == "2004-08-07T07:00:00.5Z")
        #expect(GPXReader.WaypointDraft.utcTime("2004-08-07T07:00:00Z") == "2004-08-07T07:00:00Z")
        #expect(GPXReader.WaypointDraft.utcTime("2004-08-07T07:00:00-07:00") == "2004-08-07T14:00:00Z")
        #expect(GPXReader.WaypointDraft.utcTime("2004-08-07") == "2004-08-07T00:00:00Z")
    }
}
