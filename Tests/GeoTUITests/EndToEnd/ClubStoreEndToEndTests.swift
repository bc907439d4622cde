import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux on a PostgreSQL store: forms on one database see each
/// other's changes as they are committed, a form outlives its server (keeping an Add on
/// this machine meanwhile), and a server that does not answer shows the form opening,
/// then an empty form that says this machine holds no copy.
@Suite(.serialized) struct ClubStoreEndToEndTests {
    @Test func anAddInOneFormShowsInAnotherAndACommandLineAddInBoth() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let first = try TmuxSession.app(storeArgument: url)
        let second = try TmuxSession.app(storeArgument: url)
        try first.typeFields(["Shared oak", "Behind the tree", "ana", "Coin"])
        try first.send("C-s")
        try first.waitFor("Cache 1 of 1")
        try second.waitFor("Cache 1 of 1")
        #expect(try TmuxSession.runBinary(["add", "--store", url, "--title", "From a script", "--details", "d",
                             "--creator", "bo", "--reward", "r"]) == 0)
        try first.waitFor("Cache 1 of 2")
        try second.waitFor("Cache 1 of 2")
        try first.quitApp()
        try second.quitApp()
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Shared oak", "From a script"])
    }

    @Test func aStoppedServerLeavesTheFormUpKeepingTheAddOnThisMachineUntilItReconnectsByItself() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        let machine = try TemporaryDirectory()
        defer { machine.remove() }
        let session = try TmuxSession(command: TmuxSession.appCommand(storeArgument: url), width: 100,
                                      environment: ["LANG": "C.UTF-8", "XDG_DATA_HOME": machine.url.path])
        try session.waitFor("No caches yet")
        try server.stop()
        try session.typeFields(["While away", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("Kept on this machine: 1 change waiting for the club store")
        try server.start()
        try session.waitFor("Delivered 1 change kept on this machine", timeout: 10)
        #expect(try TmuxSession.runBinary(["add", "--store", url, "--title", "Meanwhile", "--details", "d",
                             "--creator", "c", "--reward", "r"]) == 0)
        try session.waitFor("Cache 1 of 2")
        try session.quitApp()
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["While away", "Meanwhile"])
    }

    @Test func aServerThatDoesNotAnswerShowsTheFormOpeningThenAnEmptyFormThatSaysThereIsNoCopy() throws {
        // A port that accepts connections (the kernel completes them for the backlog)
        // and never answers: libpq waits for the server's first message until its
        // connect timeout.
        let listener = try SilentListener()
        let url = "postgresql://geo@127.0.0.1:\(listener.port)/club?connect_timeout=2"
        let machine = try TemporaryDirectory()
        defer { machine.remove() }
        let session = try TmuxSession(command: TmuxSession.appCommand(storeArgument: url), width: 140,
                                      environment: ["LANG": "C.UTF-8", "XDG_DATA_HOME": machine.url.path])
        try session.waitFor("the form opening the store") { screen in
            screen.contains("Opening\u{2026}") && screen.contains("club on 127.0.0.1:\(listener.port)")
                && screen.contains("^Q Quit")
        }
        try session.waitFor("club store away; no copy on this machine: run geocache-tui sync", timeout: 15)
        try session.send("C-q")
        try session.waitFor("[exited")
    }
}
