import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form on a club store with the club's rules (issue 36): a member's form refuses
/// at once, naming the owner, to begin an edit, a delete or new coordinates of a cache
/// that is not the member's, leaves those keys out of its help bar, and shows whose
/// each cache is; a keeper's form edits any cache; a role the rules do not bind is told
/// so once.
@Suite struct FormClubRulesTests {
    /// A club whose member ana stored Old Oak (and bo `bos`, after it), and bo's form
    /// showing Old Oak.
    private func bosFormOnAnasOak(bos: [GeoCache] = []) throws -> (fixture: ClubFixture, form: ClubFormHarness) {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        for cache in bos { try PostgresStore(url: fixture.url(as: fixture.bo)).add(cache) }
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        #expect(form.model.current?.cache.title == Samples.oak.title)
        return (fixture, form)
    }

    /// The caches of the club, as ana reads them.
    private func stored(in fixture: ClubFixture) throws -> [GeoCache] {
        try PostgresStore(url: fixture.url(as: fixture.ana)).loadCaches().withoutCodes
    }

    /// The help bar's rows, each right-trimmed, joined by a newline.
    private func help(_ form: ClubFormHarness) -> String {
        let frame = form.controller.layout.help
        return (frame.y..<frame.maxY).map(form.row).joined(separator: "\n")
    }

    @Test func aKeptEditOfAnotherMembersCacheIsNotSentAndSaysWhoseItIs() throws {
        let fixture = try ClubFixture.make()
        let oak = try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        var changed = oak.cache
        changed.reward = "Kept by bo"
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo)) { files in
            _ = try Outbox(files: files).queueEdit(of: oak.cache, to: changed)
        }
        #expect(form.status.contains("no longer yours to change on the club store. Only \(fixture.ana) or a keeper"), "\(form.status)")
        #expect(try stored(in: fixture) == [Samples.oak])
        #expect(try Outbox(files: form.files).changes().first?.refusal == nil)
    }

    @Test func aKeptEditOfACacheHandedToAnotherMemberMeanwhileOpensNoEditAndSaysSo() throws {
        let fixture = try ClubFixture.make()
        let anas = try PostgresStore(url: fixture.url(as: fixture.ana))
        let oak = try anas.add(Samples.oak)
        var mine = oak.cache
        mine.reward = "Kept by ana"
        let form = try ClubFormHarness(url: fixture.url(as: fixture.ana)) { _ in }
        _ = try Outbox(files: form.files).queueEdit(of: oak.cache, to: mine)
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        var theirs = oak.cache
        theirs.details = "By the north shore"
        let changed = try keepers.update(try #require(try keepers.cache(oak.id)), to: theirs)
        _ = try keepers.handOver(changed, to: .member(fixture.bo), as: WriteID())
        try form.model.deliverOutbox()
        form.redraw()
        #expect(form.controller.mode.editSession == nil)
        #expect(form.status.contains("no longer yours to change on the club store"), "\(form.status)")
        #expect(form.model.waitingChanges == 1)
    }

    @Test func aKeptDeleteOfACacheHandedOverUnchangedMeanwhileAsksNothingAndSaysSo() throws {
        let fixture = try ClubFixture.make()
        let oak = try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.ana)) { _ in }
        _ = try Outbox(files: form.files).queueDelete(oak.cache)
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.cache(oak.id)), to: .member(fixture.bo), as: WriteID())
        try form.model.deliverOutbox()
        form.redraw()
        #expect(form.status.contains("no longer yours to change on the club store"), "\(form.status)")
        #expect(!form.screen.contains("after you deleted it"), "\(form.screen)")
        #expect(try stored(in: fixture) == [Samples.oak])
        #expect(form.model.waitingChanges == 1)
    }

    // MARK: Another member's cache

    @Test("a cache handed to another member meanwhile shows its new owner, and F4 leaves the help bar")
    func aHandOverElsewhereReachesTheOpenForm() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.bo)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        #expect(help(form).contains("F4 Edit"), "\(help(form))")
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.first()), to: .member(fixture.ana), as: WriteID())
        let shown = waitUntil(timeout: .seconds(10)) {
            form.idle()
            return form.screen.contains("Owner:   \(fixture.ana)")
        }
        #expect(shown, "\(form.screen)")
        #expect(!help(form).contains("F4 Edit"), "\(help(form))")
    }

    @Test("a cache handed to another member during this member's edit shows its new owner at once, the text typed kept")
    func aHandOverElsewhereDuringAnEditShowsTheNewOwner() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.bo)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        form.press(.function(4))
        form.type(" by the gate")
        let typed = form.fieldTexts
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.first()), to: .member(fixture.ana), as: WriteID())
        let shown = waitUntil(timeout: .seconds(10)) {
            form.idle()
            return form.screen.contains("Owner:   \(fixture.ana)")
        }
        #expect(shown, "\(form.screen)")
        #expect(form.controller.mode.editSession != nil)
        #expect(form.fieldTexts == typed)
    }

    @Test("an edit restored after its cache was handed to another member shows the new owner and its save is refused before sending")
    func anEditRestoredAfterAHandOverShowsTheNewOwnerAndIsRefusedBeforeSending() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.bo)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        form.press(.function(4))
        form.type(" by the gate")
        form.controller.finish()
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.first()), to: .member(fixture.ana), as: WriteID())
        let next = try ClubFormHarness(url: fixture.url(as: fixture.bo), machineOf: form)
        #expect(next.status.contains("restored"), "\(next.status)")
        #expect(next.screen.contains("Owner:   \(fixture.ana)"), "\(next.screen)")
        next.press(.control("s"))
        #expect(next.screen.contains("Only \(fixture.ana) or a keeper can change this cache"), "\(next.screen)")
        #expect(!next.screen.contains("refused the change"), "\(next.screen)")
        #expect(try stored(in: fixture).map(\.title) == [Samples.oak.title])
        withExtendedLifetime(form) {}
    }

    @Test("saving an edit of a cache handed to another member, who deleted it, keeps the text for ^S to add, not refused as theirs")
    func savingAnEditOfACacheHandedOverAndDeletedOffersToAddIt() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.bo)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        form.press(.function(4))
        form.type(" by the gate")
        let typed = form.fieldTexts
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.first()), to: .member(fixture.ana), as: WriteID())
        #expect(waitUntil(timeout: .seconds(10)) { form.idle(); return form.screen.contains("Owner:   \(fixture.ana)") })
        let anas = try PostgresStore(url: fixture.url(as: fixture.ana))
        _ = try anas.delete(try #require(try anas.first()))
        #expect(waitUntil(timeout: .seconds(10)) { form.idle(); return form.model.count == 0 }, "\(form.screen)")
        form.press(.control("s"))
        #expect(form.controller.mode.editSession == nil)
        #expect(form.fieldTexts == typed)
        #expect(form.screen.contains("was deleted in another session; nothing was saved"), "\(form.screen)")
    }

    @Test("a keeper's delete question closes unanswered when the cache is handed to another member meanwhile")
    func aHandOverElsewhereClosesTheDeleteQuestion() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.kim))
        form.press(.function(8))
        #expect(form.controller.mode.deleteQuestion != nil)
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.first()), to: .member(fixture.bo), as: WriteID())
        let closed = waitUntil(timeout: .seconds(10)) {
            form.idle()
            return form.controller.mode.deleteQuestion == nil
        }
        #expect(closed, "\(form.screen)")
        #expect(form.status.contains("was handed to \(fixture.bo) in another session"), "\(form.status)")
        form.type("y")
        #expect(try stored(in: fixture) == [Samples.oak])
    }

    @Test("the refusal of another member's cache goes from the status line once a keeper hands it to this member")
    func aHandOverToThisMemberClearsTheRefusal() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        form.press(.function(4))
        #expect(form.status.contains("can change this cache"), "\(form.status)")
        let keepers = try PostgresStore(url: fixture.url(as: fixture.kim))
        _ = try keepers.handOver(try #require(try keepers.first()), to: .member(fixture.bo), as: WriteID())
        let handed = waitUntil(timeout: .seconds(10)) {
            form.idle()
            return form.screen.contains("Owner:   \(fixture.bo)")
        }
        #expect(handed, "\(form.screen)")
        #expect(!form.status.contains("can change this cache"), "\(form.status)")
    }

    @Test("F5 reads the role's standing again: a member made a keeper meanwhile may then edit another member's cache")
    func f5ReadsTheStandingAgain() throws {
        let (fixture, form) = try bosFormOnAnasOak()
        form.press(.function(4))
        #expect(form.controller.mode.editSession == nil)
        try fixture.server.superuser("GRANT \(ClubFixture.identifier(fixture.roles.keeper)) TO \(ClubFixture.identifier(fixture.bo))")
        form.press(.function(5), .function(4))
        #expect(form.controller.mode.editSession != nil, "\(form.status)")
    }

    @Test func thePaneOfAnotherMembersCacheWithoutAPlaceOffersNoKeyToSetIt() throws {
        let (_, form) = try bosFormOnAnasOak()
        #expect(form.screen.contains("Place:   none "), "\(form.screen)")
        #expect(!form.screen.contains("sets it"), "\(form.screen)")
    }

    @Test func f4OnAnotherMembersCacheBeginsNoEditAndSaysWhoseItIs() throws {
        let (fixture, form) = try bosFormOnAnasOak()
        let shown = form.model.current
        form.press(.function(4))
        #expect(form.controller.mode.editSession == nil)
        #expect(form.status.contains("Only \(fixture.ana) or a keeper can change this cache"),
                "the status line was: \(form.status)")
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.model.current == shown)
        #expect(try stored(in: fixture) == [Samples.oak])
    }

    @Test func f8OnAnotherMembersCacheOpensNoQuestionAndSaysWhoseItIs() throws {
        let (fixture, form) = try bosFormOnAnasOak()
        let shown = form.model.current
        form.press(.function(8))
        #expect(form.controller.mode.deleteQuestion == nil)
        #expect(form.status.contains("Only \(fixture.ana) or a keeper can change this cache"),
                "the status line was: \(form.status)")
        #expect(form.model.current == shown)
        #expect(try stored(in: fixture) == [Samples.oak])
    }

    @Test func ctrlGOnAnotherMembersCacheOpensNoCoordinatesFieldAndSaysWhoseItIs() throws {
        let (fixture, form) = try bosFormOnAnasOak()
        let shown = form.model.current
        form.press(.control("g"))
        #expect(form.controller.mode.placingTarget == nil)
        #expect(form.status.contains("Only \(fixture.ana) or a keeper can change this cache"),
                "the status line was: \(form.status)")
        #expect(form.model.current == shown)
        #expect(try stored(in: fixture) == [Samples.oak])
    }

    @Test func f4OnAClubOwnedCacheSaysOnlyAKeeperCanChangeIt() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        try fixture.sql(as: fixture.kim, "UPDATE geocache SET owner = NULL")
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        form.press(.function(4))
        #expect(form.controller.mode.editSession == nil)
        #expect(form.status.contains("Only a keeper can change this cache: it is the club's"),
                "the status line was: \(form.status)")
    }

    @Test func theHelpBarLeavesOutEditDeleteAndCoordsOnAnotherMembersCacheAndShowsThemOnTheMembersOwn() throws {
        let (_, form) = try bosFormOnAnasOak(bos: [Samples.bridge])
        #expect(form.status.hasPrefix(" Cache 1 of 2"), "the status line was: \(form.status)")
        #expect(help(form).contains("^Q Quit"), "the help bar was: \(help(form))")
        #expect(!help(form).contains("F4 Edit"), "the help bar was: \(help(form))")
        #expect(!help(form).contains("F8 Delete"), "the help bar was: \(help(form))")
        #expect(!help(form).contains("^G Coords"), "the help bar was: \(help(form))")
        form.press(.control("n"))
        #expect(form.model.current?.cache.title == Samples.bridge.title)
        #expect(help(form).contains("F4 Edit"), "the help bar was: \(help(form))")
        #expect(help(form).contains("F8 Delete"), "the help bar was: \(help(form))")
        #expect(help(form).contains("^G Coords"), "the help bar was: \(help(form))")
    }

    // MARK: Whose a cache is

    @Test func thePaneShowsTheOwningMemberAndWhoChangedTheCacheLast() throws {
        let (fixture, form) = try bosFormOnAnasOak()
        #expect(form.screen.contains("Owner:   \(fixture.ana) (changed by \(fixture.ana), "), "the screen was: \(form.screen)")
    }

    @Test func thePaneShowsAClubOwnedCacheAsTheClubsChangedByTheKeeperWhoHandedItOver() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        try fixture.sql(as: fixture.kim, "UPDATE geocache SET owner = NULL")
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        #expect(form.screen.contains("Owner:   the club (changed by \(fixture.kim), "), "the screen was: \(form.screen)")
    }

    // MARK: What may be changed

    @Test func aKeepersFormBeginsTheEditOfAnotherMembersCache() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.kim))
        #expect(help(form).contains("F4 Edit"), "the help bar was: \(help(form))")
        form.press(.function(4))
        #expect(form.controller.mode.editSession != nil)
        #expect(form.fieldTexts == GeoCache.Field.allCases.map { Samples.oak[$0] })
        #expect(!form.status.contains("can change this cache"), "the status line was: \(form.status)")
    }

    @Test func f4OnTheMembersOwnCacheBeginsTheEdit() throws {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.bo)).add(Samples.bridge)
        let form = try ClubFormHarness(url: fixture.url(as: fixture.bo))
        form.press(.function(4))
        #expect(form.controller.mode.editSession != nil)
        #expect(form.fieldTexts == GeoCache.Field.allCases.map { Samples.bridge[$0] })
        #expect(!form.status.contains("can change this cache"), "the status line was: \(form.status)")
    }

    // MARK: A role the rules do not bind

    /// `geo`, the test server's superuser, has never been told about this club's rules
    /// (the admin ran `club init` and was told there).
    @Test func aSuperusersFirstFormSaysOnceThatTheRulesDoNotBindItAndASecondFormDoesNotSayItAgain() throws {
        let fixture = try ClubFixture.make()
        let url = fixture.server.uri(database: fixture.database)
        let note = FormText.clubNote(.rulesDoNotBind(role: "geo", roles: fixture.roles))
        let first = try ClubFormHarness(url: url)
        #expect(first.status.contains(note), "the status line was: \(first.status)")
        let second = try ClubFormHarness(url: url)
        #expect(!second.status.contains("do not bind"), "the status line was: \(second.status)")
        withExtendedLifetime(first) {}
    }

    /// The admin owns the club's tables, so the rules do not bind it either; `club init`
    /// told it so.
    @Test func theAdminWhoSetUpTheRulesIsNotToldAgainByTheForm() throws {
        let fixture = try ClubFixture.make()
        let form = try ClubFormHarness(url: fixture.url(as: fixture.admin))
        #expect(!form.status.contains("do not bind"), "the status line was: \(form.status)")
        #expect(!form.status.contains("Set up the club's rules"), "the status line was: \(form.status)")
    }
}
