import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form on the club store whose connection the admin ends while taking the member out
/// of the club (or leaving the store's schema older than this version): the form shows
/// the copy at once, as for a server gone away, and when the club store answers its next
/// try with a refusal, it says so and refuses writes with the server's reason instead of
/// keeping them on this machine.
@Suite struct FormClubRefusedTests {
    /// ana's form on a club store holding her Old Oak, with a copy on this machine;
    /// `refuse` runs as the admin, then ana's sessions are ended, and the form is ticked
    /// until it says the club store refused it (or 15 s passed).
    private static func anasRefusedForm(_ refuse: (ClubFixture) throws -> Void) throws
        -> (club: ClubFixture, form: ClubFormHarness) {
        let club = try ClubFixture.make()
        let live = try PostgresStore(url: club.url(as: club.ana), purpose: .command)
        try live.add(Samples.oak)
        let form = try ClubFormHarness(url: club.url(as: club.ana))
        try ClubCopy(files: form.files).refresh(from: live, area: nil)
        try refuse(club)
        try club.server.superuser("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = "
                                  + ClubFixture.literal(club.ana))
        _ = waitUntil(timeout: .seconds(15)) {
            form.idle()
            return form.title.contains("club store refused")
        }
        return (club, form)
    }

    /// Takes ana out of the club's members.
    private static func revokeAna(_ club: ClubFixture) throws {
        try club.server.superuser("REVOKE \(ClubFixture.identifier(club.roles.member)) FROM \(ClubFixture.identifier(club.ana))")
    }

    /// Leaves the store as the version before the latest set it up.
    private static func undoLatestMigration(_ club: ClubFixture) throws {
        try club.sql(as: club.admin, "DELETE FROM geocache_schema WHERE version = (SELECT max(version) FROM geocache_schema)")
    }

    @Test func aRevokedMembersFormSaysTheClubStoreRefusedItsRoleNotThatTheStoreIsAway() throws {
        let (_, form) = try Self.anasRefusedForm(Self.revokeAna)
        #expect(form.title.contains("club store refused"), "\(form.title)")
        #expect(!form.title.contains("club store away"), "\(form.title)")
        #expect(form.screen.contains("Is it still one of the club's members?"), "\(form.screen)")
    }

    @Test func aRevokedMembersAddIsRefusedWithTheServersReasonAndNotKept() throws {
        let (_, form) = try Self.anasRefusedForm(Self.revokeAna)
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.status.contains("Refused by the server; nothing was stored"), "\(form.status)")
        #expect(form.screen.contains("refused the role you log in as its tables"), "\(form.screen)")
        #expect(try form.model.queuedChanges().isEmpty)
        #expect(form.fieldTexts.first == Samples.bridge.title)
    }

    @Test func aRevokedMembersVisitIsRefusedAndNotKept() throws {
        let (_, form) = try Self.anasRefusedForm(Self.revokeAna)
        form.press(.alt("l"))
        form.type("TFTC")
        form.press(.enter)
        #expect(!form.status.contains("Kept on this machine"), "\(form.status)")
        #expect(form.status.contains("Nothing logged or kept"), "\(form.status)")
        #expect(form.screen.contains("refused the role you log in as its tables"), "\(form.screen)")
        #expect(try form.model.session?.waitingFinderChanges().isEmpty == true)
    }

    @Test("a save of a member taken out of the club while its form is connected says it may no longer be a member")
    func aSaveOfAMemberTakenOutWhileConnectedSaysItMayNoLongerBeAMember() throws {
        let club = try ClubFixture.make()
        try PostgresStore(url: club.url(as: club.ana), purpose: .command).add(Samples.oak)
        let form = try ClubFormHarness(url: club.url(as: club.ana))
        form.press(.function(4))
        form.type(" by the gate")
        try Self.revokeAna(club)
        form.press(.control("s"))
        #expect(form.status.contains("Refused by the server; nothing was stored"), "\(form.status)")
        #expect(form.screen.contains("Is it still one of the club's members?"), "\(form.screen)")
        #expect(!form.screen.contains("for the right"), "\(form.screen)")
    }

    @Test("a member taken out of the club while its form is connected is told so when another member's add reloads the form")
    func aMemberTakenOutIsToldSoWhenAnotherMembersAddReloadsTheForm() throws {
        let club = try ClubFixture.make()
        try PostgresStore(url: club.url(as: club.ana), purpose: .command).add(Samples.oak)
        let form = try ClubFormHarness(url: club.url(as: club.ana))
        try Self.revokeAna(club)
        try PostgresStore(url: club.url(as: club.bo), purpose: .command).add(Samples.bridge)
        _ = waitUntil(timeout: .seconds(15)) {
            form.idle()
            return form.screen.contains("refused")
        }
        #expect(form.status.contains("refused the role you log in as its tables"), "\(form.status)")
        #expect(!form.screen.contains("refused the change"), "\(form.screen)")
    }

    @Test func anAddToAStoreWaitingForTheAdminsUpgradeIsRefusedSayingSoAndNotKept() throws {
        let (_, form) = try Self.anasRefusedForm(Self.undoLatestMigration)
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.status.contains("Refused by the server; nothing was stored"), "\(form.status)")
        #expect(form.screen.contains("was set up by an older version of geocache-tui"), "\(form.screen)")
        #expect(try form.model.queuedChanges().isEmpty)
    }

    @Test func aMemberGivenBackTheRoleSeesTheClubStoreAgain() throws {
        let (club, form) = try Self.anasRefusedForm(Self.revokeAna)
        try club.server.superuser("GRANT \(ClubFixture.identifier(club.roles.member)) TO \(ClubFixture.identifier(club.ana))")
        #expect(waitUntil(timeout: .seconds(30)) {
            form.idle()
            return form.model.clubAway == nil
        })
        #expect(!form.title.contains("club store refused"), "\(form.title)")
        #expect(form.status.contains("Club store reachable again"), "\(form.status)")
    }
}
