import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `sync --status`, `sync --discard` and `sync` with changes that are not plain waiting
/// ones: a finder's change whose row cannot be read.
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
}
