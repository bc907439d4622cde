import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The club's record in the copy on this machine: whose each cache is and who changed it
/// last, and what the role that refreshed it may do, so that while the server is away a
/// change the server would refuse is refused at once, as it is online, and nothing is kept.
@Suite struct ClubCopyRecordTests {
    /// A club with rules: bo's cache GCBO1, ana's GCANA1, and GCCLUB1 handed to the club by kim.
    private static func club() throws -> ClubFixture {
        let club = try ClubFixture.make()
        for (role, title, code) in [(club.bo, "Bo's oak", "GCBO1"), (club.ana, "Ana's oak", "GCANA1"),
                                    (club.kim, "Club bridge", "GCCLUB1")] {
            var cache = Samples.oak
            (cache.title, cache.code) = (title, code)
            _ = try PostgresStore(url: club.url(as: role), purpose: .command).add(cache)
        }
        let keeper = try PostgresStore(url: club.url(as: club.kim), purpose: .command)
        _ = try keeper.handOver(try #require(try keeper.cache(withCode: "GCCLUB1")), to: .club, as: WriteID())
        return club
    }

    /// `role`'s URL on a port where nothing answers: the same machine files' key but the port.
    private static func awayURL(_ club: ClubFixture, as role: String) -> String {
        club.url(as: role).replacingOccurrences(of: ":\(club.server.port)/", with: ":1/")
    }

    /// A session of `role` while the club store is away, reading a copy `role` refreshed
    /// while it answered.
    private static func awaySession(_ club: ClubFixture, as role: String, in home: FieldHome) throws -> WriteSession {
        let url = awayURL(club, as: role)
        try ClubCopy(files: home.files(url)).refresh(from: PostgresStore(url: club.url(as: role), purpose: .command),
                                                     area: nil)
        return WriteSession(store: nil, location: .server(url), files: home.files(url),
                            unreachable: .unreachable(server: url, reason: "Connection refused"))
    }

    @Test func theCopyKeepsEachCachesOwnerAndWhoChangedItLastAsTheClubStoreHasThem() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let live = try PostgresStore(url: club.url(as: club.ana), purpose: .command)
        let copy = ClubCopy(files: home.files(Self.awayURL(club, as: club.ana)))
        try copy.refresh(from: live, area: nil)
        let records = try copy.open().loadStoredCaches().map(\.club)
        #expect(records == (try live.loadStoredCaches().map(\.club)))
        #expect(records.map { $0?.owner } == [.member(club.bo), .member(club.ana), .club])
        #expect(records.allSatisfy { $0?.changedBy != nil && $0?.changedAt != nil })
    }

    @Test func theCopyRecordsTheStandingOfTheRoleThatRefreshedIt() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let session = try Self.awaySession(club, as: club.ana, in: home)
        let standing = try #require(session.clubStanding)
        #expect(standing.role == club.ana)
        #expect(!standing.isKeeper)
        #expect(!standing.setUpDue && !standing.noteDue)
    }

    @Test func anEditOfAnotherMembersCacheWhileAwayIsRefusedNamingTheOwnerAndNothingIsKept() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let session = try Self.awaySession(club, as: club.ana, in: home)
        let bos = try session.cache(named: .code("GCBO1"))
        #expect(throws: ChangeRefusal.ownedBy(club.bo)) { try session.update(bos, to: bos.cache.withReward("x")) }
        #expect(try session.waitingChanges().isEmpty)
    }

    @Test func aDeleteOfTheClubsCacheWhileAwayIsRefusedAsTheClubsAndNothingIsKept() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let session = try Self.awaySession(club, as: club.ana, in: home)
        let clubs = try session.cache(named: .code("GCCLUB1"))
        #expect(throws: ChangeRefusal.clubOwned) { try session.delete(clubs) }
        #expect(try session.waitingChanges().isEmpty)
    }

    @Test func anEditOfTheMembersOwnCacheWhileAwayIsKept() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let session = try Self.awaySession(club, as: club.ana, in: home)
        let own = try session.cache(named: .code("GCANA1"))
        guard case .kept = try session.update(own, to: own.cache.withReward("x")) else {
            Issue.record("ana's own edit was not kept")
            return
        }
        #expect(try session.waitingChanges().count == 1)
    }

    @Test func aCacheAChangeKeptHereMakesKeepsTheCopysRecordOfWhoseItIs() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let keeper = try Self.awaySession(club, as: club.kim, in: home)
        let bos = try keeper.cache(named: .code("GCBO1"))
        guard case .kept = try keeper.update(bos, to: bos.cache.withReward("kim's")) else {
            Issue.record("the keeper's edit was not kept")
            return
        }
        // The latest version is the kept edit's; whose it is stays the copy's record.
        #expect(try keeper.cache(named: .code("GCBO1")).club?.owner == .member(club.bo))
    }

    @Test func aKeepersEditOfAMembersCacheWhileAwayIsKept() throws {
        let club = try Self.club()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let session = try Self.awaySession(club, as: club.kim, in: home)
        let bos = try session.cache(named: .code("GCBO1"))
        guard case .kept = try session.delete(bos) else {
            Issue.record("the keeper's delete was not kept")
            return
        }
        #expect(try session.waitingChanges().count == 1)
    }
}
