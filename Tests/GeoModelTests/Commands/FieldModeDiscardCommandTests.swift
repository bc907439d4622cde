import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `sync --status`, `sync --discard` and `sync` with changes that are not plain waiting
/// ones: a finder's change whose row cannot be read, a change whose reply was lost.
@Suite(.serialized) struct FieldModeDiscardCommandTests {
    /// A field-mode club whose server is stopped, with a visit (f1) kept and its payload
    /// damaged.
    private func clubWithUnreadableVisit() throws -> FieldModeClub {
        let club = try FieldModeClub()
        try club.server.stop()
        #expect(try club.run(["log", "GC1OAK", "note", "hi"]).status == 0)
        try FileDamage.sql("UPDATE finder_change SET payload = '{}'").apply(to: club.files.outboxPath)
        return club
    }

    @Test("sync --status lists a finder's change that cannot be read, with the reason, and counts it")
    func statusListsAnUnreadableFinderChange() throws {
        let club = try clubWithUnreadableVisit()
        defer { club.finish() }
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        let lines = status.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("1 change waiting on this machine for ") == true, "\(status.output)")
        #expect(lines.contains { $0.hasPrefix("f1\tvisits\t") && $0.hasSuffix("\tcannot be read: its visits are missing") },
                "\(status.output)")
        #expect(status.output.contains("give it up: sync --discard f1"), "\(status.output)")
    }

    @Test("sync --discard fN drops a finder's change that cannot be read")
    func discardDropsAnUnreadableFinderChange() throws {
        let club = try clubWithUnreadableVisit()
        defer { club.finish() }
        let discard = try club.run(["sync", "--discard", "f1"])
        #expect(discard.status == 0, "stderr was: \(discard.error)")
        #expect(discard.output.hasPrefix("dropped change f1, visits queued "), "\(discard.output)")
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test("sync says why a finder's change that cannot be read is left, and exits 1")
    func syncSaysWhyAnUnreadableFinderChangeStays() throws {
        let club = try clubWithUnreadableVisit()
        defer { club.finish() }
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect((sync.output + sync.error).contains("cannot be read: change f1, visits"), "\(sync.output)\(sync.error)")
        #expect(sync.output.contains("1 change that cannot be read kept here"), "\(sync.output)")
    }

    /// A field-mode club with an add of Old Oak kept and marked as sent, its reply lost.
    private func clubWithSentAdd() throws -> (FieldModeClub, QueuedChange) {
        let club = try FieldModeClub()
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try FileDamage.sql("UPDATE change SET state = 'sending'").apply(to: club.files.outboxPath)
        let change = try #require(try Outbox(files: club.files).changes().first)
        #expect(change.mayBeStored)
        return (club, change)
    }

    @Test("sync --discard of a change whose reply was lost, stored on the server, says it was delivered")
    func discardOfAStoredSentChangeSaysItWasDelivered() throws {
        let (club, change) = try clubWithSentAdd()
        defer { club.finish() }
        try club.server.start()
        _ = try PostgresStore(url: club.url, purpose: .command).append(try #require(change.cache), as: change.write)
        let discard = try club.run(["sync", "--discard", "\(change.sequence)"])
        #expect(discard.status == 1, "stderr was: \(discard.error)")
        #expect(discard.error.contains("change \(change.sequence) was delivered meanwhile; nothing to discard"),
                "\(discard.error)")
        #expect(discard.output.isEmpty, "\(discard.output)")
        #expect(try Outbox(files: club.files).count() == 0)
        #expect(try club.serverCaches().map(\.title) == ["Old Oak"])
    }

    @Test("sync --discard of a change whose reply was lost, while the server is away, keeps it and exits 75")
    func discardOfASentChangeWhileAwayKeepsIt() throws {
        let (club, change) = try clubWithSentAdd()
        defer { club.finish() }
        let discard = try club.run(["sync", "--discard", "\(change.sequence)"])
        #expect(discard.status == 75, "stderr was: \(discard.error)")
        #expect(discard.error.contains("its outcome is not known"), "\(discard.error)")
        #expect(discard.output.isEmpty, "\(discard.output)")
        #expect(try Outbox(files: club.files).count() == 1)
    }
}
