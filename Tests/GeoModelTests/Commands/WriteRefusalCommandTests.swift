import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A write the club store refuses is said as a refusal, with its reason, never as an
/// unreachable server: a role without the right exits 77 (`EX_NOPERM`), a change kept
/// on this machine that the server will never accept is said by `sync` and
/// `sync --status` and can be given up, and another writer's lock is waited for and
/// then said as such (exit 1), never "cannot be reached" (69).
@Suite(.serialized) struct WriteRefusalCommandTests {
    /// A club store set up by its owner, and the URL of a role that may only read it.
    private static func readOnlyClub() throws -> (club: FieldModeClub, owner: String) {
        var owner = ""
        let club = try FieldModeClub { server in
            owner = try server.makeDatabase()
            _ = try PostgresStore(url: owner)
            let database = String(owner.split(separator: "/").last ?? "")
            try server.superuser("CREATE ROLE reader LOGIN")
            try server.superuser("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader", database: database)
            return server.uri(database: database, user: "reader")
        }
        return (club, owner)
    }

    @Test func anAddTheRoleMayNotMakeExitsNoPermissionSayingWhy() throws {
        let (club, owner) = try Self.readOnlyClub()
        defer { club.finish() }
        let add = try club.run(["add"] + FieldModeClub.fields("Forbidden oak"))
        #expect(add.status == 77, "stderr was: \(add.error)")
        #expect(add.error.contains("refused the change: permission denied"), "stderr was: \(add.error)")
        #expect(!add.error.contains("cannot be reached"), "stderr was: \(add.error)")
        #expect(try PostgresStore(url: owner).count() == 0)
    }

    @Test func aKeptAddTheServerRefusesIsSaidBySyncAndItsStatusAndCanBeGivenUp() throws {
        let (club, owner) = try Self.readOnlyClub()
        defer { club.finish() }
        try club.server.stop()
        let kept = try club.run(["add"] + FieldModeClub.fields("Forbidden oak"))
        #expect(kept.status == 0, "stderr was: \(kept.error)")
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stdout was: \(sync.output)\nstderr was: \(sync.error)")
        #expect(sync.output.contains("refused: change 1, an add of "), "stdout was: \(sync.output)")
        #expect(sync.output.contains("permission denied"), "stdout was: \(sync.output)")
        #expect(sync.output.contains("give it up: sync --discard 1"), "stdout was: \(sync.output)")
        #expect(!sync.error.contains("cannot be reached"), "stderr was: \(sync.error)")
        let status = try club.run(["sync", "--status"])
        #expect(status.output.contains("\trefused by the server: "), "stdout was: \(status.output)")
        #expect(try club.run(["sync", "--discard", "1"]).status == 0)
        let again = try club.run(["sync"])
        #expect(again.status == 0, "stdout was: \(again.output)\nstderr was: \(again.error)")
        #expect(try PostgresStore(url: owner).count() == 0)
    }

    @Test func aRefusedKeptAddIsShownWithWhatItHoldsSoItCanBeMadeAgain() throws {
        let (club, _) = try Self.readOnlyClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Forbidden oak")).status == 0)
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.output.contains("  yours: Title: Forbidden oak"), "stdout was: \(sync.output)")
    }

    @Test func aDeliveryHeldByAnotherWritersLockSaysSoAndExitsOneNotSixtyNine() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        _ = try PostgresStore(url: club.url)
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Patient oak")).status == 0)
        try club.server.start()
        let other = try PostgresConnection(club.url)
        try other.query("SELECT pg_advisory_lock(\(0x6765_6F63))")
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stdout was: \(sync.output)\nstderr was: \(sync.error)")
        #expect(sync.output.contains("held a lock on the club store; 1 change still waits on this machine"),
                "stdout was: \(sync.output)")
        #expect(!sync.error.contains("cannot be reached"), "stderr was: \(sync.error)")
        #expect(try Outbox(files: club.files).count() == 1)
        try other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))")
        other.close()
        let delivered = try club.run(["sync"])
        #expect(delivered.status == 0, "stdout was: \(delivered.output)\nstderr was: \(delivered.error)")
        #expect(try club.serverCaches().map(\.title) == ["Patient oak"])
    }

    @Test func anAddThatCannotBeKeptOnThisMachineEitherSaysSoAndExitsOne() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        // The club's directory on this machine is a file: no outbox can be made there.
        let directory = club.files.directory
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: directory, contents: Data("not a directory".utf8)))
        let add = try club.run(["add"] + FieldModeClub.fields("Homeless oak"))
        #expect(add.status == 1, "stderr was: \(add.error)")
        #expect(add.error.contains("cannot be reached, and the change could not be kept on this machine either"),
                "stderr was: \(add.error)")
    }

    @Test func syncStatusSaysOutcomeNotKnownForAChangeSentWhoseReplyWasLost() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Sent oak")).status == 0)
        // A delivery marked it as being sent and was killed before it heard back.
        let outbox = try Outbox(files: club.files)
        let change = try #require(try outbox.changes().first)
        try outbox.markSending(change.sequence)
        let status = try club.run(["sync", "--status"])
        #expect(status.output.contains("\toutcome not known: sent, its reply lost"), "stdout was: \(status.output)")
        #expect(!status.output.contains("\twaiting\n"), "stdout was: \(status.output)")
    }
}
