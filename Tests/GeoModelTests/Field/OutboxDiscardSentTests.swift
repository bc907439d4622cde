import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Giving up a change whose reply was lost (sent, outcome not known): looked up on the
/// club store first, never said dropped while the server may hold it.
@Suite struct OutboxDiscardSentTests {
    /// A database on the shared test server, its store, and an outbox holding an add of
    /// Old Oak marked as being sent.
    struct Setup {
        let delivery: OutboxDeliveryTests.Setup
        let change: QueuedChange
        var home: FieldHome { delivery.home }
        var store: PostgresStore { delivery.store }
        var outbox: Outbox { delivery.outbox }

        init() throws {
            delivery = try OutboxDeliveryTests.Setup()
            change = try delivery.outbox.queueAdd(Samples.oak)
            try delivery.outbox.markSending(change.sequence)
        }
    }

    @Test("discarding a change sent whose reply was lost, found stored on the server, settles it and says so")
    func aSentChangeFoundStoredIsSettledNotDropped() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        _ = try setup.store.append(try #require(setup.change.cache), as: setup.change.write)
        #expect(throws: OutboxError.storedMeanwhile(setup.change.sequence)) {
            try setup.outbox.discard(setup.change.sequence, settling: { try setup.store.settleWrite($0) })
        }
        #expect(try setup.outbox.count() == 0)
        #expect(try setup.store.loadCaches().map(\.title) == ["Old Oak"])
    }

    @Test("discarding a change sent whose reply was lost, found not stored, drops it and it can never be stored")
    func aSentChangeFoundNotStoredIsDropped() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        try setup.outbox.discard(setup.change.sequence, settling: { try setup.store.settleWrite($0) })
        #expect(try setup.outbox.count() == 0)
        #expect(try setup.store.settleWrite(setup.change.write) == .notStored)
    }

    @Test("discarding a change whose reply was lost while the server cannot be asked leaves it, outcome not known")
    func aSentChangeIsLeftWhileTheServerCannotBeAsked() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        #expect(throws: OutboxError.outcomeNotKnown(setup.change.sequence)) {
            try setup.outbox.discard(setup.change.sequence)
        }
        #expect(throws: OutboxError.outcomeNotKnown(setup.change.sequence)) {
            try setup.outbox.discard(setup.change.sequence, settling: { _ in
                throw StoreError.outcomeUnknown(server: "club", reason: "no answer")
            })
        }
        #expect(try setup.outbox.changes().map(\.sequence) == [setup.change.sequence])
    }
}
