import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// `Outbox.overwrite(_:)` against a real club store: the member's change is applied to
/// the server's version (a three-way merge), never written whole over it.
@Suite struct OutboxOverwriteTests {
    /// Mill on the server, a kept edit of it made by `mine`, then the server's change
    /// `theirs` of the same version; delivered once, so the edit is in conflict.
    private struct Conflict {
        let setup: OutboxDeliveryTests.Setup
        let edit: QueuedChange
        let code: String

        init(mine: (inout GeoCache) -> Void, theirs: (inout GeoCache) -> Void) throws {
            setup = try OutboxDeliveryTests.Setup()
            let mill = try setup.store.add(Samples.mill)
            code = try #require(mill.cache.code)
            var edited = mill.cache
            mine(&edited)
            edit = try setup.outbox.queueEdit(of: mill.cache, to: edited)
            var changed = mill.cache
            theirs(&changed)
            _ = try setup.store.update(mill, to: changed)
            _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        }

        /// The server's version of the cache now.
        func server() throws -> GeoCache {
            try #require(try setup.store.cache(withCode: code)).cache
        }
    }

    @Test func anOverwrittenEditKeepsTheServersChangeToAFieldTheMemberDidNotTouch() throws {
        let conflict = try Conflict(mine: { $0.reward = "Gold coin" }, theirs: { $0.details = "Under the wheel" })
        defer { conflict.setup.home.directory.remove() }
        try conflict.setup.outbox.overwrite(conflict.edit.sequence)
        _ = try OutboxDelivery.deliverWhenFree(conflict.setup.outbox, to: conflict.setup.store)
        let server = try conflict.server()
        #expect(server.details == "Under the wheel")
        #expect(server.reward == "Gold coin")
    }

    @Test func anOverwrittenEditWaitsWithTheMergeMadeFromTheServersVersion() throws {
        let conflict = try Conflict(mine: { $0.reward = "Gold coin" }, theirs: { $0.details = "Under the wheel" })
        defer { conflict.setup.home.directory.remove() }
        let theirs = try conflict.server()
        try conflict.setup.outbox.overwrite(conflict.edit.sequence)
        let waiting = try #require(try conflict.setup.outbox.changes().first)
        #expect(waiting.base == theirs)
        #expect(waiting.cache == theirs.withReward("Gold coin"))
    }

    @Test func anOverwrittenPlaceIsTheMembersAndTheServersFieldsStay() throws {
        let moved = Coordinate(latitude: 47.5, longitude: 8.25)
        let conflict = try Conflict(mine: { $0.coordinate = moved }, theirs: { $0.reward = "Coin" })
        defer { conflict.setup.home.directory.remove() }
        try conflict.setup.outbox.overwrite(conflict.edit.sequence)
        _ = try OutboxDelivery.deliverWhenFree(conflict.setup.outbox, to: conflict.setup.store)
        let server = try conflict.server()
        #expect(server.coordinate == moved)
        #expect(server.reward == "Coin")
    }

    @Test func aLaterEditOfTheSameCacheStartsFromTheOverwrittenOneAndIsDeliveredWithoutAConflict() throws {
        let conflict = try Conflict(mine: { $0.reward = "Gold coin" }, theirs: { $0.details = "Under the wheel" })
        defer { conflict.setup.home.directory.remove() }
        let first = try #require(conflict.edit.cache)
        try conflict.setup.outbox.queueEdit(of: first, to: first.titled("Old Mill"))
        try conflict.setup.outbox.overwrite(conflict.edit.sequence)
        let report = try OutboxDelivery.deliverWhenFree(conflict.setup.outbox, to: conflict.setup.store)
        #expect(report.conflicts.isEmpty)
        #expect(report.delivered.count == 2)
        let server = try conflict.server()
        #expect([server.title, server.details, server.reward] == ["Old Mill", "Under the wheel", "Gold coin"])
    }

    @Test func aKeptDeleteOfACacheTheServerChangedStaysAConflictToDecide() throws {
        let setup = try OutboxDeliveryTests.Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let delete = try setup.outbox.queueDelete(mill.cache)
        _ = try setup.store.update(mill, to: mill.cache.withReward("Coin"))
        let report = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(report.conflicts.map(\.sequence) == [delete.sequence])
        #expect(try setup.store.count() == 1)
        #expect(try setup.outbox.count() == 1)
    }

    @Test func anOverwrittenDeleteOfAChangedCacheDeletesTheServersVersion() throws {
        let setup = try OutboxDeliveryTests.Setup()
        defer { setup.home.directory.remove() }
        let mill = try setup.store.add(Samples.mill)
        let delete = try setup.outbox.queueDelete(mill.cache)
        _ = try setup.store.update(mill, to: mill.cache.withReward("Coin"))
        _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        try setup.outbox.overwrite(delete.sequence)
        _ = try OutboxDelivery.deliverWhenFree(setup.outbox, to: setup.store)
        #expect(try setup.store.count() == 0)
    }
}
