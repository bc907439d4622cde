import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A form that ends (quits or hangs up) while a delete, a visit or own data it sent has an
/// outcome not known keeps that write in this machine's outbox under the identifier it was
/// sent with: the next delivery does it once, whether the first try was stored or not, and
/// nothing is lost because the server answered too late.
@Suite struct UnsettledAtQuitTests {
    private let found = Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")
    private let noted = OwnData(note: "Behind the stump")
    /// A note on Old Oak, where there was none.
    private var noteOnOak: PendingWrite.Action {
        .setOwnData(code: "GC1OAK", noted, from: OwnData(), overChanges: false)
    }

    /// A club store holding Old Oak (code GC1OAK) and Bridge, its URL, and a directory
    /// for this machine's files.
    private struct Club {
        let url: String
        let direct: PostgresStore
        let oak: StoredCache
        let data: TemporaryDirectory

        init() throws {
            url = try PostgresTestServer.shared().makeDatabase()
            direct = try PostgresStore(url: url)
            var oak = Samples.oak
            oak.code = "GC1OAK"
            self.oak = try direct.add(oak)
            try direct.add(Samples.bridge)
            data = try TemporaryDirectory()
        }

        var files: FieldFiles { FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": data.url.path]) }

        /// A session on the club store, as a form's or a command's.
        func session() throws -> WriteSession {
            WriteSession(store: try PostgresStore(url: url), location: .server(url), files: files)
        }

        /// A session that sent `action` as `write` and learnt nothing of its outcome,
        /// then ended, keeping what no draft carries.
        func endAfterUnknown(_ write: PendingWrite) throws -> Int {
            let ending = try session()
            ending.adopt([write])
            return try ending.keepUnsettledForDelivery()
        }
    }

    @Test("a delete of unknown outcome that was not done is kept as sent and delivered once by the next session")
    func anUndoneDeleteIsDeliveredOnce() throws {
        let club = try Club()
        defer { club.data.remove() }
        #expect(try club.endAfterUnknown(PendingWrite(id: WriteID(), action: .delete(club.oak))) == 1)
        let kept = try Outbox(files: club.files).changes()
        #expect(kept.count == 1 && kept.first?.kind == .delete && kept.first?.mayBeStored == true, "\(kept)")
        let summary = try #require(try club.session().deliverWaiting())
        #expect(summary.report.delivered.count == 1 && summary.waiting == 0)
        #expect(try club.direct.loadCaches().map(\.title) == [Samples.bridge.title])
    }

    @Test("a delete of unknown outcome that the server did is settled by the next delivery, and nothing else is touched")
    func aDoneDeleteIsSettledNotRepeated() throws {
        let club = try Club()
        defer { club.data.remove() }
        let write = PendingWrite(id: WriteID(), action: .delete(club.oak))
        try club.direct.delete(club.oak, as: write.id)
        #expect(try club.endAfterUnknown(write) == 1)
        let summary = try #require(try club.session().deliverWaiting())
        #expect(summary.report.delivered.count == 1 && summary.report.conflicts.isEmpty && summary.waiting == 0)
        #expect(try club.direct.loadCaches().map(\.title) == [Samples.bridge.title])
    }

    @Test("a visit of unknown outcome, recorded or not by the first try, is recorded once by the next delivery",
          arguments: [false, true])
    func aVisitIsRecordedOnce(recordedByTheFirstTry: Bool) throws {
        let club = try Club()
        defer { club.data.remove() }
        let write = PendingWrite(id: WriteID(), action: .recordVisits([found]))
        if recordedByTheFirstTry { _ = try club.direct.recordVisits([found], as: write.id) }
        #expect(try club.endAfterUnknown(write) == 1)
        #expect(try Outbox(files: club.files).finderChanges().map(\.write) == [write.id])
        let summary = try #require(try club.session().deliverWaiting())
        #expect(summary.report.finderDelivered.count == 1 && summary.waiting == 0)
        #expect(try club.direct.visits().map(\.visit) == [found])
    }

    @Test("own data of unknown outcome the first try did not store is kept as sent, from what was read, and stored once")
    func undoneOwnDataIsDeliveredOnce() throws {
        let club = try Club()
        defer { club.data.remove() }
        let write = PendingWrite(id: WriteID(), action: noteOnOak)
        #expect(try club.endAfterUnknown(write) == 1)
        let kept = try Outbox(files: club.files).finderChanges()
        #expect(kept.map(\.write) == [write.id] && kept.first?.ownBase == OwnData(), "\(kept)")
        let summary = try #require(try club.session().deliverWaiting())
        #expect(summary.report.finderDelivered.count == 1 && summary.waiting == 0)
        #expect(try club.direct.ownData(includingVisits: false, onlyCode: "GC1OAK").of(code: "GC1OAK") == noted)
    }

    @Test("own data of unknown outcome the first try stored is answered by the ledger, not refused as changed elsewhere")
    func storedOwnDataIsAnsweredByTheLedger() throws {
        let club = try Club()
        defer { club.data.remove() }
        let write = PendingWrite(id: WriteID(), action: noteOnOak)
        _ = try club.direct.setOwnData(noted, forCode: "GC1OAK", from: OwnData(), overChanges: false, as: write.id)
        // Changed again since (on another device): the first try sent anew would meet that as another session's change.
        let later = OwnData(note: "Under the root")
        _ = try club.direct.setOwnData(later, forCode: "GC1OAK", from: noted, overChanges: false, as: WriteID())
        #expect(try club.endAfterUnknown(write) == 1)
        let summary = try #require(try club.session().deliverWaiting())
        #expect(summary.report.finderDelivered.count == 1 && summary.report.finderRefused.isEmpty, "\(summary.report)")
        #expect(summary.waiting == 0)
        #expect(try club.direct.ownData(includingVisits: false, onlyCode: "GC1OAK").of(code: "GC1OAK") == later)
    }

    @Test("a hand-over of unknown outcome is not kept in the outbox: it stays unsettled, for the form to say")
    func aHandOverIsNotKept() throws {
        let club = try Club()
        defer { club.data.remove() }
        let ending = try club.session()
        ending.adopt([PendingWrite(id: WriteID(), action: .handOver(club.oak, to: .club))])
        #expect(try ending.keepUnsettledForDelivery() == 0)
        #expect(ending.unsettledWrites.count == 1)
        #expect(try Outbox(files: club.files).changes().isEmpty && Outbox(files: club.files).finderChanges().isEmpty)
    }

    @Test("an Add of unknown outcome is left to the draft that carries it, not kept in the outbox")
    func anAddIsLeftToTheDraft() throws {
        let club = try Club()
        defer { club.data.remove() }
        #expect(try club.endAfterUnknown(PendingWrite(id: WriteID(), action: .add(Samples.mill))) == 0)
        #expect(try Outbox(files: club.files).changes().isEmpty)
    }
}
