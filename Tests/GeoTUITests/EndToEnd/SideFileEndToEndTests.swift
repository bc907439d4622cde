import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The store's `-wal` and `-shm` files removed, or another file copied over the store,
/// while a form has the store open, with `add` run beside it: no acknowledged add is
/// lost whatever the order, nothing copied in is damaged, and the form stops writing
/// until F5 reopens the store.
@Suite(.serialized) final class SideFileEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        let seeded = try SQLiteStore(url: store)
        try seeded.add(GeoCache(title: "Orig 1", details: "d", creator: "c", reward: "r"))
    }

    deinit { directory.remove() }

    /// Runs `geocache-tui add` with `title` on the store; true when it exited 0.
    private func addFromTheCommandLine(_ title: String) throws -> Bool {
        try GeocacheTUIBinary.run(["add", "--store", store.path, "--title", title,
                                   "--details", "d", "--creator", "c", "--reward", "r"]).status == 0
    }

    /// The titles `geocache-tui list` prints, one line each.
    private func listedText() throws -> String {
        try GeocacheTUIBinary.run(["list", "--store", store.path]).output
    }

    private func removeSideFiles() {
        for suffix in ["-wal", "-shm"] { unlink(store.path + suffix) }
    }

    /// The titles in the store and SQLite's integrity check, once every process closed it.
    private func storedTitlesAndIntegrity() throws -> ([String], String) {
        let reopened = try SQLiteStore(url: store)
        return (try reopened.loadCaches().map(\.title), try reopened.integrityCheck())
    }

    @Test func anAddAcknowledgedBeforeTheSideFilesAreRemovedIsStillListed() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 1")
        #expect(try addFromTheCommandLine("Before"))
        removeSideFiles()
        #expect(try listedText().contains("Before"))
        try session.quitApp()
        let (titles, integrity) = try storedTitlesAndIntegrity()
        #expect(titles == ["Orig 1", "Before"])
        #expect(integrity == "ok")
    }

    @Test func anAddAcknowledgedAfterTheSideFilesWereRemovedSurvivesTheFormsQuit() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 1")
        #expect(try addFromTheCommandLine("Before"))
        removeSideFiles()
        #expect(try addFromTheCommandLine("After"))
        try session.waitFor("caches.sqlite-wal is gone: nothing written. F5 reopens")
        try session.quitApp()
        let (titles, integrity) = try storedTitlesAndIntegrity()
        #expect(titles == ["Orig 1", "Before", "After"])
        #expect(integrity == "ok")
    }

    @Test func theFormRefusesToWriteOnceItsSideFilesAreRemovedAndF5Reopens() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 1")
        removeSideFiles()
        try session.waitFor("caches.sqlite-wal is gone: nothing written. F5 reopens")
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("caches.sqlite-wal is gone: nothing written. F5 reopens")
        try session.send("F5")
        try session.waitFor("Reopened caches.sqlite")
        try session.send("C-s")
        try session.waitFor("Cache 2 of 2")
        try session.quitApp()
        #expect(try storedTitlesAndIntegrity().0 == ["Orig 1", "Mine"])
    }

    @Test func aFileCopiedOverTheStoreUnderTheFormIsLeftSoundAndF5WritesIntoIt() throws {
        let other = directory.file("other.sqlite")
        try SQLiteStore(url: other).saveCaches([GeoCache(title: "Theirs", details: "d", creator: "c", reward: "r")])
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 1")
        try session.typeFields(["Mine", "d", "c", "r"])
        #expect(try GeocacheTUIBinary.runTool("/bin/cp", [other.path, store.path]).status == 0)
        try session.waitFor("caches.sqlite was copied over: nothing written. F5 reopens")
        try session.send("C-s")
        try session.waitFor("Could not save the cache")
        let listed = try listedText()
        #expect(listed.contains("Theirs") && !listed.contains("Mine"), "list printed: \(listed)")
        try session.send("F5")
        try session.waitFor("Reopened caches.sqlite")
        try session.send("C-s")
        try session.waitFor("Cache 2 of 2")
        try session.quitApp()
        let (titles, integrity) = try storedTitlesAndIntegrity()
        #expect(titles == ["Theirs", "Mine"])
        #expect(integrity == "ok")
    }

    @Test func anAddTheFormMadeBeforeTheSideFilesWereRemovedIsKept() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 1")
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("Cache 2 of 2")
        removeSideFiles()
        #expect(try addFromTheCommandLine("After"))
        #expect(try listedText().contains("Mine"))
        try session.quitApp()
        #expect(try storedTitlesAndIntegrity().0 == ["Orig 1", "Mine", "After"])
    }
}
