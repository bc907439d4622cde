import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux (issue 26): two forms on one store both quit with unsaved
/// text, one by Ctrl-Q and one hung up, and a third form gets one draft and is told of
/// the other; a draft a running form holds is not given to a second form. On both stores.
@Suite(.serialized) final class DraftEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit { directory.remove() }

    /// The `--store` argument of a new, empty store of `kind`.
    private func newStore(_ kind: StoreKind) throws -> String {
        switch kind {
        case .sqlite: directory.file().path
        case .postgres: try PostgresTestServer.shared().makeDatabase()
        }
    }

    @Test("two forms quit with unsaved text, a third restores one and says the other is kept",
          arguments: StoreKind.allCases)
    func twoFormsQuitAndAThirdGetsOneAndIsToldOfTheOther(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        let first = try TmuxSession.app(storeArgument: store)
        let second = try TmuxSession.app(storeArgument: store)
        try first.type("Typed in the first form")
        try first.waitFor("Typed in the first form")
        try second.type("Typed in the second form")
        try second.waitFor("Typed in the second form")
        // The form opened second quits first, by Ctrl-Q; the other hangs up.
        try second.quitApp()
        let pid = try #require(try first.programPID())
        kill(pid, SIGHUP)
        try first.waitFor("[exited")

        let third = try TmuxSession.app(storeArgument: store)
        try third.waitFor("Draft restored; 1 more kept: ^Y for the next")
        try third.waitFor("Typed in the first form")
        try third.send("C-y")
        try third.waitFor("Typed in the second form")
        try third.quitApp()
    }

    @Test("a draft a running form restored is not restored in a second form", arguments: StoreKind.allCases)
    func aRunningFormsDraftIsNotRestoredTwice(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        let writer = try TmuxSession.app(storeArgument: store)
        try writer.type("Only one draft")
        try writer.waitFor("Only one draft")
        try writer.quitApp()

        let holder = try TmuxSession.app(storeArgument: store)
        try holder.waitFor("Draft restored")
        let second = try TmuxSession.app(storeArgument: store)
        #expect(try !second.screen().contains("Only one draft"))
        try second.quitApp()
        try holder.quitApp()
    }

    @Test("an edit in progress when the terminal hangs up comes back as that edit, and Ctrl-S saves it over the cache",
          arguments: StoreKind.allCases)
    func anEditComesBackAsThatEdit(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        try StoreLocation(store).open().add(GeoCache(title: "Old Oak", details: "Behind the tree",
                                                     creator: "ana", reward: "Coin"))
        let editing = try TmuxSession.app(storeArgument: store)
        try editing.send("F4")
        try editing.waitFor("[ Save ]")
        try editing.send("C-u")
        try editing.type("Old Oak, renamed")
        try editing.waitFor("Old Oak, renamed")
        kill(try #require(try editing.programPID()), SIGHUP)
        try editing.waitFor("[exited")

        let again = try TmuxSession.app(storeArgument: store)
        try again.waitFor("Edit of \u{201C}Old Oak\u{201D} restored")
        try again.waitFor("[ Save ]")
        try again.send("C-s")
        try again.waitFor("Saved")
        try again.quitApp()
        let stored = try StoreLocation(store).open().loadCaches()
        #expect(stored.map(\.title) == ["Old Oak, renamed"])
    }
}
