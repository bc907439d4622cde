import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary under tmux on a PostgreSQL store reached through a relay: waiting
/// is not being away. ^Q, SIGTERM and a resize are answered while the server does not
/// answer (the URL allows 30 s to connect; each poll below gives at most half of that), and a
/// lock another session holds makes the form wait and say so, not call the store
/// unreachable.
@Suite(.serialized) struct ClubWaitEndToEndTests {
    private var server: PostgresTestServer { get throws { try PostgresTestServer.shared() } }

    /// A form on a fresh database through `relay`, which allows 30 s to connect.
    private func form(through relay: FaultRelay) throws -> (session: TmuxSession, url: String) {
        let url = try server.makeDatabase()
        let session = try TmuxSession.app(storeArgument: relay.url(through: url, parameters: "connect_timeout=30"))
        return (session, url)
    }

    /// Stalls the relay, then asks the form to add a cache: the round trip hangs.
    private func addWhileStalled(_ session: TmuxSession, _ relay: FaultRelay) throws {
        try session.typeFields(["Stalled oak", "d", "c", "r"])
        try session.waitFor("Stalled oak")
        try relay.stall()
        try session.send("C-s")
    }

    @Test func ctrlQQuitsWhileAWriteWaitsOnAServerThatDoesNotAnswer() throws {
        let relay = try FaultRelay(to: try server.port)
        let (session, _) = try form(through: relay)
        try addWhileStalled(session, relay)
        try session.send("C-q")
        let screen = try session.waitFor("[exited", timeout: 15)
        #expect(!screen.contains("^Q Quit"))
    }

    @Test func ctrlQQuitsWithTextTypedWhileTheServerDoesNotAnswerTheDraftsRoundTrip() throws {
        let relay = try FaultRelay(to: try server.port)
        let (session, _) = try form(through: relay)
        try session.type("Unsent text")
        try session.waitFor("Unsent text")
        try relay.stall()
        // Quitting keeps the draft on the server: that round trip is given up.
        try session.send("C-q")
        let screen = try session.waitFor("[exited", timeout: 15)
        #expect(!screen.contains("^Q Quit"))
    }

    @Test func sigtermEndsTheFormWhileAWriteWaitsAndRestoresTheTerminal() throws {
        let relay = try FaultRelay(to: try server.port)
        let (session, _) = try form(through: relay)
        try addWhileStalled(session, relay)
        let pid = try #require(try session.programPID())
        kill(pid, SIGTERM)
        let screen = try session.waitFor("[exited", timeout: 15)
        #expect(!screen.contains("^Q Quit"))
    }

    @Test func aResizeRepaintsWhileAWriteWaits() throws {
        let relay = try FaultRelay(to: try server.port)
        let (session, _) = try form(through: relay)
        try addWhileStalled(session, relay)
        try session.resize(width: 30, height: 8)
        try session.waitFor("Terminal too small", timeout: 15)
        try session.send("C-q")
        try session.waitFor("[exited", timeout: 15)
    }

    @Test func ctrlQQuitsWhileTheStoreIsBeingOpenedFromAServerThatDoesNotAnswer() throws {
        let relay = try FaultRelay(to: try server.port)
        let url = relay.url(through: try server.makeDatabase(), parameters: "connect_timeout=30")
        try relay.stall()
        let session = try TmuxSession(command: TmuxSession.appCommand(storeArgument: url), environment: ["LANG": "C.UTF-8"])
        try session.waitFor("the form opening the store") { $0.contains("Opening\u{2026}") && $0.contains("^Q Quit") }
        try session.send("C-q")
        let screen = try session.waitFor("[exited", timeout: 15)
        #expect(!screen.contains("^Q Quit"))
    }

    @Test func ctrlQQuitsWhileTheStoreConnectsAgainToAServerThatDoesNotAnswer() throws {
        let relay = try FaultRelay(to: try server.port)
        let (session, _) = try form(through: relay)
        try addWhileStalled(session, relay)
        // A resize gives the hung round trip up: the connection is lost, and made again
        // two seconds later through the stalled relay (its connections: the form's, the
        // cancel request, the new attempt).
        try session.resize(width: 100, height: 30)
        try session.waitFor("Store unreachable, retrying", timeout: 15)
        #expect(waitUntil(timeout: .seconds(10), polling: .milliseconds(100)) {
            (try? relay.counts().connections) == 3
        })
        try session.send("C-q")
        try session.waitFor("[exited", timeout: 15)
    }

    @Test func theFormSettlesTheHeldAddAndShowsWhatChangedMeanwhileWhenTheServerAnswersAgain() throws {
        let relay = try FaultRelay(to: try server.port)
        let (session, url) = try form(through: relay)
        try addWhileStalled(session, relay)
        try session.resize(width: 100, height: 30)
        try session.waitFor("Store unreachable, retrying", timeout: 15)
        #expect(try TmuxSession.runBinary(["add", "--store", url, "--title", "Meanwhile", "--details", "d",
                                           "--creator", "c", "--reward", "r"]) == 0)
        try relay.resume()
        // The resize gave the add's round trip up, its bytes held by the relay: they
        // reach the server on resume, before or after the form settles the write's
        // identifier. Either way the form says which, and the store agrees.
        // ("Not known yet whether “Stalled oak” was stored" comes first, and is no answer.)
        let settled = try session.waitFor("the settled add", timeout: 10) {
            $0.contains("“Stalled oak” was not stored") || ($0.contains("“Stalled oak” was stored") && !$0.contains("whether"))
        }
        let stored = !settled.contains("“Stalled oak” was not stored")
        let copies = try PostgresConnection(url).query("SELECT count(*) FROM geocache WHERE title = 'Stalled oak'")
        #expect(copies.rows.first?.int(0) == (stored ? 1 : 0))
        try session.waitFor(stored ? "Cache 2 of 2" : "Cache 1 of 1")
        try session.send("M-<")
        try session.waitFor("Meanwhile")
        try session.quitApp()
    }

    @Test func aLockHeldByAnotherSessionMakesTheFormWaitAndTheCacheIsStoredOnceReleased() throws {
        let url = try server.makeDatabase()
        let session = try TmuxSession.app(storeArgument: url)
        let other = try PostgresConnection(url)
        try other.query("BEGIN")
        try other.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
        try session.typeFields(["Locked oak", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("Waiting for another session")
        let screen = try session.screen()
        #expect(!screen.contains("unreachable"))
        #expect(screen.contains("Locked oak"))
        try other.query("ROLLBACK")
        try session.waitFor("Cache 1 of 1")
        try session.quitApp()
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Locked oak"])
    }

    @Test func typingWhileWaitingForALockChangesTheFieldAndStopsTheWrite() throws {
        let url = try server.makeDatabase()
        let session = try TmuxSession.app(storeArgument: url)
        let other = try PostgresConnection(url + "?application_name=nightly-import")
        try other.query("SELECT pg_advisory_lock(\(0x6765_6F63))")
        try session.typeFields(["Held oak", "d", "c", "r"])
        try session.send("C-s")
        try session.waitFor("nightly-import")
        try session.type("x")
        try session.waitFor("rx")
        try session.waitFor("nothing was stored")
        try other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))")
        try session.quitApp()
        #expect(try PostgresStore(url: url).count() == 0)
    }

    @Test func aReadThatMeetsAnotherSessionsLockSaysSoAndNeverCallsTheServerUnreachable() throws {
        let url = try server.makeDatabase()
        #expect(try TmuxSession.runBinary(["add", "--store", url, "--title", "Old Oak", "--details", "d",
                                           "--creator", "c", "--reward", "r"]) == 0)
        let session = try TmuxSession.app(storeArgument: url)
        try session.waitFor("Cache 1 of 1")
        let other = try PostgresConnection(url)
        try other.query("BEGIN")
        try other.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
        try session.send("F5")
        let screen = try session.waitFor("Another session's change holds the store")
        #expect(!screen.contains("unreachable"))
        try other.query("ROLLBACK")
        try session.send("F5")
        try session.waitFor("Reloaded")
        try session.quitApp()
    }
}
