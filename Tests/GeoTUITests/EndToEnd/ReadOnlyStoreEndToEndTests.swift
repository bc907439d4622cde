import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary under tmux on a store whose file its owner may not write: the form
/// shows it, says it is read-only, and refuses what would write.
@Suite(.serialized) final class ReadOnlyStoreEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        try SQLiteStore(url: store).add(GeoCache(title: "Orig 1", details: "d", creator: "c", reward: "r"))
        chmod(store.path, 0o400)
    }

    deinit { directory.remove() }

    @Test func theFormOnAReadOnlyStoreSaysSoInItsTitleAndStatusLines() throws {
        let session = try TmuxSession.app(store: store)
        let screen = try session.waitFor("geocache-tui (read-only)")
        #expect(screen.contains("caches.sqlite is read-only: browse, search, export"), "\(screen)")
        #expect(screen.contains("Orig 1"), "\(screen)")
        try session.quitApp()
    }

    @Test func anAddOnAReadOnlyStoreIsRefusedWithANoteAndNothingIsWritten() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("geocache-tui (read-only)")
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("Read-only store: nothing can be added, changed or deleted")
        try session.send("F8")
        try session.waitFor("Read-only store: nothing can be added, changed or deleted")
        // The fields' text, which no draft can keep here, is printed on the way out.
        try session.send("C-q")
        try session.waitFor("[exited 1]")
        #expect(try SQLiteStore(url: store).loadCaches().map(\.title) == ["Orig 1"])
    }

    @Test("quitting with text no draft could keep prints the text and exits 1, not 0")
    func quittingWithTextThatCouldNotBeKeptExitsOne() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("geocache-tui (read-only)")
        try session.type("precious text")
        try session.send("C-q")
        let screen = try session.waitFor("[exited 1]")
        #expect(screen.contains("could not keep the unsaved fields as a draft"), "\(screen)")
        #expect(screen.contains("precious text"), "\(screen)")
    }
}
