import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary on a store holding a cache with 48 MB of details: the form shows
/// it and still answers Ctrl-Q (limits are generous: nothing here is a timing).
@Suite(.serialized) final class HugeCacheEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        let seeded = try SQLiteStore(url: store)
        try seeded.add(GeoCache(title: "Huge one", details: String(repeating: "ab ", count: 16_000_000),
                                creator: "ana", reward: "Coin"))
        try seeded.add(GeoCache(title: "Small one", details: "Under the bench", creator: "bo", reward: "Pin"))
    }

    deinit { directory.remove() }

    @Test("A cache with 48 MB of details is shown, and Ctrl-Q quits")
    func showsAHugeCacheAndQuits() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Details: ab ab ab", timeout: 60)
        try session.send("C-n")
        try session.waitFor("Title:   Small one", timeout: 60)
        try session.send("C-p")
        try session.waitFor("Title:   Huge one", timeout: 60)
        try session.send("C-q")
        try session.waitFor("[exited 0]", timeout: 60)
    }

    @Test("Ctrl-Q sent as soon as the form appears quits, even while the huge cache is still being read")
    func quitsWhileTheStoreOpens() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("geocache-tui", timeout: 60)
        try session.send("C-q")
        try session.waitFor("[exited 0]", timeout: 60)
    }

    @Test("SIGTERM sent as soon as the form appears ends it, even while the huge cache is still being read")
    func endsOnSIGTERMWhileTheStoreOpens() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("geocache-tui", timeout: 60)
        let pid = try #require(try session.programPID())
        kill(pid, SIGTERM)
        try session.waitFor("[exited 0]", timeout: 60)
    }

    @Test("A resize while a cache with 48 MB of details is shown lays the form out again at once")
    func resizesWhileAHugeCacheIsShown() throws {
        let session = try TmuxSession.app(store: store)
        try session.waitFor("Details: ab ab ab", timeout: 60)
        try session.resize(width: 50, height: 20)
        try session.waitFor("the pane 50 columns wide", timeout: 60) { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("┌ Cache ") && $0.count == 50 }
        }
        try session.send("C-q")
        try session.waitFor("[exited 0]", timeout: 60)
    }
}
