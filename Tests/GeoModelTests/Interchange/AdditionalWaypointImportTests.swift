import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Importing additional waypoints into a store (issue 37): each goes to its cache,
/// whichever file of the import it came in and in whatever order, or to the stored
/// cache; one whose cache never comes is named in the summary.
@Suite struct AdditionalWaypointImportTests {
    /// A pocket query's caches file and its waypoints file, as in-memory sources.
    private static func caches(_ codes: [String], name: String = "123.gpx") -> ImportSource {
        .bytes(Array(ZipFixture.caches(codes).utf8), name: name)
    }

    private static func waypoints(_ codes: [String], name: String = "123-wpts.gpx") -> ImportSource {
        .bytes(Array(ZipFixture.waypoints(codes).utf8), name: name)
    }

    /// The parking ``ZipFixture/waypoints(_:)`` writes for the cache `code`.
    private static func parking(of code: String) -> AdditionalWaypoint {
        AdditionalWaypoint(code: "PK" + code.dropFirst(2), kind: "Parking Area", name: "Parking",
                           coordinate: Coordinate(latitudeMicrodegrees: 47_200_000, longitudeMicrodegrees: 8_600_000))
    }

    /// The stored caches' waypoints, by code.
    private static func storedWaypoints(_ fixture: StoreFixture) throws -> [String: [AdditionalWaypoint]] {
        Dictionary(uniqueKeysWithValues: try fixture.store.loadCaches().map { ($0.code ?? "", $0.listing.waypoints) })
    }

    @Test("a waypoints file read before the caches file pairs each waypoint with its cache",
          arguments: StoreKind.allCases)
    func waypointsBeforeCaches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let report = try fixture.store.importCaches(from: [Self.waypoints(["GC12345"]), Self.caches(["GC12345", "GC23456"])])
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": [Self.parking(of: "GC12345")], "GC23456": []])
        #expect(report.pairedWaypoints == 1 && report.notGeocaches == 0)
    }

    @Test("a waypoints file read after the caches file pairs each waypoint with its cache",
          arguments: StoreKind.allCases)
    func waypointsAfterCaches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: [Self.caches(["GC12345", "GC23456"]), Self.waypoints(["GC23456"])])
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": [], "GC23456": [Self.parking(of: "GC23456")]])
    }

    @Test("a cache added with its waypoints in one import counts as added, not as updated",
          arguments: StoreKind.allCases)
    func aCacheAddedWithItsWaypointsIsNotUpdated(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let report = try fixture.store.importCaches(from: [Self.caches(["GC12345"]), Self.waypoints(["GC12345"])])
        #expect(report.added == 1 && report.updated == 0 && report.unchanged == 0)
        #expect(report.description == "Added 1 cache, skipped 0 as duplicates, rejected 0. "
                + "Paired 1 additional waypoint with its cache.")
    }

    @Test("a waypoints file given twice with its caches pairs each waypoint once",
          arguments: StoreKind.allCases)
    func aWaypointsFileGivenTwicePairsEachWaypointOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let report = try fixture.store.importCaches(from: [Self.caches(["GC12345"]), Self.waypoints(["GC12345"]),
                                                           Self.waypoints(["GC12345"])])
        #expect(report.pairedWaypoints == 1)
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": [Self.parking(of: "GC12345")]])
    }

    @Test("a waypoints file given twice alone pairs each waypoint with its stored cache once",
          arguments: StoreKind.allCases)
    func aWaypointsFileGivenTwiceAlonePairsEachWaypointOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: [Self.caches(["GC12345"])])
        let report = try fixture.store.importCaches(from: [Self.waypoints(["GC12345"]), Self.waypoints(["GC12345"])])
        #expect(report.pairedWaypoints == 1 && report.updated == 1)
    }

    @Test("Opencaching's waypoints after their cache in its own file go with it by gsak:Parent",
          arguments: StoreKind.allCases)
    func openCachingWaypointsInTheSameFile(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let source = ImportSource.bytes(Array(AdditionalWaypointTests.openCachingFile.utf8), name: "oc.gpx")
        let report = try fixture.store.importCaches(from: source)
        #expect(try Self.storedWaypoints(fixture)["OCDDD2"]?.map(\.code) == ["OCDDD2-1", "OCDDD2-2"])
        #expect(report.added == 1 && report.pairedWaypoints == 2)
    }

    @Test("a pocket query zip pairs the waypoints of its -wpts.gpx with the caches of its other file",
          arguments: StoreKind.allCases)
    func aPocketQueryZipPairsItsFiles(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let zip = directory.file("123.zip")
        try ZipFixture.write([ZipFixture.Entry("123-wpts.gpx", ZipFixture.waypoints(["GC12345", "GC23456"])),
                              ZipFixture.Entry("123.gpx", ZipFixture.caches(["GC12345", "GC23456"]))], to: zip)
        let report = try fixture.store.importCaches(from: .file(zip.path))
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": [Self.parking(of: "GC12345")],
                                                      "GC23456": [Self.parking(of: "GC23456")]])
        #expect(report.added == 2 && report.pairedWaypoints == 2)
    }

    @Test("a waypoints file imported alone later goes to the stored caches, each counted as updated",
          arguments: StoreKind.allCases)
    func aLaterWaypointsFileUpdatesStoredCaches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.caches(["GC12345", "GC23456"]))
        let report = try fixture.store.importCaches(from: Self.waypoints(["GC12345"]))
        #expect(try Self.storedWaypoints(fixture)["GC12345"] == [Self.parking(of: "GC12345")])
        #expect(report.added == 0 && report.updated == 1 && report.unchanged == 0)
    }

    @Test("a waypoints file imported with --keep-existing leaves the stored caches as they are and pairs nothing",
          arguments: StoreKind.allCases)
    func keepingExistingCachesPairsNoWaypoint(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.caches(["GC12345"]))
        let report = try fixture.store.importCaches(from: [Self.waypoints(["GC12345"])], skipInvalid: false,
                                                    existing: .keep, interruption: nil)
        #expect(try Self.storedWaypoints(fixture)["GC12345"] == [])
        #expect(report.pairedWaypoints == 0 && report.unchanged == 1)
        #expect(!report.description.contains("Paired"), "\(report.description)")
    }

    @Test("caches and their waypoints imported together with --keep-existing pair nothing with the caches kept",
          arguments: StoreKind.allCases)
    func keepingExistingCachesInOneImportPairsNoWaypoint(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.caches(["GC12345"]))
        let report = try fixture.store.importCaches(from: [Self.caches(["GC12345", "GC23456"]),
                                                           Self.waypoints(["GC12345", "GC23456"])],
                                                    skipInvalid: false, existing: .keep, interruption: nil)
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": [], "GC23456": [Self.parking(of: "GC23456")]])
        #expect(report.pairedWaypoints == 1 && report.added == 1 && report.unchanged == 1)
    }

    @Test("the same waypoints file imported again leaves the stored caches unchanged",
          arguments: StoreKind.allCases)
    func theSameWaypointsAgainChangeNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: [Self.caches(["GC12345"]), Self.waypoints(["GC12345"])])
        let report = try fixture.store.importCaches(from: Self.waypoints(["GC12345"]))
        #expect(report.updated == 0 && report.unchanged == 1)
    }

    @Test("a newer version of a stored waypoint replaces it by code and keeps the others",
          arguments: StoreKind.allCases)
    func aNewerWaypointReplacesItsCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let source = ImportSource.bytes(Array(AdditionalWaypointTests.openCachingFile.utf8), name: "oc.gpx")
        _ = try fixture.store.importCaches(from: source)
        let newer = AdditionalWaypointTests.file("""
            <wpt lat="52.123000" lon="13.544000"><name>OCDDD2-1</name><cmt>Count the steps twice.</cmt>\
            <desc>Stage 1</desc><type>Waypoint|Stages of a Multicache</type>\
            <gsak:wptExtension><gsak:Parent>OCDDD2</gsak:Parent></gsak:wptExtension></wpt>
            """)
        _ = try fixture.store.importCaches(from: .bytes(Array(newer.utf8), name: "newer.gpx"))
        let stored = try #require(try Self.storedWaypoints(fixture)["OCDDD2"])
        #expect(stored.map(\.code) == ["OCDDD2-1", "OCDDD2-2"])
        #expect(stored.first?.comment == "Count the steps twice.")
    }

    @Test("a newer version of a stored waypoint without the comment, time and page it had takes them away",
          arguments: StoreKind.allCases)
    func aNewerWaypointTakesAwayWhatItNoLongerHas(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.caches(["GC12345"]))
        let older = AdditionalWaypointTests.file("""
            <wpt lat="47.1" lon="8.1"><time>2010-01-01T00:00:00Z</time><name>PK12345</name><cmt>old comment</cmt>\
            <desc>Old parking</desc><url>https://coord.info/PK12345</url><urlname>Old parking</urlname>\
            <type>Waypoint|Parking Area</type></wpt>
            """)
        _ = try fixture.store.importCaches(from: .bytes(Array(older.utf8), name: "w1.gpx"))
        let newer = AdditionalWaypointTests.file("""
            <wpt lat="47.2" lon="8.2"><name>PK12345</name><cmt></cmt><desc>New parking</desc>\
            <type>Waypoint|Parking Area</type></wpt>
            """)
        _ = try fixture.store.importCaches(from: .bytes(Array(newer.utf8), name: "w2.gpx"))
        let stored = try #require(try Self.storedWaypoints(fixture)["GC12345"]?.first)
        #expect(stored.name == "New parking")
        #expect(stored.comment.isEmpty && stored.time == nil && stored.url == nil && stored.urlName == nil)
    }

    @Test("a stage with the Geocache symbol is no cache of its own and takes no other cache's waypoints",
          arguments: StoreKind.allCases)
    func aStageWithTheGeocacheSymbolLeavesTheParkingToItsCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.caches(["GC12345"]))
        let stageAndParking = AdditionalWaypointTests.file("""
            <wpt lat="47.2" lon="8.2"><name>P212345</name><sym>Geocache</sym>\
            <type>Waypoint|Stages of a Multicache</type></wpt>\
            <wpt lat="47.3" lon="8.3"><name>PK12345</name><type>Waypoint|Parking Area</type></wpt>
            """)
        let report = try fixture.store.importCaches(from: .bytes(Array(stageAndParking.utf8), name: "w.gpx"))
        #expect(report.added == 0 && report.updated == 1)
        #expect(try Self.storedWaypoints(fixture).mapValues { $0.map(\.code) } == ["GC12345": ["P212345", "PK12345"]])
    }

    @Test("a waypoint whose cache is neither in the import nor stored is named in the summary, not imported",
          arguments: StoreKind.allCases)
    func anOrphanIsReported(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let report = try fixture.store.importCaches(from: [Self.caches(["GC12345"]),
                                                           Self.waypoints(["GC12345", "GC99999", "GC88888"])])
        #expect(report.orphanWaypoints == ["PK99999", "PK88888"])
        #expect(report.description.hasSuffix(
            " 2 waypoints whose cache is not stored: PK99999, PK88888 (not imported)."), "\(report)")
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": [Self.parking(of: "GC12345")]])
    }

    @Test("a waypoint with a bad place refuses the import, naming it, and the store stays as it was",
          arguments: StoreKind.allCases)
    func aBadWaypointRefusesTheImport(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.caches(["GC12345"]))
        let bad = ZipFixture.waypoints(["GC12345"]).replacingOccurrences(of: #"lat="47.2""#, with: #"lat="north""#)
        #expect {
            _ = try fixture.store.importCaches(from: [Self.caches(["GC23456"], name: "b.gpx"),
                                                      .bytes(Array(bad.utf8), name: "bad-wpts.gpx")])
        } throws: { error in
            (error as? ImportError)?.rejections.first?.reason == #"lat="north" is not a number of degrees from -90 to 90"#
        }
        #expect(try Self.storedWaypoints(fixture) == ["GC12345": []])
    }

    @Test("100,000 waypoints naming one cache all go with it, in one pass each",
          arguments: StoreKind.allCases)
    func manyWaypointsOfOneCacheArePaired(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stages = (0..<100_000).map { index in
            #"<wpt lat="47.1" lon="8.2"><name>S\#(index)</name><type>Waypoint|Virtual Stage</type>"#
                + "<gsak:wptExtension><gsak:Parent>GC12345</gsak:Parent></gsak:wptExtension></wpt>"
        }.joined(separator: "\n")
        let report = try fixture.store.importCaches(from: [
            .bytes(Array(AdditionalWaypointTests.file(stages).utf8), name: "stages.gpx"), Self.caches(["GC12345"])])
        #expect(report.pairedWaypoints == 100_000)
        #expect(try Self.storedWaypoints(fixture)["GC12345"]?.count == 100_000)
    }

    @Test("100,000 orphan waypoints are counted and the summary names ten of them",
          arguments: StoreKind.allCases)
    func manyOrphansAreCountedAndTheSummaryStaysShort(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let codes = (0..<100_000).map { "GC" + String($0 + 100_000, radix: 36).uppercased() }
        let report = try fixture.store.importCaches(from: Self.waypoints(codes))
        #expect(report.orphanWaypoints.count == 100_000)
        #expect(report.description.hasSuffix(" and 99990 more (not imported)."))
        #expect(report.description.count < 400, "\(report.description.count) characters")
        #expect(try fixture.store.count() == 0)
    }
}
