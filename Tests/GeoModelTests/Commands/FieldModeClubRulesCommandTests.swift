import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The club's rules while the club store is away, with the real binary: the copy says
/// whose each cache is, so `edit` and `delete` of a cache that is not this role's exit 77
/// with the words they use online and keep nothing, and `list --json` says whose it is.
@Suite struct FieldModeClubRulesCommandTests {
    /// A club where bo owns GCBO1 and the club GCCLUB1, and a data directory holding the
    /// copy ana refreshed while the server answered, for ana's URL on a port where
    /// nothing answers.
    private struct AwayClub {
        let club: ClubFixture
        let data: TemporaryDirectory
        let url: String

        init() throws {
            club = try ClubFixture.make()
            for (role, title, code) in [(club.bo, "Bo's oak", "GCBO1"), (club.kim, "Club bridge", "GCCLUB1")] {
                var cache = Samples.oak
                (cache.title, cache.code) = (title, code)
                _ = try PostgresStore(url: club.url(as: role), purpose: .command).add(cache)
            }
            let keeper = try PostgresStore(url: club.url(as: club.kim), purpose: .command)
            _ = try keeper.handOver(try #require(try keeper.cache(withCode: "GCCLUB1")), to: .club, as: WriteID())
            data = try TemporaryDirectory()
            url = club.url(as: club.ana).replacingOccurrences(of: ":\(club.server.port)/", with: ":1/")
            try ClubCopy(files: files).refresh(from: PostgresStore(url: club.url(as: club.ana), purpose: .command), area: nil)
        }

        var files: FieldFiles { FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": data.url.path]) }

        /// Runs the binary as ana, the server away.
        func run(_ arguments: [String]) throws -> GeocacheTUIBinary.Result {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = data.url.path
            environment.removeValue(forKey: "GEOCACHE_STORE")
            return try GeocacheTUIBinary.run(arguments + ["--store", url], environment: environment)
        }

        /// How many changes wait on this machine.
        func waiting() throws -> Int {
            FileManager.default.fileExists(atPath: files.outboxPath) ? try Outbox(files: files).count() : 0
        }
    }

    @Test func anEditOfAnotherMembersCacheWhileAwayExitsNoPermissionAsOnlineAndKeepsNothing() throws {
        let away = try AwayClub()
        defer { away.data.remove() }
        let edit = try away.run(["edit", "--code", "GCBO1", "--reward", "x"])
        #expect(edit.status == 77)
        #expect(edit.error == "geocache-tui: Only \(away.club.bo) or a keeper can change this cache\n")
        #expect(try away.waiting() == 0)
    }

    @Test("a member's hand-over while away exits no permission as online, not a call to try again, and keeps nothing")
    func aMembersHandOverWhileAwayExitsNoPermissionAsOnline() throws {
        let away = try AwayClub()
        defer { away.data.remove() }
        let edit = try away.run(["edit", "--code", "GCBO1", "--owner", away.club.kim, "--reward", "x"])
        #expect(edit.status == 77)
        #expect(edit.error == "geocache-tui: Only a keeper can hand a cache to another member or to the club\n")
        #expect(try away.waiting() == 0)
    }

    @Test func aDeleteOfTheClubsCacheWhileAwayExitsNoPermissionAsOnlineAndKeepsNothing() throws {
        let away = try AwayClub()
        defer { away.data.remove() }
        let delete = try away.run(["delete", "--code", "GCCLUB1"])
        #expect(delete.status == 77)
        #expect(delete.output.isEmpty)
        #expect(delete.error == "geocache-tui: Only a keeper can change this cache: it is the club's\n")
        #expect(try away.waiting() == 0)
    }

    @Test func listJSONWhileAwaySaysWhoseEachCacheIsAndWhoChangedItLast() throws {
        let away = try AwayClub()
        defer { away.data.remove() }
        let list = try away.run(["list", "--json"])
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.output.contains("\"owner\" : \"\(away.club.bo)\""), "stdout was: \(list.output)")
        #expect(list.output.contains("\"owner\" : \"club\""), "stdout was: \(list.output)")
        #expect(list.output.contains("\"changedBy\" : \"\(away.club.kim)\""), "stdout was: \(list.output)")
        #expect(list.output.contains("\"changedAt\""), "stdout was: \(list.output)")
    }
}
