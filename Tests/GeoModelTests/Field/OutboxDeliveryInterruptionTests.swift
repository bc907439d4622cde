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
    /// A form's session on a club store through a relay, with three kept adds and the
    /// owner's interruption.
    private final class InterruptedDelivery {
        let club: ClubWithKeptAdds
        let interruption: InterruptionPipe
        let session: WriteSession

        init() throws {
            club = try ClubWithKeptAdds(keeping: [Samples.oak, Samples.bridge, Samples.mill])
            interruption = try InterruptionPipe()
            let store = try PostgresStore(url: club.relayed, purpose: .command)
            store.interruption = interruption.interruption
            store.replyWait = 60
            session = WriteSession(store: store, location: .server(club.relayed), files: club.files)
        }

        /// Starts the delivery, waits until `reached` says it is where the test wants it,
        /// gives its wait up, runs `then` at once, and returns what the delivery came to.
        func deliverGivingUp(when reached: () -> Bool,
                             then: () throws -> Void = {}) throws -> WriteSession.DeliverySummary? {
            let session = session
            let delivery = Background { try session.deliverWaiting() }
            let reachedInTime = waitUntil(timeout: .seconds(60), reached)
            #expect(reachedInTime, "the delivery did not get there")
            interruption.interrupt()
            try then()
            return try delivery.wait(seconds: 60)?.get() ?? nil
        }

        /// The next tries, as the form's next checks make them, until nothing waits.
        func deliverTheRest() throws -> Bool {
            try waitUntil(timeout: .seconds(60), polling: .milliseconds(100)) {
                _ = try session.deliverWaiting()
                return try session.waitingCount() == 0
            }
        }
    }

    @Test("a wait given up during a delivery ends it: nothing more is sent, and the changes not delivered stay kept")
    func aWaitGivenUpEndsTheDelivery() throws {
        let held = try InterruptedDelivery()
        try held.club.relay.stall()
        // The link passes bytes again as soon as the wait is given up: a delivery that
        // went on would deliver all.
        let summary = try #require(try held.deliverGivingUp(when: { held.club.firstChangeIsBeingSent },
                                                            then: { try held.club.relay.resume() }))
        #expect(summary.report.delivered.isEmpty)
        #expect(summary.report.stoppedBy?.meansTheServerIsAway == true)
        #expect(summary.waiting == 3)
    }

    @Test("changes left by a delivery whose wait was given up are each delivered exactly once by the next")
    func theRestIsDeliveredOnceByTheNext() throws {
        let held = try InterruptedDelivery()
        try held.club.relay.stall()
        _ = try held.deliverGivingUp(when: { held.club.firstChangeIsBeingSent })
        try held.club.relay.resume()
        #expect(try held.deliverTheRest())
        #expect(try held.club.titlesOnTheServer() == ["Old Oak", "Bridge", "Mill"])
    }

    @Test("a change whose COMMIT reached the server before its wait was given up is settled by its identifier, never sent twice")
    func aCommitGivenUpIsSettledNotSentAgain() throws {
        let held = try InterruptedDelivery()
        try held.club.relay.arm(.dropRepliesAfterCommit)
        // The COMMIT is on the server before the wait for its lost reply is given up: the
        // relay may hold it a while after it saw it (a loaded machine).
        let given = try #require(try held.deliverGivingUp(when: {
            held.club.relay.hasFired(.dropRepliesAfterCommit) && (try? held.club.titlesOnTheServer()) == ["Old Oak"]
        }))
        // Stored on the server, not known here: kept, with the two after it.
        #expect(given.report.delivered.isEmpty)
        #expect(given.waiting == 3)
        #expect(try held.deliverTheRest())
        #expect(try held.club.titlesOnTheServer() == ["Old Oak", "Bridge", "Mill"])
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
