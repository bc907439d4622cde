import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A club database that is not the one this machine's copy and kept changes came from:
/// dropped and created again, or another server started on the same host and port. The
/// URL is the same, so the files on this machine are the same; the club's identity
/// (schema version 16, recorded beside the files as `club-id`) tells them apart. Nothing
/// kept is delivered there, the copy is not replaced, and `sync --adopt-club` is the way
/// on for a member who knows the new database is right.
@Suite(.serialized) struct FieldModeAnotherClubCommandTests {
    @Test("a club database dropped and created again gets none of the changes kept here, and the copy stays")
    func aRecreatedDatabaseGetsNoDeliveryAndTheCopyStays() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.keepTwoChangesAfterCopyingThreeCaches()
        try club.recreateDatabase(holding: "New")
        let sync = try club.run(["sync"])
        #expect(sync.status == 78, "stderr was: \(sync.error)")
        #expect(sync.error.contains("is another club database than the one this machine's copy (3 caches, of "),
                "stderr was: \(sync.error)")
        #expect(sync.error.contains("and its 2 kept changes came from"), "stderr was: \(sync.error)")
        #expect(sync.error.contains("sync --adopt-club"), "stderr was: \(sync.error)")
        #expect(try club.serverCaches().map(\.title) == ["New"])
        #expect(try Outbox(files: club.files).count() == 2)
        #expect(try ClubCopy(files: club.files).open().count() == 3)
    }

    @Test("every command on a club database created anew says so, exits 78 and sends nothing")
    func everyCommandOnARecreatedDatabaseExits78() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.keepTwoChangesAfterCopyingThreeCaches()
        try club.recreateDatabase(holding: "New")
        for arguments in [["list"], ["add"] + FieldModeClub.fields("Late"), ["delete", "--position", "1"]] {
            let run = try club.run(arguments)
            #expect(run.status == 78, "\(arguments): stderr was: \(run.error)")
            #expect(run.error.contains("another club database"), "\(arguments): stderr was: \(run.error)")
        }
        #expect(try club.serverCaches().map(\.title) == ["New"])
        #expect(try Outbox(files: club.files).count() == 2)
    }

    @Test("another server started on the same host and port gets none of the changes kept here, and the copy stays")
    func anotherServerOnTheSamePortGetsNoDeliveryAndTheCopyStays() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.keepTwoChangesAfterCopyingThreeCaches()
        try club.server.stop()
        let other = try PostgresTestServer(port: club.server.port)
        defer { other.destroy() }
        try other.superuser("CREATE DATABASE \(club.databaseName)")
        try club.setUpClub(holding: "Other")
        let sync = try club.run(["sync"])
        #expect(sync.status == 78, "stderr was: \(sync.error)")
        #expect(sync.error.contains("another club database"), "stderr was: \(sync.error)")
        #expect(try club.serverCaches().map(\.title) == ["Other"])
        #expect(try Outbox(files: club.files).count() == 2)
        #expect(try ClubCopy(files: club.files).open().count() == 3)
    }

    @Test("files made before the club had an identity take the one its upgrade makes, and delivery goes on")
    func anOlderClubWithoutIdentityIsAdoptedAndDeliveryGoesOn() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.keepTwoChangesAfterCopyingThreeCaches()
        // The machine's files from before this version, the club's schema from before version 16.
        try FileManager.default.removeItem(atPath: club.files.clubPath)
        try club.server.superuser("ALTER TABLE geocache_club DROP COLUMN club_id", database: club.databaseName)
        try club.server.superuser("DELETE FROM geocache_schema WHERE version = 16", database: club.databaseName)
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output.hasPrefix("delivered 2 changes; "), "stdout was: \(sync.output)")
        #expect(try club.serverCaches().map(\.title) == ["A", "B", "C", "D"])
        let identity = try club.server.superuser("SELECT club_id::text FROM geocache_club", database: club.databaseName)
        #expect(club.files.recordedClub() == identity.rows.first?.string(0))
    }

    @Test("sync --adopt-club takes the new database as the club's: its caches in the copy, the kept changes still waiting")
    func adoptingTheNewDatabaseReplacesTheCopyAndKeepsTheChangesWaiting() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.keepTwoChangesAfterCopyingThreeCaches()
        try club.recreateDatabase(holding: "New")
        let adopt = try club.run(["sync", "--adopt-club"])
        #expect(adopt.status == 0, "stderr was: \(adopt.error)")
        #expect(adopt.output.contains("this machine now follows the club store at "), "stdout was: \(adopt.output)")
        #expect(adopt.output.contains("the copy holds 1 cache"), "stdout was: \(adopt.output)")
        #expect(adopt.output.contains("2 changes still wait on this machine, not delivered"), "stdout was: \(adopt.output)")
        #expect(try club.serverCaches().map(\.title) == ["New"])
        #expect(try Outbox(files: club.files).count() == 2)
        #expect(try ClubCopy(files: club.files).open().count() == 1)
    }

    @Test("after sync --adopt-club, sync delivers the kept add and leaves the edit of a cache not there as a conflict")
    func afterAdoptingSyncDeliversTheAddAndLeavesTheEditAsAConflict() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.keepTwoChangesAfterCopyingThreeCaches()
        try club.recreateDatabase(holding: "New")
        #expect(try club.run(["sync", "--adopt-club"]).status == 0)
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output.contains("the cache was deleted on the server meanwhile"), "stdout was: \(sync.output)")
        #expect(try club.serverCaches().map(\.title) == ["New", "D"])
        #expect(try Outbox(files: club.files).count() == 1)
    }
}

extension FieldModeClub {
    /// The name of the club's database, the last part of its URL.
    var databaseName: String { String(url.split(separator: "/").last ?? "") }

    /// Adds A, B and C while the server answers and copies them with `sync`; then, with
    /// the server stopped, edits A's reward and adds D, both kept on this machine; then
    /// starts the server again.
    func keepTwoChangesAfterCopyingThreeCaches() throws {
        for title in ["A", "B", "C"] { #expect(try run(["add"] + Self.fields(title)).status == 0) }
        let sync = try run(["sync"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        try server.stop()
        #expect(try run(["edit", "--position", "1", "--reward", "Gold coin"]).status == 0)
        #expect(try run(["add"] + Self.fields("D")).status == 0)
        try server.start()
    }

    /// Drops the club's database and creates it again, set up as a new club holding one
    /// cache titled `title`.
    func recreateDatabase(holding title: String) throws {
        try server.superuser("DROP DATABASE \(databaseName) WITH (FORCE)")
        try server.superuser("CREATE DATABASE \(databaseName)")
        try setUpClub(holding: title)
    }

    /// Sets up the empty database the URL names as a club holding one cache titled `title`.
    func setUpClub(holding title: String) throws {
        let store = try PostgresStore(url: url, purpose: .command)
        _ = try store.setUpClub()
        try store.add(GeoCache(title: title, details: "d", creator: "c", reward: "r"))
    }
}
