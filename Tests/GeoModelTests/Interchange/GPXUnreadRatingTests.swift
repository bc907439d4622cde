import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A GPX difficulty or terrain that is not a rating (1 to 5 in halves) is left out of
/// the cache's listing, and the import's summary names the caches it happened to; so
/// is a status (`available`, `archived`) that is neither true nor false.
@Suite struct GPXUnreadRatingTests {
    /// A pocket query's waypoint with the given difficulty and terrain (and `desc`, and
    /// the attributes of its `groundspeak:cache` that give its status).
    private static func waypoint(_ code: String, difficulty: String, terrain: String, desc: String = "",
                                 status: String = #"available="True" archived="False""#) -> String {
        """
        <wpt lat="47.1" lon="8.1"><name>\(code)</name><desc>\(desc)</desc><type>Geocache|Traditional Cache</type>\
        <groundspeak:cache id="1" \(status)><groundspeak:name>Oak \(code)</groundspeak:name>\
        <groundspeak:placed_by>ana</groundspeak:placed_by><groundspeak:difficulty>\(difficulty)</groundspeak:difficulty>\
        <groundspeak:terrain>\(terrain)</groundspeak:terrain></groundspeak:cache></wpt>
        """
    }

    private static func document(_ waypoints: [String]) -> String {
        #"<gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0" "#
            + #"xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">"# + waypoints.joined() + "</gpx>"
    }

    /// The tally of reading `text` through the import's pipe.
    private static func tally(_ text: String) throws -> ImportTally {
        let interruption = ImportInterruption()
        try RecordPipe.read([.bytes(Array(text.utf8), name: "pq.gpx")], interruption: interruption) { _ in }
        return interruption.tally
    }

    @Test func aDifficultyOfNinetyNineIsLeftOutAndTheTerrainKept() throws {
        let records = try Interchange.records(text: Self.document([Self.waypoint("GC1AAAA", difficulty: "99", terrain: "2")]))
        let listing = try #require(Interchange.caches(records).first).listing
        #expect(listing.difficulty == nil)
        #expect(listing.terrain == Rating(text: "2"))
    }

    @Test func theCachesWhoseRatingWasNotReadAreTalliedInOrder() throws {
        let text = Self.document([
            Self.waypoint("GC1AAAA", difficulty: "99", terrain: "2"),
            Self.waypoint("GC1BBBB", difficulty: "1.5", terrain: "-1"),
            Self.waypoint("GC1CCCC", difficulty: "2", terrain: "3.5"),
            Self.waypoint("GC1DDDD", difficulty: "high", terrain: "1.25"),
        ])
        #expect(try Self.tally(text).unreadRatingCaches == ["GC1AAAA", "GC1BBBB", "GC1DDDD"])
    }

    @Test func anUnreadRatingThatTheDescriptionSuffixGivesIsNotReported() throws {
        let waypoint = Self.waypoint("GC1AAAA", difficulty: "99", terrain: "2",
                                     desc: "Oak GC1AAAA by ana, Traditional Cache (3/2)")
        let records = try Interchange.records(text: Self.document([waypoint]))
        #expect(try #require(Interchange.caches(records).first).listing.difficulty == Rating(text: "3"))
        #expect(try Self.tally(Self.document([waypoint])).unreadRatingCaches.isEmpty)
    }

    @Test("an old export's D1/T1, read and left out with the rest of its made-up listing, is not reported as unread")
    func anOldExportsRatingsAreNotReportedAsUnread() throws {
        let old = GPXListingTests.oldExport(of: Samples.oak, creator: "geocache-tui")
        #expect(try Self.tally(old).unreadRatingCaches.isEmpty)
    }

    @Test func aBlankRatingIsNotReportedAsUnread() throws {
        let text = Self.document([Self.waypoint("GC1AAAA", difficulty: " ", terrain: "")])
        #expect(try Self.tally(text).unreadRatingCaches.isEmpty)
    }

    @Test func theSummaryNamesTheCachesKeptWithoutARating() {
        var report = ImportReport()
        report.added = 12
        report.unreadRatings = (1...12).map { "GC\($0)" }
        #expect(report.description == "Added 12 caches, skipped 0 as duplicates, rejected 0. 12 caches have a "
                + "difficulty or terrain that is not 1 to 5 in halves, kept without it: "
                + "GC1, GC2, GC3, GC4, GC5, GC6, GC7, GC8, GC9, GC10 and 2 more.")
        report.unreadRatings = ["GC1"]
        #expect(report.description.hasSuffix(" 1 cache has a difficulty or terrain that is not 1 to 5 in halves, "
                                             + "kept without it: GC1."))
    }

    @Test func theImportCommandSaysWhichCachesItKeptWithoutARating() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("pq.gpx")
        try Data(Self.document([Self.waypoint("GC1AAAA", difficulty: "99", terrain: "2"),
                                Self.waypoint("GC1CCCC", difficulty: "2", terrain: "3.5")]).utf8).write(to: file)
        let result = try GeocacheTUIBinary.run(["import", file.path, "--store", directory.file().path])
        #expect(result.status == 0)
        #expect(result.output == "Added 2 caches, skipped 0 as duplicates, rejected 0. 1 cache has a difficulty or "
                + "terrain that is not 1 to 5 in halves, kept without it: GC1AAAA.\n")
    }

    @Test("the caches whose available or archived is neither true nor false are tallied in order",
          arguments: [#"available="yes" archived="False""#, #"available="" archived="False""#,
                      #"available="True" archived="maybe""#])
    func theCachesWhoseStatusWasNotReadAreTallied(_ status: String) throws {
        let text = Self.document([Self.waypoint("GC1AAAA", difficulty: "2", terrain: "2"),
                                  Self.waypoint("GC1BBBB", difficulty: "2", terrain: "2", status: status)])
        #expect(try Self.tally(text).unreadStatusCaches == ["GC1BBBB"])
    }

    @Test func theImportCommandSaysWhichCachesStatusItDidNotRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("pq.gpx")
        try Data(Self.document([Self.waypoint("GC1AAAA", difficulty: "2", terrain: "2",
                                              status: #"available="yes" archived="no""#)]).utf8).write(to: file)
        let result = try GeocacheTUIBinary.run(["import", file.path, "--store", directory.file().path])
        #expect(result.status == 0)
        #expect(result.output == "Added 1 cache, skipped 0 as duplicates, rejected 0. 1 cache has an available or "
                + "archived that is neither True nor False, read as not said: GC1AAAA.\n")
    }
}
