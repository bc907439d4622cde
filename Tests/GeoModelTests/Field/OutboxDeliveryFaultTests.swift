import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Delivery cut short (a reply lost after COMMIT, a process killed while sending, the
/// server stopped): nothing is lost and nothing is stored twice.
@Suite struct OutboxDeliveryFaultTests {
    @Test func aDeliveryWhoseReplyWasLostAfterCommitIsNotRepeated() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let direct = try PostgresStore(url: url, purpose: .command)
        let relay = try FaultRelay(to: server.port, delayMilliseconds: 10)
        let store = try PostgresStore(url: relay.url(through: url), purpose: .command)
        store.writeTimeout = 1
        store.settleTimeout = 0.5
        // The schema is made before the fault is armed: the COMMIT it hits is the add's.
        #expect(try store.count() == 0)
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files(url))
        try outbox.queueAdd(Samples.oak)
        try outbox.queueAdd(Samples.bridge)
        try relay.arm(.dropRepliesAfterCommit)
        // The path dies for good at that COMMIT: nothing passes afterwards, so the store
        // cannot ask in time whether it was stored.
        let stalled = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if waitUntil(timeout: .seconds(10), { relay.hasFired(.dropRepliesAfterCommit) }) { try? relay.stall() }
            stalled.signal()
        }
        let cut = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(stalled.wait(timeout: .now() + 15) == .success)
        #expect(cut.stoppedBy?.meansTheServerIsAway == true)
        #expect(cut.delivered.isEmpty)
        #expect(try outbox.count() == 2)
        #expect(try direct.loadCaches().map(\.title) == ["Old Oak"])
        try relay.resume()
        // The next command (a store opened again) delivers the rest; a delivery that
        // meets the server still on its way back stops, nothing lost, and the next goes on.
        let back = try PostgresStore(url: relay.url(through: url), purpose: .command)
        var delivered: [String] = []
        #expect(try waitUntil(timeout: .seconds(20), polling: .milliseconds(200)) {
            delivered += try OutboxDelivery.deliverWhenFree(outbox, to: back).delivered.map(\.title)
            return try outbox.count() == 0
        })
        #expect(delivered == ["Old Oak", "Bridge"])
        #expect(try direct.loadCaches().map(\.title) == ["Old Oak", "Bridge"])
    }

    @Test func aChangeSentByADeliveryThatWasKilledIsSettledAsStoredAndNotSentAgain() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let store = try PostgresStore(url: url, purpose: .command)
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files(url))
        let oak = try outbox.queueAdd(Samples.oak)
        // What a delivery killed right after the server committed leaves behind.
        try outbox.markSending(oak.sequence)
        _ = try store.append(oak.cache!, as: oak.write)
        let report = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(report.delivered.map(\.sequence) == [oak.sequence])
        #expect(report.delivered.map(\.mayBeStored) == [true])
        #expect(try store.loadCaches() == [oak.cache!])
        #expect(try outbox.count() == 0)
    }

    @Test func aChangeMarkedAsSentThatNeverArrivedIsSentUnderANewIdentifier() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let store = try PostgresStore(url: url, purpose: .command)
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files(url))
        let oak = try outbox.queueAdd(Samples.oak)
        try outbox.markSending(oak.sequence)
        let report = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(report.delivered.map(\.sequence) == [oak.sequence])
        #expect(try store.loadCaches() == [oak.cache!])
        #expect(try store.settleWrite(oak.write) == .notStored)
    }

    @Test func aStoppedServerStopsDeliveryAndLosesNothingUntilItIsBack() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url, purpose: .command)
        store.writeTimeout = 1
        store.settleTimeout = 0.5
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files(url))
        try outbox.queueAdd(Samples.oak)
        try outbox.queueAdd(Samples.bridge)
        #expect(try store.count() == 0)  // the schema is made while the server runs
        try server.stop()
        let away = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        let stoppedBy = try #require(away.stoppedBy)
        #expect(stoppedBy.meansTheServerIsAway || { if case .unreachable = stoppedBy { true } else { false } }())
        #expect(away.delivered.isEmpty)
        #expect(try outbox.changes().map(\.title) == ["Old Oak", "Bridge"])
        try server.start()
        // The next command (a store opened again) delivers; one that meets the server
        // still starting stops, nothing lost, and the next one goes on.
        var delivered: [String] = []
        #expect(try waitUntil(timeout: .seconds(15), polling: .milliseconds(200)) {
            guard let back = try? PostgresStore(url: url, purpose: .command) else { return false }
            delivered += try OutboxDelivery.deliverWhenFree(outbox, to: back).delivered.map(\.title)
            return try outbox.count() == 0
        })
        #expect(delivered == ["Old Oak", "Bridge"])
        #expect(try PostgresStore(url: url, purpose: .command).loadCaches().map(\.title) == ["Old Oak", "Bridge"])
    }
}
