import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A finder's change (visits, own data) whose row in `finder_change` cannot be read:
/// listed with what could be read of it and why, counted as the others are, given up by
/// its number, and named by the delivery that leaves it.
@Suite struct OutboxFinderUnreadableTests {
    /// An outbox holding a visit (f1) and a note on GC1OAK (f2).
    private static func outboxWithFinderChanges(in home: FieldHome, url: String? = nil) throws -> Outbox {
        let outbox = try url.map { try Outbox(files: home.files($0)) } ?? Outbox(files: home.files())
        try outbox.queueVisits([Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")])
        try outbox.queueOwnData(OwnData(note: "Bring a torch"), forCode: "GC1OAK")
        return outbox
    }

    @Test("a finder's change whose row cannot be read is listed with the reason, apart from those that can",
          arguments: [
        ("UPDATE finder_change SET payload = '{}' WHERE sequence = 1", 1, "its visits are missing"),
        ("UPDATE finder_change SET payload = json_set(payload, '$.visits[0].type', 'Bogus') WHERE sequence = 1", 1,
         "its visit type “Bogus” is unknown"),
        ("UPDATE finder_change SET payload = json_set(payload, '$.visits[0].time', 'notatime') WHERE sequence = 1", 1,
         "its visit time “notatime” is not a time"),
        ("UPDATE finder_change SET queued_at = 'notatime' WHERE sequence = 1", 1, "its time is not what the outbox writes"),
        ("UPDATE finder_change SET payload = '{\"garbage\":1}' WHERE sequence = 2", 2, "its own data is missing"),
        ("UPDATE finder_change SET payload = 'not json' WHERE sequence = 2", 2,
         "its payload is not JSON this version can read"),
    ])
    func anUnreadableFinderChangeIsListedWithItsReason(_ sql: String, _ sequence: Int64, _ reason: String) throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Self.outboxWithFinderChanges(in: home)
        try FileDamage.sql(sql).apply(to: outbox.files.outboxPath)
        let unreadable = try outbox.unreadableFinderChanges()
        #expect(unreadable.map(\.sequence) == [sequence])
        #expect(unreadable.first?.reason == reason)
        #expect(try outbox.finderChanges().map(\.sequence) == [sequence == 1 ? 2 : 1])
        #expect(try outbox.count() == outbox.finderChanges().count + unreadable.count)
    }

    @Test("what can still be read of an unreadable finder's change is kept: its kind, code and time")
    func whatCanStillBeReadIsKept() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Self.outboxWithFinderChanges(in: home)
        let own = try outbox.finderChanges()[1]
        try FileDamage.sql("UPDATE finder_change SET payload = '{}' WHERE sequence = 2").apply(to: outbox.files.outboxPath)
        let unreadable = try #require(try outbox.unreadableFinderChanges().first)
        #expect(unreadable.kind == "own")
        #expect(unreadable.code == "GC1OAK")
        #expect(unreadable.queuedAt == own.queuedAt)
    }

    @Test("a finder's change whose row cannot be read is given up by its number")
    func anUnreadableFinderChangeIsDiscarded() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Self.outboxWithFinderChanges(in: home)
        try FileDamage.sql("UPDATE finder_change SET payload = '{}' WHERE sequence = 1").apply(to: outbox.files.outboxPath)
        try outbox.discardFinderChange(1)
        #expect(try outbox.unreadableFinderChanges().isEmpty)
        #expect(try outbox.count() == 1)
    }

    @Test("delivery leaves a finder's change that cannot be read, names it in its report, and delivers the others")
    func deliveryReportsAnUnreadableFinderChange() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let store = try PostgresStore(url: url, purpose: .command)
        var oak = Samples.oak
        oak.code = "GC1OAK"
        _ = try store.add(oak)
        let outbox = try Self.outboxWithFinderChanges(in: home, url: url)
        try FileDamage.sql("UPDATE finder_change SET payload = '{}' WHERE sequence = 1").apply(to: outbox.files.outboxPath)
        let report = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(report.finderUnreadable.map(\.sequence) == [1])
        #expect(report.finderUnreadable.first?.reason == "its visits are missing")
        #expect(report.finderDelivered.map(\.sequence) == [2])
        #expect(try outbox.count() == 1)
    }
}
