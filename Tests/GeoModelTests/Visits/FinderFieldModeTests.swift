import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The finder's writes while a club store is away (field mode): kept in this machine's
/// outbox through the write session like every write, shown as if stored, delivered in
/// order and exactly once.
@Suite struct FinderFieldModeTests {
    static let awayURL = "postgres://geo@127.0.0.1:1/club?connect_timeout=2"

    private let found = Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")

    /// A session on the away club store, its files in `directory`.
    private func awaySession(_ directory: TemporaryDirectory) -> WriteSession {
        let files = FieldFiles(serverURL: Self.awayURL, environment: ["XDG_DATA_HOME": directory.url.path])
        return WriteSession(store: nil, location: .server(Self.awayURL), files: files,
                            unreachable: .connectionLost(server: Self.awayURL, reason: "refused"))
    }

    @Test func aVisitWhileAwayIsKeptAndShownAsFound() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        guard case .kept(.finder, let waiting) = try session.recordVisits([found]) else {
            Issue.record("the visit was not kept on this machine")
            return
        }
        #expect(waiting == 1)
        #expect(try session.ownData().byCode["GC1OAK"]?.found == "2026-11-28T10:32:00Z")
        #expect(try session.visits().map(\.visit) == [found])
    }

    @Test func aVisitKeptWhileAwayIsAmongTheBooksVisitsOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        let dnf = Visit(code: "gc1oak", time: "2026-11-27T09:00:00Z", type: .didNotFindIt, text: "no luck")
        _ = try session.recordVisits([dnf])
        _ = try session.recordVisits([found, dnf])
        #expect(try session.ownData(includingVisits: true).visitsByCode == ["GC1OAK": [dnf.normalized, found]])
        #expect(try session.ownData().visitsByCode.isEmpty)
    }

    @Test("the same visit logged again while away, within its minute, is counted as kept already, not kept twice")
    func theSameVisitLoggedAgainWhileAwayIsNotKeptTwice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        _ = try session.recordVisits([found])
        var again = found
        again.time = "2026-11-28T10:32:30Z"
        guard case .stored(let recorded) = try session.recordVisits([again]) else {
            Issue.record("the same visit was kept again")
            return
        }
        #expect(recorded.added == 0 && recorded.alreadyKept == 1)
        #expect(try session.waitingFinderChanges().count == 1)
    }

    @Test("the same visit given twice in one write while away (a file's repeated line) is kept once")
    func theSameVisitGivenTwiceInOneWriteWhileAwayIsKeptOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        var again = found
        again.time = "2026-11-28T10:32:30Z"
        guard case .kept(.finder(let change), _) = try session.recordVisits([found, again]),
              case .visits(let kept, _) = change.kind else {
            Issue.record("the visits were not kept on this machine")
            return
        }
        #expect(kept == [found])
        #expect(try session.visits().map(\.visit) == [found])
    }

    @Test func aVisitKeptWhileAwayMarksItsCacheFoundInTheFacts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        _ = try session.recordVisits([found])
        var facts = OwnData.Facts()
        facts.markFound(code: "GC1OAK")
        #expect(try session.ownFacts() == facts)
    }

    @Test func oneCachesReadHoldsWhatWaitsForThatCacheAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        let elsewhere = Visit(code: "GC2BRDG", time: "2026-11-27T09:00:00Z", type: .didNotFindIt, text: "no luck")
        _ = try session.recordVisits([found, elsewhere])
        _ = try session.setOwnData(OwnData(note: "by the bridge"), forCode: "GC2BRDG")
        let book = try session.ownData(includingVisits: true, onlyCode: "gc1oak")
        #expect(book == OwnData.Book(["GC1OAK": OwnData(found: found.time)], visitsByCode: ["GC1OAK": [found]]))
    }

    @Test func keptVisitsAndOwnDataAreDeliveredInOrderOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        _ = try session.recordVisits([found])
        _ = try session.setOwnData(OwnData(found: "2026-11-28T10:32:00Z", note: "behind the oak"), forCode: "GC1OAK")
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        let report = try OutboxDelivery.deliverWhenFree(try session.outbox(), to: live)
        #expect(report.finderDelivered.count == 2 && report.stoppedBy == nil)
        #expect(try live.visits().map(\.visit) == [found])
        #expect(try live.ownData().byCode["GC1OAK"]?.note == "behind the oak")
        #expect(try session.outbox().count() == 0)
        // Nothing is left to send again.
        #expect(try OutboxDelivery.deliverWhenFree(try session.outbox(), to: live).finderDelivered.isEmpty)
        #expect(try live.visits().count == 1)
    }

    @Test func aKeptChangeOfOneFieldOfOwnDataLeavesTheFieldsItDidNotChangeAsTheServerHasThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        let final = try Coordinate(parsing: "N 47° 22.200′ E 008° 32.500′")
        try live.setOwnData(OwnData(found: "2026-11-20T00:00:00Z", note: "server note", corrected: final),
                            forCode: "GC1OAK", as: WriteID())
        // This machine read nothing of it (no copy): its note is a change from an empty row,
        // stated whole as `own --note` states it.
        let session = awaySession(directory)
        _ = try session.setOwnData(OwnData(note: "kept note"), forCode: "GC1OAK", from: OwnData(), overChanges: true)
        _ = try OutboxDelivery.deliverWhenFree(try session.outbox(), to: live)
        #expect(try live.ownData().byCode["GC1OAK"]
                == OwnData(found: "2026-11-20T00:00:00Z", note: "kept note", corrected: final))
    }

    @Test func aVisitsWriteSentAgainWithItsIdentifierIsStoredOnce() throws {
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        let write = WriteID()
        let first = try live.recordVisits([found], as: write)
        let again = try live.recordVisits([found], as: write)
        #expect(first == VisitsRecorded(added: 1, unknownCodes: ["GC1OAK"], newlyFound: 1))
        #expect(again == first)
        #expect(try live.visits().count == 1)
    }

    @Test func aVisitExportedWhileWaitingIsMarkedExportedWhenDelivered() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        _ = try session.recordVisits([found])
        try session.markVisitsExported([found])
        #expect(try session.visits().map(\.exported) == [true])
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        _ = try OutboxDelivery.deliverWhenFree(try session.outbox(), to: live)
        #expect(try live.visits().map(\.exported) == [true])
    }

    @Test func aVisitWithANulCharacterIsRefusedAndNothingIsKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        var bad = found
        bad.text = "a\u{0}b"
        #expect(throws: FinderInputError.nulCharacter(what: "visit's text")) { try session.recordVisits([bad]) }
        #expect(try session.waitingCount() == 0)
    }
}

/// A change of own data kept while away meets another session's change of the same part:
/// refused and kept here, never written over it unseen.
@Suite struct FinderFieldModeConflictTests {
    private func awaySession(_ directory: TemporaryDirectory) -> WriteSession {
        let url = FinderFieldModeTests.awayURL
        let files = FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": directory.url.path])
        return WriteSession(store: nil, location: .server(url), files: files,
                            unreachable: .connectionLost(server: url, reason: "refused"))
    }

    @Test func aKeptNoteWhoseNoteTheServerChangedMeanwhileIsRefusedAndKeptHere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        try live.setOwnData(OwnData(note: "server note"), forCode: "GC1OAK", as: WriteID())
        let session = awaySession(directory)
        _ = try session.setOwnData(OwnData(note: "kept note"), forCode: "GC1OAK", from: OwnData())
        let report = try OutboxDelivery.deliverWhenFree(try session.outbox(), to: live)
        #expect(report.finderDelivered.isEmpty)
        #expect(report.finderRefused.first?.refusal?.contains(#"the note is now "server note""#) == true)
        #expect(try live.ownData().byCode["GC1OAK"]?.note == "server note")
        #expect(try session.waitingFinderChanges().count == 1)
    }

    @Test("a kept note the server refused is not shown as the person's note: the server's is")
    func aRefusedKeptNoteIsNotShownAsTheirs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        try live.setOwnData(OwnData(note: "server note"), forCode: "GC1OAK", as: WriteID())
        let away = awaySession(directory)
        _ = try away.setOwnData(OwnData(note: "kept note"), forCode: "GC1OAK", from: OwnData())
        _ = try OutboxDelivery.deliverWhenFree(try away.outbox(), to: live)
        let url = FinderFieldModeTests.awayURL
        let online = WriteSession(store: live, location: .server(url),
                                  files: FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": directory.url.path]))
        #expect(try online.waitingFinderChanges().first?.refusal != nil)
        #expect(try online.ownData().byCode["GC1OAK"]?.note == "server note")
    }

    @Test func aNoteKeptFromAReadAnotherKeptChangeReplacedIsRefusedAndNotKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = awaySession(directory)
        _ = try session.setOwnData(OwnData(note: "first form"), forCode: "GC1OAK", from: OwnData())
        #expect(throws: OwnDataEditError.changedElsewhere(code: "GC1OAK", parts: [.note], now: OwnData(note: "first form"))) {
            try session.setOwnData(OwnData(note: "second form"), forCode: "GC1OAK", from: OwnData())
        }
        #expect(try session.waitingFinderChanges().count == 1)
    }
}
