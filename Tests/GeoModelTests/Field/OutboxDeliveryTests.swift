import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Delivering the outbox to a real club store: in order, exactly once, and a conflict
/// shown and kept, never settled silently.
@Suite struct OutboxDeliveryTests {
    /// A database on the shared test server, its store, and an outbox of its own.
    struct Setup {
        let home: FieldHome
        let store: PostgresStore
        let outbox: Outbox

        init() throws {
            let server = try PostgresTestServer.shared()
            let url = try server.makeDatabase()
            home = try FieldHome()
            store = try PostgresStore(url: url, purpose: .command)
            outbox = try Outbox(files: home.files(url))
        }

        /// The titles the server holds, in stored order.
        func titles() throws -> [String] {
            try store.loadCaches().map(\.title)
        }
    }

    @Test func addsEditsAndDeletesAreDeliveredInOrderExactlyOnce() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let bridge = try setup.store.add(Samples.bridge)
        try setup.outbox.queueAdd(Samples.oak)
        try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("Old Mill"))
        try setup.outbox.queueDelete(bridge.cache)
        try setup.outbox.queueAdd(Samples.numbered(1))
        let queued = try setup.outbox.changes()
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.delivered == queued)
        #expect(report.conflicts.isEmpty && report.held.isEmpty && report.stoppedBy == nil)
        #expect(try setup.titles() == ["Old Mill", "Old Oak", "Cache 1"])
        #expect(try setup.store.cache(withCode: queued[0].code)?.cache == queued[0].cache)
        #expect(try setup.outbox.count() == 0)
        #expect(try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store) == OutboxDelivery.Report())
        #expect(try setup.titles() == ["Old Mill", "Old Oak", "Cache 1"])
    }

    @Test func anEditThenADeleteOfOneCacheMadeFromTheVersionFirstSeenAreDeliveredWithoutAConflict() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("Old Mill"))
        try setup.outbox.queueDelete(mill.cache)
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.conflicts.isEmpty)
        #expect(report.delivered.count == 2)
        #expect(try setup.titles().isEmpty)
    }

    @Test func anEditOfACacheQueuedAsAnAddIsDeliveredAfterIt() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let added = try setup.outbox.queueAdd(Samples.oak)
        try setup.outbox.queueEdit(of: added.cache!, to: added.cache!.titled("Older Oak"))
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.delivered.count == 2)
        #expect(try setup.titles() == ["Older Oak"])
        #expect(try setup.store.cache(withCode: added.code)?.cache.title == "Older Oak")
    }

    @Test func anEditWhoseCacheChangedOnTheServerIsAConflictWithBothVersionsAndHoldsLaterChangesOfIt() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let mine = mill.cache.titled("My Mill")
        let edit = try setup.outbox.queueEdit(of: mill.cache, to: mine)
        let delete = try setup.outbox.queueDelete(mine)
        let oak = try setup.outbox.queueAdd(Samples.oak)
        let theirs = try setup.store.update(mill, to: mill.cache.titled("Their Mill"))
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.conflicts.map(\.sequence) == [edit.sequence])
        #expect(report.conflicts.first?.conflict == .changed(server: theirs))
        #expect(report.conflicts.first?.base == mill.cache)
        #expect(report.conflicts.first?.cache == mine)
        #expect(report.held.map(\.sequence) == [delete.sequence])
        #expect(report.delivered.map(\.sequence) == [oak.sequence])
        #expect(try setup.titles() == ["Their Mill", "Old Oak"])
        #expect(try setup.outbox.changes().map(\.sequence) == [edit.sequence, delete.sequence])
        #expect(try setup.outbox.changes().first?.conflict == .changed(server: theirs))
    }

    @Test func aConflictIsReportedAgainUntilTheMemberDecides() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("My Mill"))
        _ = try setup.store.update(mill, to: mill.cache.titled("Their Mill"))
        let first = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        let second = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(second.conflicts == first.conflicts)
        #expect(first.conflicts.count == 1)
        #expect(try setup.titles() == ["Their Mill"])
    }

    @Test func anEditOfACacheDeletedOnTheServerIsAVanishedConflict() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let change = try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("My Mill"))
        _ = try setup.store.delete(mill)
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.conflicts.map(\.sequence) == [change.sequence])
        #expect(report.conflicts.first?.conflict == .vanished)
        #expect(try setup.outbox.count() == 1)
        #expect(try setup.store.count() == 0)
    }

    @Test("a delete of a cache the server deleted meanwhile is done: delivered, no conflict")
    func aDeleteOfACacheDeletedOnTheServerIsDelivered() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let change = try setup.outbox.queueDelete(mill.cache)
        _ = try setup.store.delete(mill)
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.conflicts.isEmpty)
        #expect(report.delivered.map(\.sequence) == [change.sequence])
        #expect(try setup.outbox.count() == 0)
    }

    @Test func anAddWhoseCodeTheServerHasMeanwhileIsAConflict() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let added = try setup.outbox.queueAdd(Samples.oak)
        var theirs = Samples.bridge
        theirs.code = added.code
        let stored = try setup.store.add(theirs)
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.conflicts.first?.conflict == .changed(server: stored))
        #expect(try setup.titles() == ["Bridge"])
    }

    @Test func anOverwrittenConflictWritesTheMembersVersionOverTheServers() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let edit = try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("My Mill"))
        let theirs = try setup.store.update(mill, to: mill.cache.titled("Their Mill"))
        _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        try setup.outbox.overwrite(edit.sequence)
        let waiting = try setup.outbox.changes()
        #expect(waiting.first?.conflict == nil)
        #expect(waiting.first?.base == theirs.cache)
        #expect(waiting.first?.write != edit.write)
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.delivered.map(\.sequence) == [edit.sequence])
        #expect(try setup.titles() == ["My Mill"])
    }

    @Test func anOverwrittenEditOfAVanishedCacheAddsTheEditedCacheWithItsCode() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let edit = try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("My Mill"))
        _ = try setup.store.delete(mill)
        _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        try setup.outbox.overwrite(edit.sequence)
        #expect(try setup.outbox.changes().first?.kind == .add)
        _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(try setup.store.cache(withCode: edit.code)?.cache.title == "My Mill")
        #expect(try setup.store.count() == 1)
    }

    @Test func aDiscardedConflictIsDroppedAndTheServersVersionStays() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let edit = try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("My Mill"))
        _ = try setup.store.update(mill, to: mill.cache.titled("Their Mill"))
        _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        try setup.outbox.discard(edit.sequence)
        #expect(try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store) == OutboxDelivery.Report())
        #expect(try setup.titles() == ["Their Mill"])
        #expect(try setup.outbox.count() == 0)
    }

    @Test func aDeliveryWhileAnotherProcessDeliversTriesNothing() throws {
        let setup = try Setup()
        defer { setup.home.directory.remove() }
        try setup.outbox.queueAdd(Samples.oak)
        // The lock another process's delivery holds (flock: one per open file).
        let lockPath = setup.outbox.files.directory + "/outbox.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let report = try OutboxDelivery.deliver(setup.outbox, to: setup.store)
        #expect(report.deliveringElsewhere)
        #expect(report.delivered.isEmpty)
        #expect(try setup.store.count() == 0)
        close(descriptor)
        #expect(try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store).delivered.count == 1)
        #expect(try setup.titles() == ["Old Oak"])
    }
}
