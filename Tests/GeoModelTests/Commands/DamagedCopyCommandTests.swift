import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary on a club store whose server is away, with this machine's copy of
/// its caches damaged: no command traps; the copy is set aside, said once, and the next
/// `sync` fetches a new one.
@Suite(.serialized) struct DamagedCopyCommandTests {
    /// A club of two caches, copied by `sync`, its server then stopped and its copy damaged.
    private static func clubWithDamagedCopy(_ damage: FileDamage) throws -> FieldModeClub {
        let club = try FieldModeClub()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["add"] + FieldModeClub.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        try damage.apply(to: club.files.copyPath)
        return club
    }

    /// The files set aside beside the copy.
    private static func setAsideCopies(of club: FieldModeClub) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: club.files.directory)
            .filter { $0.hasPrefix("copy.sqlite.damaged-") }
    }

    @Test(arguments: [
        FileDamage.sql("UPDATE club_copy SET refreshed_at = 'abc'"),
        .sql("UPDATE club_copy SET refreshed_at = -1e300"),
        .sql("UPDATE club_copy SET center_latitude = 99999999999"),
        .garbagePages,
        .notSQLite,
    ])
    func aListOnADamagedCopySetsItAsideSaysSoOnceAndFailsAsWithoutOne(_ damage: FileDamage) throws {
        let club = try Self.clubWithDamagedCopy(damage)
        defer { club.finish() }
        let list = try club.run(["list"])
        #expect(list.status == 1, "stderr was: \(list.error)")
        #expect(list.error.hasPrefix("geocache-tui: this machine's copy of the club's caches was damaged ("),
                "stderr was: \(list.error)")
        #expect(list.error.contains("; it was set aside as \(club.files.copyPath).damaged-"))
        #expect(list.error.contains("The next sync fetches a new copy"))
        #expect(list.error.contains("cannot connect to the store on"))
        #expect(!list.error.contains("Fatal error"))
        #expect(try Self.setAsideCopies(of: club).count == 1)
        let again = try club.run(["list"])
        #expect(again.status == 1)
        #expect(!again.error.contains("damaged"), "stderr was: \(again.error)")
    }

    @Test func syncStatusOnADamagedCopySaysItWasSetAsideAndThatThereIsNoCopy() throws {
        let club = try Self.clubWithDamagedCopy(.sql("UPDATE club_copy SET refreshed_at = 'abc'"))
        defer { club.finish() }
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        #expect(status.error.contains("copy of the club's caches was damaged (its refresh time, \u{201C}abc\u{201D}, is not a time)"),
                "stderr was: \(status.error)")
        #expect(status.output.contains("no copy of the club's caches on this machine"), "stdout was: \(status.output)")
    }

    @Test func anEditOnADamagedCopySaysItWasSetAsideAndThatThereIsNoCopy() throws {
        let club = try Self.clubWithDamagedCopy(.garbagePages)
        defer { club.finish() }
        let edit = try club.run(["edit", "--position", "1", "--reward", "Gold coin"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("copy of the club's caches was damaged"), "stderr was: \(edit.error)")
        #expect(edit.error.contains("this machine holds no copy of its caches"))
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test func theNextSyncFetchesANewCopyAndListShowsItWhileTheServerIsAway() throws {
        let club = try Self.clubWithDamagedCopy(.notSQLite)
        defer { club.finish() }
        #expect(try club.run(["list"]).status == 1)
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output.hasSuffix("the copy holds 2 caches (all the club's caches)\n"))
        try club.server.stop()
        let list = try club.run(["list"])
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["Old Oak", "Bridge"])
        #expect(try Self.setAsideCopies(of: club).count == 1)
    }
}
