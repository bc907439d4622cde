import Foundation
import GRDB
@testable import GeoModel
import GeoTestSupport
import Testing

/// The person's own data and visits as both stores keep them: apart from the listings,
/// never changed by an import, the same visit kept once, a found visit marking the
/// cache found, and a corrected place used by nearest first.
@Suite struct OwnDataStoreTests {
    /// `cache` with `code` and `place`.
    private func cache(_ title: String, _ code: String, _ place: Coordinate?) -> GeoCache {
        GeoCache(title: title, details: "d", creator: "c", reward: "r", code: code, coordinate: place)
    }

    private static let zurich = Coordinate(latitudeMicrodegrees: 47_376_900, longitudeMicrodegrees: 8_541_700)!
    private static let near = Coordinate(latitudeMicrodegrees: 47_377_900, longitudeMicrodegrees: 8_541_700)!
    private static let far = Coordinate(latitudeMicrodegrees: 47_476_900, longitudeMicrodegrees: 8_541_700)!

    private func visit(_ code: String, _ type: VisitType = .foundIt, _ text: String = "TFTC",
                       at time: String = "2026-11-28T10:32:00Z") -> Visit {
        Visit(code: code, time: time, type: type, text: text)
    }

    @Test(arguments: StoreKind.allCases)
    func ownDataIsKeptByCodeAndReadBack(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let own = OwnData(found: "2026-11-28T10:32:00Z", note: "under the bridge \"left\"", corrected: Self.near)
        try store.setOwnData(own, forCode: "gc1abcd", as: WriteID())
        #expect(try store.ownData().byCode == ["GC1ABCD": own])
    }

    @Test(arguments: StoreKind.allCases)
    func emptyOwnDataRemovesTheRow(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.setOwnData(OwnData(note: "x"), forCode: "GC1ABCD", as: WriteID())
        try store.setOwnData(OwnData(), forCode: "GC1ABCD", as: WriteID())
        #expect(try store.ownData().byCode.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func aFoundVisitMarksTheCacheFoundOnItsDay(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.append(cache("Oak", "GC1ABCD", Self.zurich))
        let recorded = try store.recordVisits([visit("GC1ABCD")], as: WriteID())
        #expect(recorded == VisitsRecorded(added: 1, newlyFound: 1))
        #expect(try store.ownData().byCode["GC1ABCD"]?.found == "2026-11-28T10:32:00Z")
    }

    @Test(arguments: StoreKind.allCases)
    func anEarlierFindIsKeptByALaterFoundVisit(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", at: "2026-11-20T08:00:00Z")], as: WriteID())
        _ = try store.recordVisits([visit("GC1ABCD", .foundIt, "again", at: "2026-11-28T10:32:00Z")], as: WriteID())
        #expect(try store.ownData().byCode["GC1ABCD"]?.found == "2026-11-20T08:00:00Z")
    }

    @Test(arguments: StoreKind.allCases)
    func aDidNotFindLeavesTheCacheNotFound(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", .didNotFindIt)], as: WriteID())
        #expect(try store.ownData().byCode["GC1ABCD"] == nil)
        #expect(try store.visits().map(\.visit) == [visit("GC1ABCD", .didNotFindIt)])
    }

    @Test(arguments: StoreKind.allCases)
    func theBookReadsEachCachesVisitsInTheOrderRecordedWhenAskedTo(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let dnf = visit("GC1ABCD", .didNotFindIt, "muggles", at: "2026-11-20T08:00:00Z")
        let note = visit("GC2BCDE", .writeNote, "")
        let found = visit("GC1ABCD", .foundIt, "at last", at: "2026-11-28T10:32:00Z")
        _ = try store.recordVisits([dnf, note, found], as: WriteID())
        let book = try store.ownData(includingVisits: true)
        #expect(book.visitsByCode == ["GC1ABCD": [dnf, found], "GC2BCDE": [note]])
        #expect(book.byCode.keys.sorted() == ["GC1ABCD"])
        #expect(try store.ownData() == OwnData.Book(book.byCode))
    }

    @Test(arguments: StoreKind.allCases)
    func oneCachesOwnDataAndVisitsAreReadByItsCodeAlone(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let oak = visit("GC1ABCD", .didNotFindIt, "muggles")
        _ = try store.recordVisits([oak, visit("GC2BCDE")], as: WriteID())
        try store.setOwnData(OwnData(note: "by the oak"), forCode: "GC1ABCD", as: WriteID())
        #expect(try store.ownData(includingVisits: true, onlyCode: "gc1abcd")
                == OwnData.Book(["GC1ABCD": OwnData(note: "by the oak")], visitsByCode: ["GC1ABCD": [oak]]))
        #expect(try store.ownData(includingVisits: false, onlyCode: "GC2BCDE").byCode.keys.sorted() == ["GC2BCDE"])
        #expect(try store.ownData(includingVisits: true, onlyCode: "GC9ZZZZ") == OwnData.Book())
    }

    @Test func aCachesVisitsAreGivenNewestFirstAndOfOneTimeTheLastRecordedFirst() {
        let first = visit("GC1ABCD", .didNotFindIt, "a", at: "2026-11-20T08:00:00Z")
        let later = visit("GC1ABCD", .foundIt, "b", at: "2026-11-28T10:32:00Z")
        let sameTime = visit("GC1ABCD", .writeNote, "c", at: "2026-11-20T08:00:00Z")
        var book = OwnData.Book()
        for visit in [first, later, sameTime, first] { book.addVisit(visit) }
        #expect(book.visits(to: cache("Oak", "GC1ABCD", nil)) == [later, sameTime, first])
        #expect(book.visits(to: cache("Elm", "GC2BCDE", nil)).isEmpty)
        #expect(book.visits(to: GeoCache(title: "t", details: "d", creator: "c", reward: "r")).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func theSameVisitRecordedTwiceIsKeptOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let long = String(repeating: "Lovely walk. ", count: 2_000)
        _ = try store.recordVisits([visit("GC1ABCD", .foundIt, long)], as: WriteID())
        let again = try store.recordVisits([visit("GC1ABCD", .foundIt, long), visit("GC2BCDE")], as: WriteID())
        #expect(again.added == 1 && again.alreadyKept == 1)
        #expect(try store.visits().count == 2)
    }

    @Test("a visit timed to the minute, as its own field-notes export gives it back, is the visit kept within that minute",
          arguments: StoreKind.allCases)
    func aVisitTimedToTheMinuteIsTheOneKeptWithinIt(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", at: "2026-11-28T10:32:40Z")], as: WriteID())
        let again = try store.recordVisits([visit("GC1ABCD", at: "2026-11-28T10:32:00Z")], as: WriteID())
        #expect(again.added == 0 && again.alreadyKept == 1)
        #expect(try store.visits().map(\.visit.time) == ["2026-11-28T10:32:40Z"])
    }

    @Test("a visit with seconds after the same visit timed to its minute, or within it, is the visit kept already",
          arguments: StoreKind.allCases)
    func aVisitWithSecondsIsTheOneKeptWithinItsMinute(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", at: "2026-11-28T10:32:00Z")], as: WriteID())
        let after = try store.recordVisits([visit("GC1ABCD", at: "2026-11-28T10:32:20Z"),
                                            visit("GC1ABCD", at: "2026-11-28T10:32:59Z")], as: WriteID())
        #expect(after.added == 0 && after.alreadyKept == 2)
        #expect(try store.visits().map(\.visit.time) == ["2026-11-28T10:32:00Z"])
    }

    @Test("among 300 visits to one cache, one within a kept one's minute is kept already and one in a new minute is added",
          arguments: StoreKind.allCases)
    func manyVisitsToOneCacheKeepTheMinuteRule(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let times = (0..<300).map { String(format: "2026-11-28T%02d:%02d:10Z", $0 / 60, $0 % 60) }
        let recorded = try store.recordVisits(times.map { visit("GC1ABCD", .writeNote, "note", at: $0) }, as: WriteID())
        let again = try store.recordVisits([visit("GC1ABCD", .writeNote, "note", at: "2026-11-28T02:17:00Z"),
                                            visit("GC1ABCD", .writeNote, "note", at: "2026-11-28T05:00:00Z"),
                                            visit("GC1ABCD", .writeNote, "other", at: "2026-11-28T02:17:00Z")], as: WriteID())
        #expect(recorded.added == 300)
        #expect((again.added, again.alreadyKept) == (2, 1))
    }

    @Test("the look-up of a visit kept within its minute reads the visits of its code and minute through an index")
    func theKeptVisitLookUpUsesTheMinuteIndex() throws {
        let fixture = try StoreFixture(.sqlite)
        _ = try fixture.open()
        let queue = try DatabaseQueue(path: fixture.storeArgument)
        defer { try? queue.close() }
        let plan = try queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteStore.keptVisitSQL,
                             arguments: ["GC1ABCD", "Found it", "TFTC", "2026-11-28T10:32"]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("visit_by_minute (code=? AND <expr>=?)") }, "\(plan)")
    }

    @Test("a visit's text is kept without the whitespace around it: the same text with a space or a line break after it is the visit kept already",
          arguments: StoreKind.allCases)
    func aVisitsTextIsKeptTrimmed(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", .foundIt, " TFTC\n")], as: WriteID())
        let again = try store.recordVisits([visit("GC1ABCD", .foundIt, "TFTC "), visit("GC1ABCD")], as: WriteID())
        #expect(again.added == 0 && again.alreadyKept == 2)
        #expect(try store.visits().map(\.visit.text) == ["TFTC"])
    }

    @Test("a visit kept with a line break after its text, before texts were trimmed, is the same visit logged again",
          arguments: StoreKind.allCases)
    func aVisitKeptUntrimmedIsTheSameVisitLoggedAgain(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD")], as: WriteID())
        switch fixture.location {
        case .file(let path, _):
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "UPDATE visit SET text = 'TFTC ' || char(13, 10)") }
            try queue.close()
        case .server(let url):
            let database = String(url.split(separator: "/").last ?? "")
            try PostgresTestServer.shared().superuser("UPDATE geocache_visit SET text = E'TFTC \\r\\n'", database: database)
        }
        let again = try store.recordVisits([visit("GC1ABCD")], as: WriteID())
        #expect(again.added == 0 && again.alreadyKept == 1)
    }

    @Test("a visit's text is kept with each line break a LF: a CRLF or a lone CR inside it is made one",
          arguments: StoreKind.allCases)
    func aVisitsLineBreaksAreKeptAsLF(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", .foundIt, "Under the rock.\r\nTFTC\rSL")], as: WriteID())
        #expect(try store.visits().map(\.visit.text) == ["Under the rock.\nTFTC\nSL"])
    }

    @Test("the same visit text with CRLF line breaks, as a Windows field-notes file has it, is the visit kept with LF ones",
          arguments: StoreKind.allCases)
    func aVisitsTextWithCRLFIsTheVisitKeptWithLF(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", .foundIt, "Under the rock.\nTFTC")], as: WriteID())
        let again = try store.recordVisits([visit("GC1ABCD", .foundIt, "Under the rock.\r\nTFTC")], as: WriteID())
        #expect(again.added == 0 && again.alreadyKept == 1)
    }

    @Test("a visit kept with CRLF line breaks, before they were made LFs, is the same visit logged again with LFs within its minute",
          arguments: StoreKind.allCases)
    func aVisitKeptWithCRLFIsTheSameVisitLoggedAgain(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", .foundIt, "Under the rock.\nTFTC")], as: WriteID())
        switch fixture.location {
        case .file(let path, _):
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "UPDATE visit SET text = 'Under the rock.' || char(13, 10) || 'TFTC'") }
            try queue.close()
        case .server(let url):
            let database = String(url.split(separator: "/").last ?? "")
            try PostgresTestServer.shared().superuser("UPDATE geocache_visit SET text = E'Under the rock.\\r\\nTFTC'",
                                                       database: database)
        }
        // Later within the minute, so that the visit's identity differs and the look-up by text decides.
        let again = try store.recordVisits([visit("GC1ABCD", .foundIt, "Under the rock.\nTFTC", at: "2026-11-28T10:32:40Z")],
                                           as: WriteID())
        #expect(again.added == 0 && again.alreadyKept == 1)
    }

    @Test("a visit timed to the minute with another text, or in the next minute, is another visit",
          arguments: StoreKind.allCases)
    func aVisitTimedToTheMinuteWithAnotherTextIsAnother(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD", at: "2026-11-28T10:32:40Z")], as: WriteID())
        let others = try store.recordVisits([visit("GC1ABCD", .foundIt, "other", at: "2026-11-28T10:32:00Z"),
                                             visit("GC1ABCD", at: "2026-11-28T10:33:00Z")], as: WriteID())
        #expect(others.added == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func aVisitToACodeNotStoredIsKeptAndCounted(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.append(cache("Oak", "GC1ABCD", Self.zurich))
        let recorded = try store.recordVisits([visit("GC1ABCD", .writeNote), visit("GC9ZZZZ", .writeNote)], as: WriteID())
        #expect(recorded.unknownCodes == ["GC9ZZZZ"])
        #expect(try store.visits().map(\.visit.code) == ["GC1ABCD", "GC9ZZZZ"])
    }

    @Test(arguments: StoreKind.allCases)
    func visitsAreMarkedExportedByWhatTheyAre(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([visit("GC1ABCD"), visit("GC2BCDE")], as: WriteID())
        try store.markVisitsExported([visit("GC2BCDE")], as: WriteID())
        #expect(try store.visits().map(\.exported) == [false, true])
    }

    @Test(arguments: StoreKind.allCases)
    func aReimportLeavesTheOwnDataAndVisitsUntouched(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let oak = cache("Oak", "GC1ABCD", Self.zurich)
        _ = try store.importCaches(from: .bytes(Array(JSONInterchange.document(for: [oak]).utf8), name: "a.json"))
        _ = try store.recordVisits([visit("GC1ABCD")], as: WriteID())
        var own = try #require(try store.ownData().byCode["GC1ABCD"])
        own.note = "mine"
        own.corrected = Self.near
        try store.setOwnData(own, forCode: "GC1ABCD", as: WriteID())
        var newer = oak
        newer.details = "Moved a little"
        newer.coordinate = Self.far
        _ = try store.importCaches(from: .bytes(Array(JSONInterchange.document(for: [newer]).utf8), name: "b.json"))
        #expect(try store.first()?.cache.details == "Moved a little")
        #expect(try store.ownData().byCode["GC1ABCD"] == own)
        #expect(try store.visits().count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func nearestFirstMeasuresToTheCorrectedPlace(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.append(cache("Listed near", "GC1AAAA", Self.near))
        _ = try store.append(cache("Puzzle", "GC2BBBB", Self.far))
        #expect(try store.nearestCache(to: Self.zurich, after: nil)?.cache.code == "GC1AAAA")
        // The puzzle's final turns out to be right here.
        try store.setOwnData(OwnData(corrected: Self.zurich), forCode: "GC2BBBB", as: WriteID())
        #expect(try store.nearestCache(to: Self.zurich, after: nil)?.cache.code == "GC2BBBB")
        var order: [String] = []
        try store.forEachNearest(to: Self.zurich, limit: nil) { stored, key in
            order.append(stored.cache.code ?? "")
            if stored.cache.code == "GC2BBBB" { #expect(key.distance < 1) }
        }
        #expect(order == ["GC2BBBB", "GC1AAAA"])
        #expect(try store.nearestOrderByScanning(from: Self.zurich).map(\.cache.code) == ["GC2BBBB", "GC1AAAA"])
    }

    @Test(arguments: StoreKind.allCases)
    func aCacheWithoutAListedPlaceIsPlacedByItsCorrection(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.append(cache("Unplaced", "GC3CCCC", nil))
        _ = try store.append(cache("Far", "GC4DDDD", Self.far))
        try store.setOwnData(OwnData(corrected: Self.near), forCode: "GC3CCCC", as: WriteID())
        var order: [String] = []
        try store.forEachNearest(to: Self.zurich, limit: nil) { stored, _ in order.append(stored.cache.code ?? "") }
        #expect(order == ["GC3CCCC", "GC4DDDD"])
        #expect(try store.nearestCache(to: Self.zurich, before: nil)?.cache.code == "GC4DDDD")
    }
}
