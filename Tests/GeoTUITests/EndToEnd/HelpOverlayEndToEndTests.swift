import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The help overlay in the real binary under tmux: F1 and `?` open it over the form,
/// it scrolls, Esc and F1 close it and the form is back as it was.
@Suite(.serialized) final class HelpOverlayEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        try SQLiteStore(url: store).add(GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana",
                                                 reward: "Coin"))
    }

    /// The store's directory goes with the test (the app has quit, its tmux server is gone).
    deinit { directory.remove() }

    @Test func f1OpensTheHelpItScrollsAndEscapeClosesIt() throws {
        let session = try TmuxSession.app(store: store)
        try session.type("draft")
        try session.send("F1")
        try session.waitFor("Help: browsing")
        try session.waitFor("Add the fields as a new cache")
        try session.waitFor("▼ more")
        try session.send("End")
        try session.waitFor("Esc or F1 closes this help")
        try session.send("Escape")
        try session.waitFor("closed") { !$0.contains("Help: browsing") && $0.contains("Title:   Old Oak") }
        try session.waitFor("Title   [draft")
        try session.quitApp()
    }

    @Test func aQuestionMarkOnAButtonOpensTheHelpAndF1ClosesIt() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("F4")
        try session.waitFor("[ Save ]")
        try session.send("BTab")
        try session.type("?")
        try session.waitFor("Help: editing a cache")
        try session.waitFor("Save the edit")
        try session.send("F1")
        try session.waitFor("closed") { !$0.contains("Help: editing") && $0.contains("[ Save ]") }
        try session.send("Escape")
        try session.waitFor("[ Add ]")
        try session.quitApp()
    }
}
