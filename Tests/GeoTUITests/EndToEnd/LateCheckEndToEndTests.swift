import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux on a store file copied into place (issue 39): the form
/// shows it before checking it; a sound copy is then used as any store, a damaged one
/// is said, only read, and reported again on quitting with status 1.
@Suite(.serialized) final class LateCheckEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit { directory.remove() }

    @Test func aDamagedCopyIsShownThenSaidDamagedAndQuittingReportsItWithStatusOne() throws {
        let store = try CopiedStore.make(in: directory, damaged: true)
        let before = try Data(contentsOf: store)
        let session = try TmuxSession.app(store: store)
        let screen = try session.waitFor("caches.sqlite is damaged: read-only")
        #expect(screen.contains("geocache-tui (read-only)"), "\(screen)")
        #expect(screen.contains("Store damaged"), "\(screen)")
        #expect(screen.contains("Cache 1 of 300"), "\(screen)")
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("Damaged store: nothing can be added, changed or deleted")
        try session.send("C-q")
        let after = try session.waitFor("[exited 1]")
        #expect(after.contains("is damaged (SQLite's quick_check"), "\(after)")
        #expect(try Data(contentsOf: store) == before)
    }

    @Test func aSoundCopyIsCheckedAfterTheFirstFrameAndThenWrittenAsAnyStore() throws {
        let store = try CopiedStore.make(in: directory, name: "copied.sqlite")
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Cache 1 of 300")
        try session.typeFields(["Mine", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("Cache 301 of 301")
        try session.quitApp()
        let reopened = try SQLiteStore(url: store)
        #expect(try reopened.count() == 301)
    }
}
