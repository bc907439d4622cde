import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary on a club store with this machine's outbox damaged: a damaged file
/// is set aside and said, with where it is, never started again empty without a word;
/// a change that cannot be read is shown, kept and dropped on its own while the others
/// are delivered.
@Suite(.serialized) struct DamagedOutboxCommandTests {
    /// A club whose server is away, with adds of First, Second and Third kept on this machine.
    private static func clubWithThreeKept() throws -> FieldModeClub {
        let club = try FieldModeClub()
        try club.server.stop()
        for title in ["First", "Second", "Third"] {
            #expect(try club.run(["add"] + FieldModeClub.fields(title)).status == 0)
        }
        return club
    }

    /// The outboxes set aside beside the outbox.
    private static func setAsideOutboxes(of club: FieldModeClub) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: club.files.directory)
            .filter { $0.hasPrefix("outbox.sqlite.damaged-") && !$0.hasSuffix("-journal") }
    }

    @Test(arguments: [FileDamage.truncated(to: 0), .truncated(to: 5000)])
    func aTruncatedOutboxIsSetAsideAndSaidNotStartedAgainEmptyWithoutAWord(_ damage: FileDamage) throws {
        let club = try Self.clubWithThreeKept()
        defer { club.finish() }
        try damage.apply(to: club.files.outboxPath)
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        #expect(status.error.hasPrefix("geocache-tui: the outbox, where the changes made while the club store could "
                                       + "not be reached are kept, was damaged ("), "stderr was: \(status.error)")
        #expect(status.error.contains("it was set aside as \(club.files.outboxPath).damaged-"))
        #expect(status.error.contains("keep that file, it may still hold them for recovery"))
        #expect(status.output.hasPrefix("nothing waits on this machine for "))
        #expect(try Self.setAsideOutboxes(of: club).count == 1)
        let again = try club.run(["sync", "--status"])
        #expect(again.error.isEmpty, "stderr was: \(again.error)")
    }

    @Test(arguments: [FileDamage.garbagePages, .notSQLite])
    func aGarbageOutboxIsSetAsideWithAdviceToKeepItAndTheAddIsKeptInANewOne(_ damage: FileDamage) throws {
        let club = try Self.clubWithThreeKept()
        defer { club.finish() }
        try damage.apply(to: club.files.outboxPath)
        let add = try club.run(["add"] + FieldModeClub.fields("Fourth"))
        #expect(add.status == 0, "stderr was: \(add.error)")
        #expect(add.error.contains("was damaged ("), "stderr was: \(add.error)")
        #expect(add.error.contains("keep that file"))
        #expect(!add.error.contains("choose another store"))
        #expect(add.error.hasSuffix("kept on this machine: 1 change waiting for the club store\n"))
        #expect(try Outbox(files: club.files).changes().map(\.title) == ["Fourth"])
    }

    @Test func syncStatusWhereTheOutboxsDirectoryIsAFileSaysItCannotBeUsedAndExitsOne() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try? FileManager.default.removeItem(atPath: club.files.directory)
        try FileManager.default.createDirectory(atPath: (club.files.directory as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: club.files.directory, contents: Data("x".utf8)))
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 1, "stdout: \(status.output) stderr: \(status.error)")
        #expect(!status.output.contains("nothing waits"), "\(status.output)")
    }

    @Test func syncStatusShowsAChangeThatCannotBeReadWithWhatCouldBeReadOfIt() throws {
        let club = try Self.clubWithThreeKept()
        defer { club.finish() }
        let code = try Outbox(files: club.files).changes()[1].code
        try FileDamage.sql("UPDATE change SET cache = '{not json' WHERE sequence = 2").apply(to: club.files.outboxPath)
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        #expect(status.output.hasPrefix("3 changes waiting on this machine for "), "stdout was: \(status.output)")
        let line = status.output.split(separator: "\n").first { $0.hasPrefix("2\t") }.map(String.init)
        #expect(line?.hasPrefix("2\tadd\t\(code)\t?\tqueued ") == true, "the line was: \(line ?? "none")")
        #expect(line?.hasSuffix("\tcannot be read: its cache is not a cache this version can read") == true)
        #expect(status.output.contains("  give it up: sync --discard 2\n"))
        #expect(!status.error.contains("DecodingError"))
    }

    @Test func syncDeliversTheOthersAndKeepsTheChangeThatCannotBeRead() throws {
        let club = try Self.clubWithThreeKept()
        defer { club.finish() }
        try FileDamage.sql("UPDATE change SET cache = '{not json' WHERE sequence = 2").apply(to: club.files.outboxPath)
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output.contains("cannot be read: change 2, an add of "), "stdout was: \(sync.output)")
        #expect(sync.output.contains("delivered 2 changes, 1 change that cannot be read kept here; the copy holds 2 caches"))
        #expect(try club.serverCaches().map(\.title) == ["First", "Third"])
        #expect(try Outbox(files: club.files).count() == 1)
    }

    @Test func discardDropsTheChangeThatCannotBeReadAndTheNextSyncEndsClean() throws {
        let club = try Self.clubWithThreeKept()
        defer { club.finish() }
        try FileDamage.sql("UPDATE change SET queued_at = 'abc' WHERE sequence = 2").apply(to: club.files.outboxPath)
        let discard = try club.run(["sync", "--discard", "2"])
        #expect(discard.status == 0, "stderr was: \(discard.error)")
        #expect(discard.output.hasPrefix("dropped change 2, an add of "), "stdout was: \(discard.output)")
        #expect(discard.output.contains("“Second”"))
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stdout was: \(sync.output)")
        #expect(try club.serverCaches().map(\.title) == ["First", "Third"])
    }

    @Test func overwriteOfAChangeThatCannotBeReadIsRefusedAndItStays() throws {
        let club = try Self.clubWithThreeKept()
        defer { club.finish() }
        try FileDamage.sql("UPDATE change SET write_id = 'x' WHERE sequence = 2").apply(to: club.files.outboxPath)
        let overwrite = try club.run(["sync", "--overwrite", "2"])
        #expect(overwrite.status == 1)
        #expect(overwrite.error == "geocache-tui: change 2 cannot be read (its write identifier is not one), so it "
                + "cannot be delivered over the server's version; nothing was changed. Give it up with sync --discard 2.\n")
        #expect(try Outbox(files: club.files).count() == 3)
    }
}
