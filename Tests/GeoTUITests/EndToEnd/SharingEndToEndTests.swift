import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux sharing its store with the command line, and a terminal
/// too small to show the form.
@Suite(.serialized) final class SharingEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        let seeded = try SQLiteStore(url: store)
        for number in 1...3 {
            try seeded.add(GeoCache(title: "Orig \(number)", details: "Details \(number)",
                                    creator: "ana", reward: "Reward \(number)"))
        }
    }

    /// The store's directory goes with the test (the app has quit, its tmux server is gone).
    deinit { directory.remove() }

    @Test func aSaveOverAnEditFromTheCommandLineIsRefusedAndSavingAgainKeepsBothChanges() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("C-n")
        try session.waitFor("Cache 2 of 3")
        try session.send("F4")
        try session.waitFor("[ Save ]")
        try session.send("End")
        try session.type(" more")
        try session.waitFor("Orig 2 more")
        #expect(try TmuxSession.runBinary(["edit", "--store", store.path, "--position", "2", "--reward", "Gold coin"]) == 0)
        try session.waitFor("was changed in another session")
        try session.send("C-s")
        try session.waitFor("        stored: Gold coin")
        #expect(try SQLiteStore(url: store).cache(atPosition: 2)?.cache.reward == "Gold coin")
        try session.send("C-s")
        try session.waitFor("Saved over the other session")
        try session.quitApp()
        let saved = try SQLiteStore(url: store).cache(atPosition: 2)?.cache
        #expect(saved?.title == "Orig 2 more" && saved?.reward == "Gold coin")
    }

    @Test func aDeleteQuestionWhoseCacheIsDeletedElsewhereClosesAndDeletesNothing() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("C-n")
        try session.waitFor("Cache 2 of 3")
        try session.send("F8")
        try session.waitFor("Delete \u{201C}Orig 2\u{201D}?")
        #expect(try TmuxSession.runBinary(["delete", "--store", store.path, "--position", "2"]) == 0)
        try session.waitFor("Nothing deleted: ")
        try session.send("y")
        try session.quitApp()
        #expect(try SQLiteStore(url: store).loadCaches().map(\.title) == ["Orig 1", "Orig 3"])
    }

    @Test func aTerminalTooSmallToShowTheFormAddsAndDeletesNothing() throws {
        let session = try TmuxSession.app(store: store)
        try session.resize(width: 20, height: 6)
        try session.waitFor("Terminal too small")
        try session.type("Unseen")
        try session.send("C-s", "F8", "y", "C-n")
        try session.resize(width: 80, height: 24)
        // The move, sent last, shows that the keys before it were read.
        try session.waitFor("Cache 2 of 3")
        #expect(!(try session.screen()).contains("Unseen"))
        try session.quitApp()
        #expect(try SQLiteStore(url: store).count() == 3)
    }

    @Test func aStoreReplacedWhileTheFormRunsIsNotWrittenAndSurvivesTheQuit() throws {
        let other = store.deletingLastPathComponent().appendingPathComponent("other.sqlite")
        do {
            let replacement = try SQLiteStore(url: other)
            try replacement.add(GeoCache(title: "Theirs", details: "d", creator: "c", reward: "r"))
        }
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 3")
        #expect(rename(other.path, store.path) == 0)
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("caches.sqlite was replaced: nothing written. F5 reopens")
        // The fields' text, which no draft can keep in the replaced file, is printed on the way out.
        try session.send("C-q")
        let screen = try session.waitFor("[exited 1]")
        #expect(screen.contains("Title: Mine"), "\(screen)")
        #expect(try SQLiteStore(url: store).loadCaches().map(\.title) == ["Theirs"])
    }

    @Test func aStoreDeletedWhileTheFormRunsKeepsTheTextAndF5StartsANewOne() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 3")
        for suffix in ["", "-wal", "-shm"] { unlink(store.path + suffix) }
        try session.waitFor("caches.sqlite was deleted: nothing written. F5 reopens")
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("F5")
        try session.waitFor("Reopened caches.sqlite")
        try session.send("C-s")
        try session.waitFor("Cache 1 of 1")
        try session.quitApp()
        #expect(try SQLiteStore(url: store).loadCaches().map(\.title) == ["Mine"])
    }
}
