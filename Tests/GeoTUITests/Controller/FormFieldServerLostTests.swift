import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form open on the club store whose server goes away during the session: a Save of
/// the edit of the version it holds, or a Delete, is kept on this machine and delivered
/// when the server answers again.
@Suite struct FormFieldServerLostTests {
    /// A form on its own server holding Old Oak and Bridge, showing `shown`, whose
    /// server has just stopped answering.
    private static func formWithServerAway(showing shown: String) throws
        -> (server: PostgresTestServer, url: String, form: ClubFormHarness) {
        let (server, url, _) = try ClubFormHarness.ownServerHoldingOakAndBridge()
        let form = try ClubFormHarness(url: url)
        if shown == Samples.bridge.title { form.press(.control("n")) }
        #expect(form.screen.contains("Title:   \(shown)"))
        try server.stop()
        form.idle()
        #expect(form.status.contains("Store unreachable, retrying; changes are kept on this machine"))
        return (server, url, form)
    }

    /// Starts `server` again and ticks the form until it says it delivered one change.
    private static func deliver(_ server: PostgresTestServer, to form: ClubFormHarness) throws -> Bool {
        try server.start()
        return waitUntil(timeout: .seconds(30)) {
            form.idle()
            return form.status.contains("Delivered 1 change kept on this machine")
        }
    }

    @Test func aSaveWhileTheServerIsAwayIsKeptThenDelivered() throws {
        let (server, url, form) = try Self.formWithServerAway(showing: "Old Oak")
        defer { server.destroy() }
        form.press(.function(4), .tab, .control("a"), .control("k"))
        form.type("In the hollow")
        form.press(.control("s"))
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"))
        #expect(form.controller.mode.editSession == nil)
        #expect(try Self.deliver(server, to: form))
        #expect(try PostgresStore(url: url).loadCaches().map(\.details) == ["In the hollow", "Under the arch"])
    }

    @Test func aDeleteWhoseOutcomeIsUnknownWhenTheFormEndsIsKeptOnThisMachineForDelivery() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        try PostgresStore(url: url).add(Samples.oak)
        let form = try ClubFormHarness(url: url)
        let oak = try #require(form.model.current)
        form.model.writeSession.adopt([PendingWrite(id: WriteID(), action: .delete(oak))])
        form.controller.keepDraft()
        let kept = try Outbox(files: form.files).changes()
        #expect(kept.map(\.kind) == [.delete] && kept.first?.mayBeStored == true, "\(kept)")
        #expect(form.controller.finishProblems.isEmpty, "\(form.controller.finishProblems)")
    }

    @Test func ownDataWhoseOutcomeIsUnknownWhenTheFormEndsIsKeptOnThisMachineForDelivery() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        try PostgresStore(url: url).add(Samples.oak)
        let form = try ClubFormHarness(url: url)
        let code = try #require(form.model.current?.cache.code)
        let noted = OwnData(note: "Behind the stump")
        let action = PendingWrite.Action.setOwnData(code: code, noted, from: OwnData(), overChanges: false)
        let write = PendingWrite(id: WriteID(), action: action)
        form.model.writeSession.adopt([write])
        form.controller.keepDraft()
        let kept = try Outbox(files: form.files).finderChanges()
        #expect(kept.map(\.write) == [write.id] && kept.first?.kind == .own(code: code, noted), "\(kept)")
        #expect(form.controller.finishProblems.isEmpty, "\(form.controller.finishProblems)")
    }

    @Test func nextWhileTheServerIsAwaySaysItIsUnreachableNotThatNoOtherCacheExists() throws {
        let (server, _, form) = try Self.formWithServerAway(showing: "Old Oak")
        defer { server.destroy() }
        form.press(.control("n"))
        #expect(form.status.contains("Store unreachable, retrying"), "\(form.status)")
        #expect(!form.status.contains("No other cache"), "\(form.status)")
    }

    @Test func theNoteThatAChangeWasKeptStaysWhileTheServerIsStillAway() throws {
        let (server, _, form) = try Self.formWithServerAway(showing: "Bridge")
        defer { server.destroy() }
        form.press(.function(8), .character("y"))
        for _ in 0..<3 { form.idle() }
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"), "\(form.status)")
    }

    @Test func aPlaceSetWhileTheServerIsAwayIsSaidToBeKept() throws {
        let (server, _, form) = try Self.formWithServerAway(showing: "Old Oak")
        defer { server.destroy() }
        form.press(.control("g"), .control("u"))
        form.type("N47 10.000 E008 10.000")
        form.press(.enter)
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"), "\(form.status)")
        #expect(try form.model.queuedChanges().map(\.kind) == [.edit])
    }

    @Test func aDeleteWhileTheServerIsAwayIsKeptThenDelivered() throws {
        let (server, url, form) = try Self.formWithServerAway(showing: "Bridge")
        defer { server.destroy() }
        form.press(.function(8), .character("y"))
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"))
        #expect(try form.model.queuedChanges().map(\.kind) == [.delete])
        #expect(try Self.deliver(server, to: form))
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak"])
    }
}

/// A visit logged in a form whose club server stopped during the session: kept on this
/// machine, shown found at once, delivered when the server answers again.
@Suite struct FormFinderServerLostTests {
    @Test func aVisitLoggedWhileTheServerIsAwayIsKeptThenDelivered() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        var oak = Samples.oak
        oak.code = "GC1OAK"
        try PostgresStore(url: url).add(oak)
        let form = try ClubFormHarness(url: url)
        try server.stop()
        form.idle()
        form.press(.alt("l"))
        form.type("logged offline")
        form.press(.enter)
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"))
        #expect(form.screen.contains("Found:   by you on "))
        try server.start()
        let delivered = waitUntil(timeout: .seconds(30)) {
            form.idle()
            return (try? PostgresStore(url: url).visits().count) == 1
        }
        #expect(delivered)
        #expect(try PostgresStore(url: url).visits().map(\.visit.text) == ["logged offline"])
        #expect(form.status.contains("Delivered 1 change kept on this machine"), "\(form.status)")
    }
}
