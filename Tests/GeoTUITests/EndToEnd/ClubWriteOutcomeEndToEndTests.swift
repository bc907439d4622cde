import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux on a club store behind a relay that loses the reply to
/// the form's COMMIT: the form says what is known, settles it, and never stores a
/// second copy.
@Suite(.serialized) struct ClubWriteOutcomeEndToEndTests {
    /// A form on an empty club store behind a relay of its own, Old Oak typed into
    /// its fields; the store's direct URL, the relay and the session.
    private func formWithOldOakTyped() throws -> (url: String, relay: FaultRelay, session: TmuxSession) {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let relay = try FaultRelay(to: server.port)
        let session = try TmuxSession.app(storeArgument: relay.url(through: url))
        try session.waitFor("No caches yet")
        try session.typeFields(["Old Oak", "Behind the tree", "ana", "Coin"])
        return (url, relay, session)
    }

    @Test func anAddWhoseCommitReplyIsLostIsStoredOnceAndSaidToBeAdded() throws {
        let (url, relay, session) = try formWithOldOakTyped()
        try relay.arm(.dropRepliesAfterCommit)
        try session.send("C-s")
        try session.waitFor("Cache 1 of 1", timeout: 20)
        try session.waitFor("Added and saved")
        try session.send("C-s")
        try session.quitApp()
        #expect(relay.hasFired(.dropRepliesAfterCommit))
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak"])
    }

    @Test func anAddOfUnknownOutcomeSaysSoThenSettlesItWhenTheServerAnswers() throws {
        let (url, relay, session) = try formWithOldOakTyped()
        try relay.arm(.dropRepliesAfterCommit)
        try session.send("C-s")
        #expect(waitUntil(timeout: .seconds(20)) { relay.hasFired(.dropRepliesAfterCommit) })
        // The path stops answering before the form can ask what became of its add.
        try relay.stall()
        let unknown = try session.waitFor("Not known yet whether", timeout: 30)
        #expect(!unknown.contains("nothing was stored"))
        // A second ^S of the same text sends the same write again: never a second copy.
        try session.send("C-s")
        try relay.resume()
        try session.waitFor("\u{201C}Old Oak\u{201D} was stored", timeout: 30)
        try session.waitFor("Cache 1 of 1")
        try session.quitApp()
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak"])
    }

    @Test func anAddOfUnknownOutcomeCorrectedAndSentAgainEndsAsOneCacheWithTheCorrection() throws {
        let (url, relay, session) = try formWithOldOakTyped()
        try relay.arm(.dropRepliesAfterCommit)
        try session.send("C-s")
        #expect(waitUntil(timeout: .seconds(20)) { relay.hasFired(.dropRepliesAfterCommit) })
        try relay.stall()
        try session.waitFor("Not known yet whether", timeout: 30)
        // The Reward, where the focus still is, corrected before the outcome is known.
        try session.send("C-u")
        try session.type("Gold coin")
        try relay.resume()
        try session.send("C-s")
        // As a person would: ^S again while the form says it is not known yet, or once it
        // has put the correction in the edit of the stored cache.
        let rewards = { (try? PostgresStore(url: url).loadCaches().map(\.reward)) ?? [] }
        #expect(waitUntil(timeout: .seconds(40), polling: .milliseconds(300)) {
            if rewards() == ["Gold coin"] { return true }
            let screen = (try? session.screen()) ?? ""
            if screen.contains("your correction is in the fields") || screen.contains("Not known yet") {
                try? session.send("C-s")
            }
            return false
        }, "stored: \(rewards())")
        try session.waitFor("Reward:  Gold coin")
        try session.quitApp()
        #expect(rewards() == ["Gold coin"])
    }

    @Test func aSaveWhoseCommitReplyIsLostIsSavedOnceAndSaidToBeSaved() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        try PostgresStore(url: url).add(GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Coin"))
        let relay = try FaultRelay(to: server.port)
        let session = try TmuxSession.app(storeArgument: relay.url(through: url))
        try session.waitFor("Cache 1 of 1")
        try session.send("F4")
        try session.waitFor("Title   [Old Oak")
        try session.send("C-u")
        try session.type("Old Oak (moved)")
        try relay.arm(.dropRepliesAfterCommit)
        try session.send("C-s")
        try session.waitFor("Title:   Old Oak (moved)", timeout: 20)
        try session.waitFor("Saved")
        try session.quitApp()
        #expect(relay.hasFired(.dropRepliesAfterCommit))
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak (moved)"])
    }
}
