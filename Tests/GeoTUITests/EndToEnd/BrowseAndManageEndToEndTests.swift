import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Browsing and managing caches in the real binary under tmux: navigate, edit and
/// save, edit and cancel, delete with No then Yes, search with a diacritic, and every
/// change still there after a restart.
@Suite(.serialized) final class BrowseAndManageEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        let seeded = try SQLiteStore(url: store)
        for (title, details) in [("Old Oak", "Behind the tree"), ("Zürich lake", "Under the pier"),
                                 ("River Bend", "Near the bridge")] {
            try seeded.add(GeoCache(title: title, details: details, creator: "ana", reward: "Coin"))
        }
    }

    /// The store's directory goes with the test (the app has quit, its tmux server is gone).
    deinit { directory.remove() }

    private func titles() throws -> [String] {
        try SQLiteStore(url: store).loadCaches().map(\.title)
    }

    @Test func navigatesWithPreviousFirstLastAndTheButtons() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 3")
        try session.send("C-p")
        try session.waitFor("Title:   River Bend")
        try session.send("M-<")
        try session.waitFor("Title:   Old Oak")
        try session.send("M->")
        try session.waitFor("Cache 3 of 3")
        // Shift-Tab from Title reaches Next, then Previous; Enter presses it.
        try session.send("BTab", "BTab", "Enter")
        try session.waitFor("Cache 2 of 3")
        try session.send("C-r")
        try session.waitFor("a random other cache") { !$0.contains("Cache 2 of 3") && $0.contains(" of 3") }
        try session.quitApp()
    }

    @Test func editAndSaveSurvivesARestart() throws {
        let session = try TmuxSession.app(store: store)
        try session.type("my draft")
        try session.send("F4")
        try session.waitFor("[ Save ]")
        try session.waitFor("Title   [Old Oak")
        try session.send("C-u")
        try session.type("Old Oak (moved)")
        try session.send("C-s")
        try session.waitFor("Title:   Old Oak (moved)")
        try session.waitFor("Title   [my draft")
        try session.quitApp()
        #expect(try titles() == ["Old Oak (moved)", "Zürich lake", "River Bend"])

        let again = try TmuxSession.app(store: store)
        try again.waitFor("Title:   Old Oak (moved)")
        try again.quitApp()
    }

    @Test func editAndCancelRestoresTheFieldsAndChangesNothing() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("F4")
        try session.waitFor("[ Save ]")
        try session.send("C-u")
        try session.type("Not kept")
        try session.send("Escape")
        try session.waitFor("[ Add ]")
        let screen = try session.screen()
        #expect(!screen.contains("Not kept"))
        try session.quitApp()
        #expect(try titles() == ["Old Oak", "Zürich lake", "River Bend"])
    }

    @Test func deleteWithNoThenYes() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("F8")
        try session.waitFor("Delete \u{201C}Old Oak\u{201D}?")
        try session.send("n")
        try session.waitFor("Nothing deleted")
        #expect(try titles().count == 3)
        try session.send("F8")
        try session.waitFor("[ Yes ]")
        try session.send("y")
        try session.waitFor("Cache 1 of 2")
        try session.waitFor("Title:   Zürich lake")
        try session.quitApp()

        let again = try TmuxSession.app(store: store)
        try again.waitFor("Cache 1 of 2")
        try again.quitApp()
        #expect(try titles() == ["Zürich lake", "River Bend"])
    }

    @Test func searchWithoutTheDiacriticFindsItAndEscapeKeepsTheCache() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("C-f")
        try session.waitFor("Find:")
        try session.type("zurich")
        try session.send("Enter")
        try session.waitFor("Match 1 of 1")
        try session.waitFor("Title:   Zürich lake")
        try session.send("Escape")
        try session.waitFor("Cache 2 of 3")
        try session.waitFor("Title:   Zürich lake")
        try session.quitApp()
    }
}
