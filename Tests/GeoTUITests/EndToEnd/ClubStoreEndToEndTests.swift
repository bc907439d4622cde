import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux on a PostgreSQL store: forms on one database see each
/// other's changes as they are committed, a form outlives its server, and a server
/// that does not answer shows the form opening until the error.
@Suite(.serialized) struct ClubStoreEndToEndTests {
    @Test func anAddInOneFormShowsInAnotherAndACommandLineAddInBoth() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let first = try TmuxSession.app(storeArgument: url)
        let second = try TmuxSession.app(storeArgument: url)
        try first.typeFields(["Shared oak", "Behind the tree", "ana", "Coin"])
        try first.send("C-s")
        try first.waitFor("Cache 1 of 1")
        try second.waitFor("Cache 1 of 1", timeout: 2)
        #expect(try TmuxSession.runBinary(["add", "--store", url, "--title", "From a script", "--details", "d",
                             "--creator", "bo", "--reward", "r"]) == 0)
        try first.waitFor("Cache 1 of 2", timeout: 2)
        try second.waitFor("Cache 1 of 2", timeout: 2)
        try first.quitApp()
        try second.quitApp()
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Shared oak", "From a script"])
    }

    @Test func aStoppedServerLeavesTheFormUpKeepingTheTextAndItReconnectsByItself() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        let session = try TmuxSession.app(storeArgument: url)
        try server.stop()
        try session.typeFields(["While away", "d", "c", "r"])
        try session.send("C-s")
        // The dialog wraps its message where the server's port and database name put
        // the line end: its words are compared without the box's lines and breaks.
        try session.waitFor("\"nothing was stored\" in the dialog") { screen in
            screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" })
                .joined(separator: " ").contains("nothing was stored")
        }
        try session.waitFor("Your text is still in the fields")
        try session.waitFor("Store unreachable, retrying")
        try server.start()
        #expect(try TmuxSession.runBinary(["add", "--store", url, "--title", "Meanwhile", "--details", "d",
                             "--creator", "c", "--reward", "r"]) == 0)
        try session.waitFor("Store reachable again", timeout: 10)
        try session.waitFor("Cache 1 of 1")
        try session.send("C-s")
        try session.waitFor("Cache 2 of 2")
        try session.quitApp()
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Meanwhile", "While away"])
    }

    @Test func aServerThatDoesNotAnswerShowsTheFormOpeningThenTheErrorOnTheRestoredTerminal() throws {
        // A port that accepts connections (the kernel completes them for the backlog)
        // and never answers: libpq waits for the server's first message until its
        // connect timeout.
        let listener = try SilentListener()
        let url = "postgresql://geo@127.0.0.1:\(listener.port)/club?connect_timeout=2"
        let session = try TmuxSession(command: TmuxSession.appCommand(storeArgument: url),
                                      environment: ["LANG": "C.UTF-8"])
        try session.waitFor("the form opening the store") { screen in
            screen.contains("Opening\u{2026}") && screen.contains("club on 127.0.0.1:\(listener.port)")
                && screen.contains("^Q Quit")
        }
        let screen = try session.waitFor("[exited 1]", timeout: 15)
        #expect(screen.contains("cannot connect to the store on 127.0.0.1:\(listener.port)/club"))
        #expect(!screen.contains("^Q Quit"))
    }
}
