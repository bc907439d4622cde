import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The rules of schema version 12 from a plain SQL connection, the way a member with
/// psql meets them: no way to write the count through the server's own function, and
/// a keeper role that is gone makes nobody a keeper.
@Suite struct ClubRulesFailClosedTests {
    /// The count the server keeps, as a member reads it.
    private func count(_ club: ClubFixture) throws -> Int? {
        try club.sql(as: club.bo, "SELECT value FROM geocache_count").rows.first?.int(0)
    }

    private func add(_ title: String, in club: ClubFixture, as role: String) throws -> StoredCache {
        var cache = Samples.oak
        cache.title = title
        return try #require(try WriteSession.opening(.server(club.url(as: role))).add(cache).storedValue).stored
    }

    private static let countingTrigger = [
        "CREATE TEMP TABLE counted (x integer)",
        "CREATE TRIGGER counting AFTER INSERT ON counted REFERENCING NEW TABLE AS changed_rows "
            + "FOR EACH STATEMENT EXECUTE FUNCTION geocache_count_rows()",
        "INSERT INTO counted SELECT generate_series(1, 1000)",
    ]

    @Test("from SQL, a member cannot hang the count's function on a table of their own, and the count stays true")
    func aMemberCannotRunTheCountsFunction() throws {
        let club = try ClubFixture.make()
        _ = try add("Oak", in: club, as: club.ana)
        #expect(try club.sqlState(as: club.ana, Self.countingTrigger) == "42501")
        #expect(try count(club) == 1)
    }

    @Test("the count's function counts for the caches' table alone, even for a role that may run it")
    func theCountsFunctionRefusesAnotherTable() throws {
        let club = try ClubFixture.make()
        #expect(try club.sqlState(as: club.admin, Self.countingTrigger) == "42501")
        #expect(try count(club) == 0)
    }

    @Test("members' adds and deletes still keep the count, the function closed to them")
    func membersStillKeepTheCount() throws {
        let club = try ClubFixture.make()
        _ = try add("Oak", in: club, as: club.ana)
        let bos = try add("Mill", in: club, as: club.bo)
        #expect(try count(club) == 2)
        _ = try WriteSession.opening(.server(club.url(as: club.bo))).delete(bos)
        #expect(try count(club) == 1)
    }

    @Test("a keeper role renamed by the admin makes nobody a keeper: a member still cannot change another's cache",
          arguments: [false, true])
    func aKeeperRoleThatIsGoneKeepsNobody(dropped: Bool) throws {
        let club = try ClubFixture.make()
        let anas = try add("Oak", in: club, as: club.ana)
        let keepers = ClubFixture.identifier(club.roles.keeper)
        try club.sql(as: club.admin, dropped ? "DROP ROLE \(keepers)" : "ALTER ROLE \(keepers) RENAME TO \(keepers.dropLast())_old\"")
        let update = "UPDATE geocache SET title = 'Taken' WHERE id = \(anas.id.rawValue)"
        #expect(try club.sqlState(as: club.bo, [update]) == "42501")
        #expect(try club.sqlState(as: club.kim, [update]) == "42501")
        #expect(try club.sql(as: club.bo, "SELECT geocache_keeps()").rows.first?.bool(0) == false)
        #expect(try club.sqlState(as: club.admin, [update]) == nil)
    }

    @Test("a member role renamed by the admin: a keeper's hand-over is refused saying the role is gone, nothing written")
    func aHandOverWithTheMemberRoleGoneSaysSo() throws {
        let club = try ClubFixture.make()
        let anas = try add("Oak", in: club, as: club.ana)
        let members = ClubFixture.identifier(club.roles.member)
        let kim = try WriteSession.opening(.server(club.url(as: club.kim)))
        let read = try #require(try kim.readStore().cache(anas.id))
        try club.sql(as: club.admin, "ALTER ROLE \(members) RENAME TO \(members.dropLast())_old\"")
        #expect(throws: ChangeRefusal.memberRoleGone(club.roles.member)) { try kim.handOver(read, to: .member(club.bo)) }
        #expect(try club.sql(as: club.admin, "SELECT owner FROM geocache WHERE id = \(anas.id.rawValue)").rows.first?.string(0)
                == club.ana)
    }
}
