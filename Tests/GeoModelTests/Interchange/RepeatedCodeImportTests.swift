import Testing
@testable import GeoModel
import GeoTestSupport

/// A cache named by many records of one import, each with logs of its own: the import
/// holds it and merges each record's logs into those so far (``CacheLog/Accumulated``),
/// which must come to exactly what merging the whole each time comes to.
@Suite("Records of one code in one import: each merged in turn, as if imported one by one")
struct RepeatedCodeImportTests {
    /// A log drawn from a few dates (one a date alone, one no date), types and finders,
    /// with an id from a small range (so that ids repeat), a new id, or none.
    private static func drawnLog(_ number: Int, using generator: inout SeededGenerator) -> CacheLog {
        let dates = ["2023-01-01T00:00:00Z", "2023-01-02", "2022-12-31T23:00:00Z", "2023-03-04T10:00:00.5Z", "sometime"]
        let id = switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3: ""
        case 3..<6: "\(Int.random(in: 1...12, using: &generator))"
        default: "\(1000 + number)"
        }
        return CacheLog(date: dates.randomElement(using: &generator)!, type: ["Found it", "Write note"].randomElement(using: &generator)!,
                        finder: ["ann", "bo", "f\(number)"].randomElement(using: &generator)!, text: "text \(number)", id: id)
    }

    /// `count` records' logs: none, one or a few each.
    private static func drawnRecords(_ count: Int, seed: UInt64) -> [[CacheLog]] {
        var generator = SeededGenerator(state: seed)
        return (0..<count).map { record in
            (0..<[0, 1, 1, 1, 2, 3].randomElement(using: &generator)!).map { drawnLog(record * 10 + $0, using: &generator) }
        }
    }

    @Test("logs merged record after record where they are held are those a merge of the whole each time gives",
          arguments: [1, 2, 3, 4, 5] as [UInt64])
    func heldLogsMergeAsTheWhole(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        var whole = (0..<5).map { Self.drawnLog(-$0 - 1, using: &generator) }
        var held = CacheLog.Accumulated(whole)
        for (index, incoming) in Self.drawnRecords(300, seed: seed).enumerated() {
            let replacing = index % 7 != 3
            whole = CacheLog.merged(whole, with: incoming, replacing: replacing)
            held.merge(incoming, replacing: replacing, checking: {})
            #expect(held.logs == whole, "after record \(index)")
        }
    }

    /// One GPX waypoint of GC1SAME with `logs`.
    private static func waypoint(_ logs: [CacheLog]) -> String {
        let entries = logs.map { log in
            """
            <groundspeak:log\(log.id.isEmpty ? "" : " id=\"\(log.id)\"")><groundspeak:date>\(log.date)</groundspeak:date>\
            <groundspeak:type>\(log.type)</groundspeak:type><groundspeak:finder>\(log.finder)</groundspeak:finder>\
            <groundspeak:text>\(log.text)</groundspeak:text></groundspeak:log>
            """
        }
        return """
            <wpt lat="47" lon="8"><name>GC1SAME</name><sym>Geocache</sym>\
            <groundspeak:cache xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1"><groundspeak:name>S</groundspeak:name>\
            <groundspeak:placed_by>K</groundspeak:placed_by><groundspeak:logs>\(entries.joined())</groundspeak:logs>\
            </groundspeak:cache></wpt>
            """
    }

    private static func gpx(_ waypoints: [String]) -> ImportSource {
        let text = "<gpx version=\"1.0\" creator=\"x\" xmlns=\"http://www.topografix.com/GPX/1/0\">\n"
            + waypoints.joined(separator: "\n") + "\n</gpx>"
        return .bytes(Array(text.utf8), name: "same.gpx")
    }

    @Test("a file naming one cache in 40 records with their own logs stores what importing them one file each stores",
          arguments: StoreKind.allCases)
    func oneFileStoresWhatOneFileEachStores(_ kind: StoreKind) throws {
        let waypoints = Self.drawnRecords(40, seed: 7).map(Self.waypoint)
        let together = try StoreFixture(kind)
        let report = try together.store.importCaches(from: Self.gpx(waypoints))
        let apart = try StoreFixture(kind)
        for waypoint in waypoints { _ = try apart.store.importCaches(from: Self.gpx([waypoint])) }
        let stored = try #require(try together.store.cache(withCode: "GC1SAME")).cache
        #expect(stored == (try #require(try apart.store.cache(withCode: "GC1SAME")).cache))
        #expect(stored.listing.logs.count > 30)
        #expect((report.added, report.updated, report.unchanged) == (1, 1, 0))
    }
}
