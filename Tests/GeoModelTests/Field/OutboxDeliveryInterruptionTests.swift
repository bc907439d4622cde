import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A pipe the test writes one byte into to give up the store's wait in progress, as a
/// form's ^Q does: the store's interruption answers yes once, when it reads the byte.
final class InterruptionPipe: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw StoreError.serverError(server: "pipe", message: String(cString: strerror(errno))) }
        (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// The interruption to give the store.
    var interruption: StoreInterruption {
        StoreInterruption(descriptors: [readEnd]) { [readEnd] _ in
            var byte: UInt8 = 0
            return read(readEnd, &byte, 1) == 1
        }
    }

    /// Asks the store's wait in progress (or its next) to be given up.
    func interrupt() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}

/// A delivery of kept changes whose wait for the server is given up by the store's
/// owner (^Q, SIGHUP, a key) over a link that stopped passing bytes: it ends there, the
/// changes not delivered stay kept, and the next delivery stores each exactly once.
@Suite struct OutboxDeliveryInterruptionTests {
    /// A form's session on the club store through `relay`, with three kept adds and
    /// the owner's interruption.
    private static func session(through relay: FaultRelay, to url: String, home: FieldHome,
                                interruption: InterruptionPipe) throws -> WriteSession {
        let relayed = relay.url(through: url)
        let store = try PostgresStore(url: relayed, purpose: .command)
        // The schema is made before any fault: the round trips held are the delivery's.
        #expect(try store.count() == 0)
        store.interruption = interruption.interruption
        store.replyWait = 60
        let outbox = try Outbox(files: home.files(relayed))
        for cache in [Samples.oak, Samples.bridge, Samples.mill] { try outbox.queueAdd(cache) }
        return WriteSession(store: store, location: .server(relayed), files: home.files(relayed))
    }

    @Test("a wait given up during a delivery ends it: nothing more is sent, and the changes not delivered stay kept")
    func aWaitGivenUpEndsTheDelivery() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let relay = try FaultRelay(to: server.port)
        let home = try FieldHome()
        defer { home.directory.remove() }
        let interruption = try InterruptionPipe()
        let session = try Self.session(through: relay, to: url, home: home, interruption: interruption)
        let outbox = try session.outbox()
        try relay.stall()
        let delivery = Background { try session.deliverWaiting() }
        #expect(waitUntil(timeout: .seconds(60)) { (try? outbox.changes().first?.mayBeStored) == true })
        interruption.interrupt()
        // The link passes bytes again at once: a delivery that went on would deliver all.
        try relay.resume()
        let summary = try #require(try delivery.wait(seconds: 60)?.get())
        #expect(summary.report.delivered.isEmpty)
        #expect(summary.report.stoppedBy?.meansTheServerIsAway == true)
        #expect(summary.waiting == 3)
    }

    @Test("changes left by a delivery whose wait was given up are each delivered exactly once by the next")
    func theRestIsDeliveredOnceByTheNext() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let relay = try FaultRelay(to: server.port)
        let home = try FieldHome()
        defer { home.directory.remove() }
        let interruption = try InterruptionPipe()
        let session = try Self.session(through: relay, to: url, home: home, interruption: interruption)
        try relay.stall()
        let delivery = Background { try session.deliverWaiting() }
        #expect(waitUntil(timeout: .seconds(60)) { (try? session.outbox().changes().first?.mayBeStored) == true })
        interruption.interrupt()
        _ = try delivery.wait(seconds: 60)?.get()
        try relay.resume()
        // The next tries, as the form's next checks make them, until nothing waits.
        #expect(try waitUntil(timeout: .seconds(60), polling: .milliseconds(100)) {
            _ = try session.deliverWaiting()
            return try session.waitingCount() == 0
        })
        #expect(try PostgresStore(url: url, purpose: .command).loadCaches().map(\.title) == ["Old Oak", "Bridge", "Mill"])
    }

    @Test("a change whose COMMIT reached the server before its wait was given up is settled by its identifier, never sent twice")
    func aCommitGivenUpIsSettledNotSentAgain() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let relay = try FaultRelay(to: server.port)
        let home = try FieldHome()
        defer { home.directory.remove() }
        let interruption = try InterruptionPipe()
        let session = try Self.session(through: relay, to: url, home: home, interruption: interruption)
        try relay.arm(.dropRepliesAfterCommit)
        let delivery = Background { try session.deliverWaiting() }
        #expect(waitUntil(timeout: .seconds(60)) { relay.hasFired(.dropRepliesAfterCommit) })
        // The COMMIT is on the server before the wait for its lost reply is given up: the
        // relay may hold it a while after it saw it (a loaded machine).
        let direct = try PostgresStore(url: url, purpose: .command)
        #expect(waitUntil(timeout: .seconds(60)) { (try? direct.loadCaches().map(\.title)) == ["Old Oak"] })
        interruption.interrupt()
        let given = try #require(try delivery.wait(seconds: 60)?.get())
        // Stored on the server, not known here: kept, with the two after it.
        #expect(given.report.delivered.isEmpty)
        #expect(given.waiting == 3)
        #expect(try waitUntil(timeout: .seconds(60), polling: .milliseconds(100)) {
            _ = try session.deliverWaiting()
            return try session.waitingCount() == 0
        })
        #expect(try direct.loadCaches().map(\.title) == ["Old Oak", "Bridge", "Mill"])
    }

    @Test("a store a delivery opens again after its connection broke keeps the waits its owner gave it")
    func aStoreOpenedAgainKeepsTheOwnersWaits() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let store = try PostgresStore(url: url)
        let interruption = try InterruptionPipe()
        store.interruption = interruption.interruption
        store.lockWait = 7
        store.replyWait = 9
        try Outbox(files: home.files(url)).queueAdd(Samples.oak)
        let session = WriteSession(store: store, location: .server(url), files: home.files(url))
        // The server ends the store's connection (a restart, an admin's pg_terminate_backend).
        let admin = try PostgresConnection(url)
        let mine = try #require(try store.connection?.query("SELECT pg_backend_pid()").rows.first?.int(0))
        try admin.query("SELECT pg_terminate_backend($1::int)", [.int(mine)])
        let summary = try #require(try session.deliverWaiting())
        #expect(summary.report.delivered.map(\.title) == ["Old Oak"])
        let again = try #require(session.store)
        #expect(again !== store)
        #expect(again.interruption != nil)
        #expect(again.lockWait == 7)
        #expect(again.replyWait == 9)
    }
}
