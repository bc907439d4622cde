import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form that opens on the club store and delivers what was kept on this machine: a
/// kept edit of a cache changed on the club store meanwhile becomes the edit of the
/// club's version with the kept text in the fields and both versions in the pane.
@Suite struct FormFieldConflictTests {
    /// A club store holding Old Oak, changed there (reward "Coin") after this machine
    /// kept an edit of it (details "In the hollow"); a form opening on it.
    private final class Conflict {
        let live: PostgresStore
        let form: ClubFormHarness
        let theirs: StoredCache

        init() throws {
            let url = try PostgresTestServer.shared().makeDatabase()
            let live = try PostgresStore(url: url)
            self.live = live
            let original = try live.add(Samples.oak)
            var mine = original.cache
            mine.details = "In the hollow"
            var theirs = original.cache
            theirs.reward = "Coin"
            var changed: StoredCache?
            form = try ClubFormHarness(url: url) { files in
                try Outbox(files: files).queueEdit(of: original.cache, to: mine)
                changed = try live.update(original, to: theirs)
            }
            self.theirs = try #require(changed)
        }
    }

    @Test func aConflictingKeptEditOpensTheEditOfTheClubsVersionShowingEachDifferingFieldThreeWays() throws {
        let conflict = try Conflict()
        let form = conflict.form
        #expect(form.controller.mode.editSession?.conflict == conflict.theirs)
        #expect(form.screen.contains("was changed in another session while you edited it"))
        #expect(form.screen.contains("Details base:   Behind the tree"))
        #expect(form.screen.contains("        stored: unchanged"))
        #expect(form.screen.contains("        yours:  In the hollow"))
        #expect(form.screen.contains("Reward  base:   Travel bug"))
        #expect(form.screen.contains("        stored: Coin"))
        #expect(form.screen.contains("        yours:  unchanged"))
        #expect(!form.screen.contains("Title   base:"))
        #expect(form.status.contains("Changed elsewhere"))
        #expect(form.model.waitingChanges == 1)
    }

    @Test func aConflictLeftForSyncWithEscapeIsNotOpenedAgainByALaterDelivery() throws {
        let conflict = try Conflict()
        let form = conflict.form
        form.press(.escape)
        try form.model.deliverOutbox()
        form.redraw()
        #expect(form.controller.mode.editSession == nil)
        #expect(form.model.waitingChanges == 1)
    }

    @Test func aConflictDeliveredWhileTextIsTypedIsSaidNotOpenedUnderIt() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let live = try PostgresStore(url: url)
        let original = try live.add(Samples.oak)
        let form = try ClubFormHarness(url: url)
        var mine = original.cache
        mine.details = "In the hollow"
        var theirs = original.cache
        theirs.reward = "Coin"
        try Outbox(files: form.files).queueEdit(of: original.cache, to: mine)
        _ = try live.update(original, to: theirs)
        form.type("Typed meanwhile")
        try form.model.deliverOutbox()
        form.redraw()
        #expect(form.controller.mode.editSession == nil)
        #expect(form.fieldTexts.first == "Typed meanwhile")
        #expect(form.status.contains("your change stays on this machine"), "\(form.status)")
    }

    @Test func theFieldsHoldTheKeptChangeAppliedToTheClubsVersion() throws {
        let conflict = try Conflict()
        #expect(conflict.form.fieldTexts == ["Old Oak", "In the hollow", "ana", "Coin"])
    }

    @Test func savingWritesTheKeptTextOverTheClubsVersionAndSettlesTheKeptChange() throws {
        let conflict = try Conflict()
        conflict.form.press(.control("s"))
        #expect(conflict.form.status.contains(FormText.savedOverTheOtherVersion))
        let stored = try #require(try conflict.live.loadCaches().first)
        #expect(stored.details == "In the hollow")
        #expect(conflict.form.model.waitingChanges == 0)
    }

    @Test func savingOverTheClubsVersionKeepsItsChangeToAFieldTheKeptEditDidNotTouch() throws {
        let conflict = try Conflict()
        conflict.form.press(.control("s"))
        let stored = try #require(try conflict.live.loadCaches().first)
        #expect(stored.reward == "Coin")
    }

    @Test func savingOverTheClubsVersionKeepsThePlaceTheKeptEditSet() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let live = try PostgresStore(url: url)
        let original = try live.add(Samples.oak)
        let moved = Coordinate(latitude: 47.5, longitude: 8.25)
        let form = try ClubFormHarness(url: url) { files in
            var mine = original.cache
            mine.coordinate = moved
            try Outbox(files: files).queueEdit(of: original.cache, to: mine)
            var theirs = original.cache
            theirs.reward = "Coin"
            _ = try live.update(original, to: theirs)
        }
        form.press(.control("s"))
        let stored = try #require(try live.loadCaches().first)
        #expect(stored.coordinate == moved)
        #expect(stored.reward == "Coin")
    }

    @Test func takingTheClubsVersionDropsTheKeptChange() throws {
        let conflict = try Conflict()
        conflict.form.press(.function(5))
        #expect(conflict.form.fieldTexts == ["Old Oak", "Behind the tree", "ana", "Coin"])
        #expect(conflict.form.model.waitingChanges == 0)
        #expect(try conflict.live.loadCaches().map(\.reward) == ["Coin"])
    }

    @Test func cancellingLeavesTheKeptChangeForSync() throws {
        let conflict = try Conflict()
        conflict.form.press(.escape)
        #expect(conflict.form.controller.mode.editSession == nil)
        #expect(conflict.form.model.waitingChanges == 1)
    }

    @Test("after Esc leaves the conflict for sync, a new edit of that cache is refused, not sent ahead of the kept one")
    func aNewEditOfTheCacheInConflictIsRefused() throws {
        let conflict = try Conflict()
        let form = conflict.form
        form.press(.escape)
        form.press(.function(4))
        form.type(" again")
        form.press(.control("s"))
        #expect(form.screen.contains("waits for you (in conflict,"), "\(form.screen)")
        #expect(form.model.waitingChanges == 1)
        #expect(try conflict.live.loadCaches().map(\.title) == [Samples.oak.title])
    }

    @Test func cancellingSaysThatTheKeptChangeStaysOnThisMachine() throws {
        let conflict = try Conflict()
        conflict.form.press(.escape)
        #expect(conflict.form.controller.statusBar.note == FormText.editCancelledKeptChangeStays)
    }

    @Test("F5 delivers a change kept meanwhile and shows the conflict it meets, three ways, not 'Reloaded'")
    func reloadShowsTheConflictOfWhatItDelivers() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let live = try PostgresStore(url: url)
        let original = try live.add(Samples.oak)
        var files: FieldFiles?
        let form = try ClubFormHarness(url: url) { files = $0 }
        // Kept by a command while the server was away, then the club changed the cache.
        var mine = original.cache
        mine.details = "In the hollow"
        try Outbox(files: try #require(files)).queueEdit(of: original.cache, to: mine)
        var theirs = original.cache
        theirs.reward = "Coin"
        _ = try live.update(original, to: theirs)
        form.press(.function(5))
        #expect(form.controller.mode.editSession?.conflict != nil)
        #expect(form.screen.contains("        yours:  In the hollow"), "\(form.screen)")
        #expect(form.status.contains("Changed elsewhere"), "\(form.status)")
        #expect(form.model.waitingChanges == 1)
    }

    @Test func aFormThatOpensOnTheClubStoreSaysWhatItDelivered() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let form = try ClubFormHarness(url: url) { files in
            let outbox = try Outbox(files: files)
            try outbox.queueAdd(Samples.mill)
            try outbox.queueAdd(Samples.bridge)
        }
        #expect(form.status.contains("Delivered 2 changes kept on this machine"))
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Mill", "Bridge"])
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }

    @Test func aKeptChangeToACacheDeletedOnTheClubStoreIsSaidAndStaysKept() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let live = try PostgresStore(url: url)
        let original = try live.add(Samples.oak)
        let form = try ClubFormHarness(url: url) { files in
            var mine = original.cache
            mine.details = "In the hollow"
            try Outbox(files: files).queueEdit(of: original.cache, to: mine)
            _ = try live.delete(original)
        }
        #expect(form.status.contains("was deleted on the club store meanwhile"))
        #expect(form.model.waitingChanges == 1)
    }
}
