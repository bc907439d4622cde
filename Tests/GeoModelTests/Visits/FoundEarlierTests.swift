import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A find earlier than the cache's found date (a field-notes file with the time a GPS
/// unit took, over a find logged later by hand) is a visit of its own, added beside the
/// later one, and moves the found date earlier: what recording it did says so
/// (``VisitsRecorded/foundEarlier``), rather than only "added 1".
@Suite struct FoundEarlierTests {
    private static let later = Visit(code: "GC1ABCD", time: "2026-11-28T18:00:00Z", type: .foundIt, text: "TFTC")
    private static let earlier = Visit(code: "GC1ABCD", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")

    @Test("a find earlier than the cache's found date is counted as found earlier, not as marked found",
          arguments: StoreKind.allCases)
    func anEarlierFindIsCountedFoundEarlier(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([Self.later], as: WriteID())
        let recorded = try store.recordVisits([Self.earlier], as: WriteID())
        #expect((recorded.added, recorded.newlyFound, recorded.foundEarlier) == (1, 0, 1))
    }

    @Test("the later find stays as it was beside the earlier one, and the found date is the earlier's",
          arguments: StoreKind.allCases)
    func theLaterFindStaysBesideTheEarlierOne(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([Self.later], as: WriteID())
        _ = try store.recordVisits([Self.earlier], as: WriteID())
        #expect(try store.visits().map(\.visit) == [Self.later, Self.earlier])
        #expect(try store.ownData().byCode["GC1ABCD"]?.found == Self.earlier.time)
    }

    @Test("a cache marked found and found earlier by the same visits counts as marked found only",
          arguments: StoreKind.allCases)
    func aCacheFoundInTheSameVisitsIsMarkedFoundOnly(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let recorded = try store.recordVisits([Self.later, Self.earlier], as: WriteID())
        #expect((recorded.added, recorded.newlyFound, recorded.foundEarlier) == (2, 1, 0))
    }

    @Test("a find later than the cache's found date counts as added only", arguments: StoreKind.allCases)
    func aLaterFindIsAddedOnly(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.recordVisits([Self.earlier], as: WriteID())
        let recorded = try store.recordVisits([Self.later], as: WriteID())
        #expect((recorded.added, recorded.newlyFound, recorded.foundEarlier) == (1, 0, 0))
    }

    @Test("a write whose reply was lost is reported with its caches found earlier, from the ledger's row")
    func theLedgerRowKeepsTheCachesFoundEarlier() {
        let recorded = VisitsRecorded(added: 3, alreadyKept: 1, unknownCodes: ["GC9ZZZ"], newlyFound: 1, foundEarlier: 2)
        #expect(VisitsRecorded(ledgerDetail: recorded.ledgerDetail) == recorded)
    }

    @Test("a ledger row written before caches were counted as found earlier reads as none found earlier")
    func anOlderLedgerRowReadsAsNoneFoundEarlier() {
        #expect(VisitsRecorded(ledgerDetail: "3,1,1,GC9ZZZ")
                == VisitsRecorded(added: 3, alreadyKept: 1, unknownCodes: ["GC9ZZZ"], newlyFound: 1))
    }
}
