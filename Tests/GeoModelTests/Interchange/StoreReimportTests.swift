import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Re-imports in both stores (issue 37): logs accumulate, a newer file wins whatever the
/// import order, and the counts say "unchanged" for every cache whose stored form does
/// not change.
@Suite("Re-importing into a store: logs accumulate, newer wins, counts tell the truth")
struct StoreReimportTests {
    private func source(_ text: String, _ name: String) -> ImportSource { .bytes(Array(text.utf8), name: name) }

    /// `count` logs, newest first, one a day back from 2024-03-`count`, ids 1...count.
    private static func logs(_ count: Int) -> [(date: String, finder: String, id: String)] {
        (1...count).reversed().map { day in ("2024-03-\(day < 10 ? "0" : "")\(day)T19:00:00Z", "finder\(day)", "\(day)") }
    }

    /// A LOC file of geocaching.com naming GC1A2B3 at `latitude`, difficulty `difficulty`.
    private static func loc(latitude: String, difficulty: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <loc version="1.0" src="Groundspeak">
        <waypoint><name id="GC1A2B3"><![CDATA[Oak by ana]]></name><coord lat="\(latitude)" lon="8.2"/>\
        <type>Geocache</type><link text="Cache Details">http://www.geocaching.com/seek/cache_details.aspx?wp=GC1A2B3</link>\
        <difficulty>\(difficulty)</difficulty><terrain>1</terrain><container>2</container></waypoint>
        </loc>
        """
    }

    /// Exports `fixture`'s store as `format` to a file in its directory, as `export` does; its path.
    private static func exported(_ fixture: StoreFixture, as format: ExportFormat) throws -> String {
        let path = fixture.directory.file("export.\(format.rawValue)").path
        try CacheExporter.export(fixture.store, as: format, to: try ExportDestination(path: path, exporting: fixture.store))
        return path
    }

    /// Gives `store`'s GC1A2B3 the title `title`, as `edit --title` does.
    private static func retitle(_ store: any CacheStore, _ title: String) throws {
        let stored = try #require(try store.cache(withCode: "GC1A2B3"))
        var edited = stored.cache
        edited.title = title
        try store.update(stored, to: edited)
    }

    @Test("a cache with logs edited in one store reaches another holding the same pocket query through a GPX export",
          arguments: StoreKind.allCases, [ExportFormat.gpx, .gpx11])
    func anEditTravelsByGPX(_ kind: StoreKind, _ format: ExportFormat) throws {
        let query = ListingAgeTests.pocketQuery(time: "2024-03-01T00:00:00Z", logs: [("2024-02-28T00:00:00Z", "bo", "1")])
        let (mine, theirs) = (try StoreFixture(kind), try StoreFixture(kind))
        for fixture in [mine, theirs] { _ = try fixture.store.importCaches(from: source(query, "pq.gpx")) }
        try Self.retitle(mine.store, "Old Oak renamed")
        let report = try theirs.store.importCaches(from: .file(try Self.exported(mine, as: format)))
        #expect((report.updated, report.olderThanStored) == (1, 0))
        #expect(try theirs.store.cache(withCode: "GC1A2B3")?.cache.title == "Old Oak renamed")
    }

    @Test("a GPX export of a cache older than the other store's listing leaves the edit made there",
          arguments: StoreKind.allCases, [ExportFormat.gpx, .gpx11])
    func anOlderExportLeavesANewerEdit(_ kind: StoreKind, _ format: ExportFormat) throws {
        let (mine, theirs) = (try StoreFixture(kind), try StoreFixture(kind))
        _ = try mine.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-03-01T00:00:00Z"), "old.gpx"))
        _ = try theirs.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-04-01T00:00:00Z"), "new.gpx"))
        try Self.retitle(mine.store, "Old Oak renamed")
        try Self.retitle(theirs.store, "Oak renamed later")
        let report = try theirs.store.importCaches(from: .file(try Self.exported(mine, as: format)))
        #expect((report.updated, report.olderThanStored) == (0, 1))
        #expect(try theirs.store.cache(withCode: "GC1A2B3")?.cache.title == "Oak renamed later")
    }

    @Test("a newer pocket query holding 2 of a cache's 20 logs leaves the 20 stored and adds its new one",
          arguments: StoreKind.allCases)
    func logsAccumulate(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let twenty = Self.logs(20)
        _ = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-03-21T00:00:00Z", logs: twenty),
                                                        "old.gpx"))
        let newer = [("2024-04-02T19:00:00Z", "newcomer", "21"), twenty[0]]
        let report = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-04-03T00:00:00Z",
                                                                                             logs: newer), "new.gpx"))
        #expect((report.updated, report.unchanged) == (1, 0))
        let logs = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache.listing.logs
        #expect(logs.count == 21)
        #expect(logs.map(\.finder) == ["newcomer"] + twenty.map(\.finder))
    }

    @Test("a newer pocket query without the hint, attributes, country, state and long description it had takes them away",
          arguments: StoreKind.allCases)
    func aNewerPocketQueryTakesAwayWhatItNoLongerHas(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let facts = """
            <groundspeak:attributes><groundspeak:attribute id="1" inc="1">Dogs</groundspeak:attribute></groundspeak:attributes>\
            <groundspeak:country>Switzerland</groundspeak:country><groundspeak:state>Zürich</groundspeak:state>\
            <groundspeak:long_description html="False">old long</groundspeak:long_description>\
            <groundspeak:encoded_hints>old hint</groundspeak:encoded_hints>
            """
        _ = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-05-01T00:00:00Z", logs: [
            ("2024-04-30T00:00:00Z", "bo", "2")], facts: facts), "old.gpx"))
        let newer = ListingAgeTests.pocketQuery(time: "2024-06-01T00:00:00Z",
                                                facts: "<groundspeak:encoded_hints></groundspeak:encoded_hints>")
        let report = try fixture.store.importCaches(from: source(newer, "new.gpx"))
        #expect((report.updated, report.unchanged) == (1, 0))
        let listing = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache.listing
        #expect(listing.hint == nil && listing.longDescription == nil && listing.attributes.isEmpty)
        #expect(listing.country == nil && listing.state == nil)
        #expect(listing.logs.map(\.finder) == ["bo"])
    }

    @Test("a cache's own GPX export read back keeps what GPX cannot write (placed text, ids, OC attributes, waypoints' too)",
          arguments: StoreKind.allCases)
    func anOwnGPXExportKeepsWhatGPXCannotWrite(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let json = #"[{"title": "Old Oak", "details": "d", "creator": "ana", "reward": "r", "code": "GC1A2B3", "#
            + #""latitude": 47.368717, "longitude": 8.540933, "placed": "spring 2004", "cacheID": "OCX1", "#
            + #""ownerID": "u-17", "ownerName": "Ömer", "country": "", "state": "ZH", "attributes": ["#
            + #"{"source": "groundspeak", "id": "1", "on": true, "name": "Dogs"}, "#
            + #"{"source": "opencaching", "id": "59", "on": false, "name": "Night cache"}], "waypoints": ["#
            + #"{"code": "PK1A2B3", "kind": "Parking Area", "name": "P", "latitude": 47.1, "longitude": 8.2, "time": "gestern"}, "#
            + #"{"code": "S11A2B3", "kind": "Stages of a Multicache", "name": "S", "latitude": 0, "longitude": 0}]}]"#
        _ = try fixture.store.importCaches(from: source(json, "a.json"))
        let stored = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache
        for version in [GPXWriter.Version.gpx10, .gpx11] {
            let report = try fixture.store.importCaches(from: source(GPXWriter.document(for: [stored], version: version),
                                                                     "back.gpx"))
            #expect((report.updated, report.unchanged) == (0, 1), "\(version)")
        }
        #expect(try fixture.store.cache(withCode: "GC1A2B3")?.cache == stored)
    }

    @Test("a cache's own GPX export read back keeps a placed date and a waypoint time in the year 0000",
          arguments: StoreKind.allCases)
    func anOwnGPXExportKeepsTheYearZero(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let json = #"[{"title": "Old Oak", "details": "d", "creator": "ana", "reward": "r", "code": "GC1A2B3", "#
            + #""latitude": 47.368717, "longitude": 8.540933, "placed": "0000-06-01T12:00:00Z", "waypoints": ["#
            + #"{"code": "PK1A2B3", "kind": "Parking Area", "name": "P", "latitude": 47.1, "longitude": 8.2, "#
            + #""time": "0000-06-01T12:00:00Z"}]}]"#
        _ = try fixture.store.importCaches(from: source(json, "a.json"))
        let stored = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache
        let report = try fixture.store.importCaches(from: source(GPXWriter.document(for: [stored]), "back.gpx"))
        #expect((report.updated, report.unchanged) == (0, 1))
        #expect(try fixture.store.cache(withCode: "GC1A2B3")?.cache == stored)
    }

    /// A pocket query's waypoints file of `time`: GC1A2B3's parking with `comment`, and
    /// the stage `extra` when given.
    private static func waypointsFile(time: String, comment: String, extra: String? = nil) -> String {
        let stage = extra.map { """
            <wpt lat="47.2" lon="8.3"><name>\($0)</name><desc>Stage</desc><type>Waypoint|Question to Answer</type></wpt>
            """ } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0"><time>\(time)</time>
            <wpt lat="47.1" lon="8.2"><name>PK1A2B3</name><desc>Parking</desc><cmt>\(comment)</cmt>\
            <type>Waypoint|Parking Area</type></wpt>\(stage)
            </gpx>
            """
    }

    @Test("an older pocket query's waypoints file read alone changes no waypoint of a newer listing, only adds new ones",
          arguments: StoreKind.allCases)
    func anOlderWaypointsFileAloneChangesNoWaypoint(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-05-17T00:00:00Z"), "new.gpx"))
        _ = try fixture.store.importCaches(from: source(Self.waypointsFile(time: "2024-05-17T00:00:00Z", comment: "new"),
                                                        "new-wpts.gpx"))
        let report = try fixture.store.importCaches(from: source(Self.waypointsFile(
            time: "2024-05-10T00:00:00Z", comment: "old", extra: "S11A2B3"), "old-wpts.gpx"))
        #expect(report.updated == 1)
        let waypoints = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache.listing.waypoints
        #expect(waypoints.map(\.code) == ["PK1A2B3", "S11A2B3"])
        #expect(waypoints.first?.comment == "new")
    }

    @Test("a newer plain GPX waypoint, which carries no listing, keeps the stored hint", arguments: StoreKind.allCases)
    func aNewerPlainWaypointKeepsTheStoredHint(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(
            time: "2024-05-01T00:00:00Z", facts: "<groundspeak:encoded_hints>old hint</groundspeak:encoded_hints>"), "old.gpx"))
        let plain = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0"><time>2024-06-01T00:00:00Z</time>
            <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><desc>Oak by ana</desc><type>Geocache|Traditional Cache</type></wpt></gpx>
            """
        _ = try fixture.store.importCaches(from: source(plain, "plain.gpx"))
        #expect(try fixture.store.cache(withCode: "GC1A2B3")?.cache.listing.hint == "old hint")
    }

    @Test("an older pocket query imported after a newer one adds its missing logs and nothing else, and the summary says so",
          arguments: StoreKind.allCases)
    func anOlderFileAddsOnlyLogs(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(
            ListingAgeTests.pocketQuery(time: "2024-06-01T00:00:00Z", latitude: "47.2", difficulty: "3",
                                        logs: [("2024-05-30T00:00:00Z", "cy", "3")]), "new.gpx"))
        let report = try fixture.store.importCaches(from: source(
            ListingAgeTests.pocketQuery(time: "2024-05-01T00:00:00Z", latitude: "47.1", difficulty: "2",
                                        logs: [("2024-04-30T00:00:00Z", "bo", "2")]), "old.gpx"))
        #expect(report.olderThanStored == 1 && report.updated == 1)
        #expect(report.description.contains("Older than stored: 1 (their new logs added, nothing else)."),
                "summary: \(report.description)")
        let cache = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache
        #expect(cache.coordinate?.latitudeMicrodegrees == 47_200_000)
        #expect(cache.listing.difficulty == Rating(halves: 6))
        #expect(cache.listing.logs.map(\.finder) == ["cy", "bo"])
    }

    @Test("an older LOC imported after a newer GPX puts back neither the old coordinates nor D/T",
          arguments: StoreKind.allCases)
    func anUndatedLOCDoesNotPutBackOldFacts(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(
            ListingAgeTests.pocketQuery(time: "2024-06-01T00:00:00Z", latitude: "47.2", difficulty: "3"), "new.gpx"))
        let before = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache
        let report = try fixture.store.importCaches(from: source(Self.loc(latitude: "47.1", difficulty: "2"), "old.loc"))
        #expect(report.undatedOverDated == 1)
        #expect(report.description.contains("Filled in only what they lacked: 1 (LOC records over dated listings, or from a LOC file geocache-tui wrote)."),
                "summary: \(report.description)")
        let after = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache
        #expect(after.coordinate == before.coordinate)
        #expect(after.listing.difficulty == before.listing.difficulty && after.listing.terrain == before.listing.terrain)
        #expect(after.title == before.title && after.listing.container == before.listing.container)
        // The pocket query gave no URL: the LOC's link fills that in, and only that.
        var expected = before
        expected.listing.url = "http://www.geocaching.com/seek/cache_details.aspx?wp=GC1A2B3"
        #expect(after == expected)
    }

    @Test("a LOC over a LOC still updates in import order", arguments: StoreKind.allCases)
    func locOverLOCUpdates(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(Self.loc(latitude: "47.1", difficulty: "2"), "a.loc"))
        let report = try fixture.store.importCaches(from: source(Self.loc(latitude: "47.2", difficulty: "3"), "b.loc"))
        #expect(report.updated == 1)
        let cache = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache
        #expect(cache.listing.difficulty == Rating(halves: 6))
    }

    @Test("the same instant written with another zone counts as unchanged", arguments: StoreKind.allCases)
    func theSameInstantInAnotherZoneIsUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let utc = ListingAgeTests.pocketQuery(time: "2024-06-01T00:00:00Z", logs: [("2002-08-15T07:00:00Z", "bo", "1")])
        _ = try fixture.store.importCaches(from: source(utc, "utc.gpx"))
        let before = try fixture.store.loadCaches()
        let zoned = utc.replacingOccurrences(of: "2002-08-15T07:00:00Z", with: "2002-08-15T00:00:00.0000000-07:00")
            .replacingOccurrences(of: "2024-06-01T00:00:00Z", with: "2024-06-01T02:00:00+02:00")
            .replacingOccurrences(of: "<time>2010-01-02T00:00:00</time>", with: "<time>2010-01-01T16:00:00-08:00</time>")
        let report = try fixture.store.importCaches(from: source(zoned, "zoned.gpx"))
        #expect((report.updated, report.unchanged) == (0, 1))
        #expect(try fixture.store.loadCaches() == before)
        let json = JSONInterchange.document(for: before).replacingOccurrences(of: "2002-08-15T07:00:00Z",
                                                                              with: "2002-08-15T09:00:00+02:00")
        let fromJSON = try fixture.store.importCaches(from: source(json, "zoned.json"))
        #expect((fromJSON.updated, fromJSON.unchanged) == (0, 1))
    }

    @Test("a newer file that says the same counts as unchanged, and moves the listing's age on",
          arguments: StoreKind.allCases)
    func aNewerFileSayingTheSameIsUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-05-01T00:00:00Z"), "may.gpx"))
        let june = try fixture.store.importCaches(from: source(ListingAgeTests.pocketQuery(time: "2024-06-01T00:00:00Z"),
                                                               "june.gpx"))
        #expect((june.updated, june.unchanged) == (0, 1))
        #expect(try fixture.store.cache(withCode: "GC1A2B3")?.cache.listing.asOf == "2024-06-01T00:00:00Z")
        let mid = try fixture.store.importCaches(from: source(
            ListingAgeTests.pocketQuery(time: "2024-05-15T00:00:00Z", difficulty: "4"), "mid-may.gpx"))
        #expect(mid.olderThanStored == 1 && mid.unchanged == 1)
    }

    @Test("two versions of one cache without an age, imported again in the same order, count as unchanged",
          arguments: StoreKind.allCases)
    func flipFlopsCountAsUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let sources = [source(ListingAgeTests.pocketQuery(time: nil, difficulty: "2"), "a.gpx"),
                       source(ListingAgeTests.pocketQuery(time: nil, difficulty: "3"), "b.gpx")]
        _ = try fixture.store.importCaches(from: sources)
        let before = try fixture.store.loadCaches()
        let again = try fixture.store.importCaches(from: sources)
        #expect((again.added, again.updated, again.unchanged) == (0, 0, 1))
        #expect(try fixture.store.loadCaches() == before)
    }

    @Test("importing every producer's file a second time says unchanged for every cache, and changes nothing",
          arguments: StoreKind.allCases)
    func reimportingEveryProducerIsUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let directory = try Interchange.fixture("producers")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.count >= 10)
        let sources = names.map { ImportSource.file(directory.appendingPathComponent($0).path) }
        let first = try fixture.store.importCaches(from: sources)
        let stored = try fixture.store.loadCaches()
        let document = JSONInterchange.document(for: stored)
        let second = try fixture.store.importCaches(from: sources)
        #expect(second.added == 0 && second.updated == 0 && second.duplicates == 0)
        #expect(second.unchanged == stored.count)
        #expect(second.unchanged == first.added)
        #expect(JSONInterchange.document(for: try fixture.store.loadCaches()) == document)
    }
}
