import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A log id names one log, and logs of one id accumulate over imports as that one log:
/// a cache record giving two logs one id (an error in its file) is stored with one log
/// of that id, the later in the earlier's place as a later import's would be, and the
/// summary names the cache.
@Suite("Two logs of one id in one cache record")
struct RepeatedLogIDTests {
    /// A pocket query of GC1A2B3 with log 7 ("first", by bo, finder id 9), log 8, and
    /// log 7 again ("second", no finder id).
    static let pocketQuery = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query">
        <time>2024-05-01T00:00:00Z</time>
        <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><sym>Geocache</sym><type>Geocache|Traditional Cache</type>\
        <groundspeak:cache id="12345" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">\
        <groundspeak:name>Oak</groundspeak:name><groundspeak:placed_by>ana</groundspeak:placed_by><groundspeak:logs>
        <groundspeak:log id="7"><groundspeak:date>2024-03-03T00:00:00Z</groundspeak:date><groundspeak:type>Found it</groundspeak:type>\
        <groundspeak:finder id="9">bo</groundspeak:finder><groundspeak:text>first</groundspeak:text></groundspeak:log>
        <groundspeak:log id="8"><groundspeak:date>2024-03-02T00:00:00Z</groundspeak:date><groundspeak:type>Found it</groundspeak:type>\
        <groundspeak:finder id="10">cy</groundspeak:finder><groundspeak:text>other</groundspeak:text></groundspeak:log>
        <groundspeak:log id="7"><groundspeak:date>2024-03-01T00:00:00Z</groundspeak:date><groundspeak:type>Found it</groundspeak:type>\
        <groundspeak:finder>bo</groundspeak:finder><groundspeak:text>second</groundspeak:text></groundspeak:log>
        </groundspeak:logs></groundspeak:cache></wpt>
        </gpx>
        """

    private static var source: ImportSource { .bytes(Array(pocketQuery.utf8), name: "pq.gpx") }

    /// The stored logs of GC1A2B3 as (id, text, finder id).
    private static func storedLogs(_ store: any CacheStore) throws -> [[String]] {
        try #require(try store.cache(withCode: "GC1A2B3")).cache.listing.logs.map { [$0.id, $0.text, $0.finderID] }
    }

    @Test("the later of two logs of one id is stored in the earlier's place, with the earlier's finder id",
          arguments: StoreKind.allCases)
    func theLaterLogTakesTheEarliersPlace(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.source)
        #expect(try Self.storedLogs(fixture.store) == [["7", "second", "9"], ["8", "other", "10"]])
    }

    @Test("importing the file again stores no log twice and leaves the cache unchanged", arguments: StoreKind.allCases)
    func importingAgainStoresNothingTwice(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: Self.source)
        let again = try fixture.store.importCaches(from: Self.source)
        #expect((again.updated, again.unchanged) == (0, 1))
        #expect(try Self.storedLogs(fixture.store) == [["7", "second", "9"], ["8", "other", "10"]])
    }

    @Test("the import's tally names the cache whose record gave a log id twice")
    func theTallyNamesTheCache() throws {
        let interruption = ImportInterruption()
        try RecordPipe.read([Self.source], interruption: interruption) { _ in }
        #expect(interruption.tally.repeatedLogIDCaches == ["GC1A2B3"])
    }

    @Test("a JSON cache's two logs of one id are one log too")
    func aJSONRecordsLogsOfOneIDAreOne() throws {
        var cache = Samples.oak
        cache.code = "GC1A2B3"
        cache.listing.logs = [CacheLog(date: "2024-03-03T00:00:00Z", type: "Found it", finder: "bo", text: "first", id: "7"),
                              CacheLog(date: "2024-03-01T00:00:00Z", type: "Found it", finder: "bo", text: "second", id: "7")]
        let interruption = ImportInterruption()
        var stored: [ImportRecord] = []
        try RecordPipe.read([.bytes(Array(JSONInterchange.document(for: [cache]).utf8), name: "c.json")],
                            interruption: interruption) { stored.append($0) }
        #expect(Interchange.caches(stored).map { $0.listing.logs.map(\.text) } == [["second"]])
        #expect(interruption.tally.repeatedLogIDCaches == ["GC1A2B3"])
    }

    @Test("logs without an id are never merged as repeating one")
    func logsWithoutAnIDAreKept() {
        let logs = [CacheLog(date: "2024-03-03", type: "Write note", finder: "bo", text: "a"),
                    CacheLog(date: "2024-03-03", type: "Write note", finder: "bo", text: "a")]
        #expect(CacheLog.onePerID(logs) == nil)
    }

    @Test("the summary names the caches kept with one log of a repeated id")
    func theSummaryNamesTheCaches() {
        var report = ImportReport()
        report.added = 1
        report.repeatedLogIDs = ["GC1A2B3"]
        #expect(report.description == "Added 1 cache, skipped 0 as duplicates, rejected 0. 1 cache has two logs "
                + "with the same id, kept as one (the later, in the earlier's place): GC1A2B3.")
        report.repeatedLogIDs = ["GC1", "GC2"]
        #expect(report.description.hasSuffix(" 2 caches have two logs with the same id, kept as one (the later, "
                                             + "in the earlier's place): GC1, GC2."))
    }
}
