import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A member taken out of the club's members for a while: the server refuses the role
/// itself, not the changes kept on this machine, so none of them is marked refused, and
/// all are delivered, once, when the role is given back.
@Suite struct OutboxRoleRefusalTests {
    /// bo's club store and outbox, an add kept in it, and bo taken out of the members.
    private struct Revoked {
        let club: ClubFixture
        let home: FieldHome
        let store: PostgresStore
        let outbox: Outbox

        init() throws {
            club = try ClubFixture.make()
            home = try FieldHome()
            let url = club.url(as: club.bo)
            store = try PostgresStore(url: url, purpose: .command)
            outbox = try Outbox(files: home.files(url))
            try outbox.queueAdd(Samples.oak)
            try club.server.superuser("REVOKE \(ClubFixture.identifier(club.roles.member)) FROM \(ClubFixture.identifier(club.bo))")
        }
    }

    @Test("a revoked member's kept changes are not marked refused, and are delivered once the membership returns")
    func aRevokedMembersChangesWaitAndAreDeliveredOnceMembershipReturns() throws {
        let revoked = try Revoked()
        defer { revoked.home.directory.remove() }
        let (club, store, outbox) = (revoked.club, revoked.store, revoked.outbox)
        try outbox.queueVisits([Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")])
        let refused = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(refused.refused.isEmpty && refused.finderRefused.isEmpty && refused.delivered.isEmpty)
        if case .notPermitted? = refused.stoppedBy {} else { Issue.record("stopped by \(String(describing: refused.stoppedBy))") }
        #expect(try outbox.changes().allSatisfy { $0.refusal == nil })
        #expect(try outbox.finderChanges().allSatisfy { $0.refusal == nil })
        try club.server.superuser("GRANT \(ClubFixture.identifier(club.roles.member)) TO \(ClubFixture.identifier(club.bo))")
        let delivered = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(delivered.delivered.count == 1 && delivered.finderDelivered.count == 1, "\(delivered)")
        #expect(try outbox.count() == 0)
        #expect(try store.loadCaches().map(\.title) == [Samples.oak.title])
    }

    @Test("a revoked member's delivery tried twice stops at the role both times, its add still waiting, not 'sent, reply lost'")
    func aRevokedMembersSecondDeliveryStopsAtTheRoleToo() throws {
        let revoked = try Revoked()
        defer { revoked.home.directory.remove() }
        let (store, outbox) = (revoked.store, revoked.outbox)
        for _ in 0..<2 {
            let report = try OutboxDelivery.deliverWhenFree(outbox, to: store)
            if case .notPermitted? = report.stoppedBy {} else { Issue.record("stopped by \(String(describing: report.stoppedBy))") }
            #expect(try outbox.entries().allSatisfy { if case .change(let row) = $0 { row.state == .waiting } else { false } })
        }
    }

    @Test("a form's write after its delivery met the role refused goes out after the kept change, once the role is back")
    func aFormsWriteDoesNotOvertakeTheKeptChange() throws {
        let club = try ClubFixture.make()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let url = club.url(as: club.bo)
        let opening = StoreOpening(.server(url), environment: home.environment)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        var delivered: [Int] = []
        let token = list.observe { if case .outboxDelivered(let report, _) = $0 { delivered.append(report.deliveredCount) } }
        defer { _ = token }
        try list.finishOpening()
        // Kept while the server was away (by this form or another on this machine), then the role taken away.
        let outbox = try Outbox(files: home.files(url))
        try outbox.queueAdd(Samples.oak)
        let member = ClubFixture.identifier(club.roles.member), bo = ClubFixture.identifier(club.bo)
        try club.server.superuser("REVOKE \(member) FROM \(bo)")
        #expect(throws: StoreError.self) { try list.deliverOutbox() }
        try club.server.superuser("GRANT \(member) TO \(bo)")
        let result = try list.add(Samples.bridge)
        if case .stored = result {} else { Issue.record("the add came to \(result)") }
        #expect(try outbox.count() == 0)
        let titles = try PostgresStore(url: url, purpose: .command).loadCaches().map(\.title)
        #expect(titles == [Samples.oak.title, Samples.bridge.title])
        #expect(delivered == [1])
    }

    @Test("a write while the role is refused and a change waits is refused too, not sent ahead of it")
    func aWriteWhileTheRoleIsRefusedIsRefused() throws {
        let revoked = try Revoked()
        defer { revoked.home.directory.remove() }
        let session = WriteSession(store: revoked.store, location: .server(revoked.club.url(as: revoked.club.bo)),
                                   files: revoked.outbox.files)
        let result = try session.add(Samples.bridge)
        if case .refused = result {} else { Issue.record("the add came to \(result)") }
        #expect(try revoked.outbox.changes().map(\.title) == [Samples.oak.title])
    }

    @Test("a revoked member's read is refused saying the role may no longer be a member, not that a change was refused")
    func aRevokedMembersReadSaysSo() throws {
        let club = try ClubFixture.make()
        try club.server.superuser("REVOKE \(ClubFixture.identifier(club.roles.member)) FROM \(ClubFixture.identifier(club.bo))")
        let error = try #require(throws: StoreError.self) {
            try PostgresStore(url: club.url(as: club.bo), purpose: .command).count()
        }
        #expect(error.description.contains("refused the role you log in as its tables (permission denied for table"),
                "\(error)")
        #expect(error.description.contains("Is it still one of the club's members?"), "\(error)")
        #expect(!error.description.contains("refused the change"), "\(error)")
    }
}
