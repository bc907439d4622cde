import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form open on the club store whose server goes away during the session, on a
/// machine that holds a copy of the club's caches: the form shows the copy in its place,
/// at the cache it showed, and takes the club store back when it answers.
@Suite struct FormClubGoneAwayTests {
    /// A form on its own server holding Old Oak and Bridge, with a copy of both on this
    /// machine, showing Bridge (after `before` ran), whose server has just stopped and
    /// been seen to.
    private static func formOnCopy(before: (ClubFormHarness) -> Void = { _ in }) throws
        -> (server: PostgresTestServer, url: String, form: ClubFormHarness) {
        let (server, url, live) = try ClubFormHarness.ownServerHoldingOakAndBridge()
        let form = try ClubFormHarness(url: url)
        try ClubCopy(files: form.files).refresh(from: live, area: nil)
        form.press(.control("n"))
        before(form)
        try server.stop()
        form.idle()
        return (server, url, form)
    }

    /// Starts `server` again and ticks the form until it shows the club store.
    private static func bringBack(_ server: PostgresTestServer, to form: ClubFormHarness) throws -> Bool {
        try server.start()
        return waitUntil(timeout: .seconds(30)) {
            form.idle()
            return form.model.clubAway == nil && form.model.waitingChanges == 0
        }
    }

    @Test func theFormSaysItShowsTheCopyAndThatChangesAreKept() throws {
        let (server, _, form) = try Self.formOnCopy()
        defer { server.destroy() }
        #expect(form.title.contains("club store away"))
        #expect(form.status.contains("Showing the copy made just now; changes are kept here"),
                "\(form.status)")
    }

    @Test func theCacheShownStaysShownOnTheCopy() throws {
        let (server, _, form) = try Self.formOnCopy()
        defer { server.destroy() }
        #expect(form.screen.contains("Title:   Bridge"))
        #expect(form.status.hasPrefix(" Cache 2 of 2"), "\(form.status)")
    }

    @Test func nextGoesOnThroughTheCopyWhileTheServerIsAway() throws {
        let (server, _, form) = try Self.formOnCopy()
        defer { server.destroy() }
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Old Oak"))
        #expect(form.status.hasPrefix(" Cache 1 of 2"), "\(form.status)")
    }

    @Test func anEditBegunBeforeTheServerWentAwayIsSavedOnThisMachineThenDelivered() throws {
        let (server, url, form) = try Self.formOnCopy { form in
            form.press(.function(4), .tab, .control("a"), .control("k"))
            form.type("Under the keystone")
        }
        defer { server.destroy() }
        form.press(.control("s"))
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"), "\(form.status)")
        #expect(try Self.bringBack(server, to: form))
        #expect(try PostgresStore(url: url).loadCaches().map(\.details) == ["Behind the tree", "Under the keystone"])
    }

    @Test func whenTheServerAnswersTheFormShowsTheClubStoreAgain() throws {
        let (server, _, form) = try Self.formOnCopy()
        defer { server.destroy() }
        #expect(try Self.bringBack(server, to: form))
        #expect(!form.title.contains("club store away"))
        #expect(form.status.contains("Club store reachable again: showing the club's caches"), "\(form.status)")
    }

    @Test func theCacheShownStaysShownWhenTheServerAnswers() throws {
        let (server, _, form) = try Self.formOnCopy()
        defer { server.destroy() }
        #expect(try Self.bringBack(server, to: form))
        #expect(form.screen.contains("Title:   Bridge"))
        #expect(form.status.hasPrefix(" Cache 2 of 2"), "\(form.status)")
    }

    @Test func aCopyFoundDamagedAsTheServerGoesAwayIsSaidToBeSetAside() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        let live = try PostgresStore(url: url)
        try live.add(Samples.oak)
        let form = try ClubFormHarness(url: url)
        try ClubCopy(files: form.files).refresh(from: live, area: nil)
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: form.files.copyPath))
        try server.stop()
        form.idle()
        form.idle()
        #expect(form.status.contains("The copy on this machine was damaged"), "\(form.status)")
    }

    @Test func aDeleteQuestionAboutACacheTheCopyLacksClosesWhenTheCopyIsShown() throws {
        let (server, _, form) = try Self.formOnCopy { form in
            try? PostgresStore(url: form.url).add(Samples.mill)
            _ = waitUntil(timeout: .seconds(10)) {
                form.idle()
                return form.status.contains("of 3")
            }
            form.press(.control("n"), .function(8))
        }
        defer { server.destroy() }
        #expect(form.status.contains("Closed. Nothing deleted: \u{201C}Mill\u{201D} is not the cache shown now"),
                "\(form.status)")
        form.press(.character("y"))
        #expect(try form.model.queuedChanges().isEmpty)
    }

    @Test func aVisitPromptAboutACacheTheCopyLacksKeepsItsTextAndSaysWhoseItIs() throws {
        let (server, _, form) = try Self.formOnCopy { form in
            var mill = Samples.mill
            mill.code = "GC1MIL"
            try? PostgresStore(url: form.url).add(mill)
            _ = waitUntil(timeout: .seconds(10)) {
                form.idle()
                return form.status.contains("of 3")
            }
            form.press(.control("n"), .alt("l"))
            form.type("half typed")
        }
        defer { server.destroy() }
        #expect(form.controller.statusBar.note == "\u{201C}Mill\u{201D} is not the cache shown now; Enter records under GC1MIL")
        guard case .recording = form.controller.mode else {
            Issue.record("the prompt closed: \(form.controller.mode)")
            return
        }
    }

    @Test func theHelpBarOnTheCopyLeavesOutTheKeysItRefuses() throws {
        let (server, _, form) = try Self.formOnCopy()
        defer { server.destroy() }
        #expect(!form.controller.helpBar.items.contains { $0.key == Key.function(4).label })
        #expect(!form.controller.helpBar.items.contains { $0.key == Key.function(8).label })
    }
}
