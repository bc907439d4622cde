import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A club member whose login the server refuses (the role may no longer log in, as a
/// `pg_hba.conf` line that rejects it or a wrong password): every command, `sync`
/// included, exits 77 (`EX_NOPERM`) saying the server refused the connection, as for a
/// role refused the club's tables.
@Suite struct ClubLoginRefusalCommandTests {
    /// ana, whose login the server now refuses, and this machine's data directory.
    private static func refusedAna() throws -> (club: ClubFixture, home: TemporaryDirectory) {
        let club = try ClubFixture.make()
        try club.server.superuser("ALTER ROLE \(ClubFixture.identifier(club.ana)) NOLOGIN")
        return (club, try TemporaryDirectory())
    }

    private static func run(_ arguments: [String], _ club: ClubFixture, home: TemporaryDirectory) throws
        -> GeocacheTUIBinary.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.url.path
        return try GeocacheTUIBinary.run(arguments + ["--store", club.url(as: club.ana)], environment: environment)
    }

    @Test func syncOfARoleTheServerRefusesToLogInExitsNoPermission() throws {
        let (club, home) = try Self.refusedAna()
        defer { home.remove() }
        let sync = try Self.run(["sync"], club, home: home)
        #expect(sync.status == 77, "stderr was: \(sync.error)")
        #expect(sync.error.contains("refused the connection"), "stderr was: \(sync.error)")
        #expect(sync.output.isEmpty)
    }

    @Test func listOfARoleTheServerRefusesToLogInExitsNoPermissionToo() throws {
        let (club, home) = try Self.refusedAna()
        defer { home.remove() }
        let list = try Self.run(["list"], club, home: home)
        #expect(list.status == 77, "stderr was: \(list.error)")
        #expect(list.error.contains("refused the connection"), "stderr was: \(list.error)")
    }

    @Test func anAddOfARoleTheServerRefusesToLogInIsNotKeptAndExitsNoPermission() throws {
        let (club, home) = try Self.refusedAna()
        defer { home.remove() }
        let add = try Self.run(["add", "--title", "Old Oak", "--details", "Behind the tree", "--creator", "ana",
                                "--reward", "Coin"], club, home: home)
        #expect(add.status == 77, "stderr was: \(add.error)")
        #expect(!add.error.contains("kept on this machine"), "stderr was: \(add.error)")
    }
}
