import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A ``CacheList`` on a club store whose path stops answering after a write was sent:
/// the write is unknown, a second attempt of it stays unknown (never "nothing was
/// stored"), and the list settles it as soon as the server answers, broadcasting what
/// the write would have.
@Suite struct CacheListWriteOutcomeTests {
    @Test func anAddOfUnknownOutcomeIsSettledWhenTheServerAnswersAndStoredAtMostOnce() throws {
        let setup = try PostgresWriteOutcomeTests.Setup(writeTimeout: 0.5, settleTimeout: 0.5)
        let list = try CacheList(store: setup.store)
        var changes: [CacheListChange] = []
        let token = list.observe { changes.append($0) }
        defer { token.cancel() }
        try setup.relay.stall()
        for _ in 1...2 {
            let result = try list.add(Samples.oak)
            guard case .outcomeUnknown = result else { Issue.record("\(result)"); return }
        }
        #expect(list.unsettledWrites.count == 1)
        try setup.relay.resume()
        setup.store.settleTimeout = 5
        let settled = waitUntil(timeout: .seconds(30), polling: .milliseconds(100)) {
            try? list.checkForExternalChanges()
            return !list.hasUnsettledWrites
        }
        #expect(settled)
        guard case .writeSettled(let write, let stored)? = changes.last else {
            Issue.record("\(changes)")
            return
        }
        #expect(write.title == Samples.oak.title)
        #expect(try setup.copies(of: Samples.oak.title) == (stored ? 1 : 0))
        if stored {
            #expect(changes.contains { if case .added(let cache, _, _) = $0 { cache.cache.title == "Old Oak" } else { false } })
            #expect(list.current?.cache.title == Samples.oak.title)
        }
    }

    @Test func aCorrectedAddOfUnknownOutcomeEndsAsOneCacheWithTheCorrectedText() throws {
        let setup = try PostgresWriteOutcomeTests.Setup(writeTimeout: 0.5, settleTimeout: 0.5)
        let list = try CacheList(store: setup.store)
        try setup.relay.stall()
        guard case .outcomeUnknown = try list.add(Samples.oak) else {
            Issue.record("the first add's outcome was known")
            return
        }
        try setup.relay.resume()
        setup.store.settleTimeout = 5
        var corrected = Samples.oak
        corrected.reward = "Gold coin"
        // Sent again until the server can tell what became of the first (as ^S would be).
        var result: WriteResult<StoredCache> = .outcomeUnknown(.outcomeUnknown(server: "", reason: ""))
        var lastError: (any Error)?
        _ = waitUntil(timeout: .seconds(30), polling: .milliseconds(100)) {
            guard case .outcomeUnknown = result else { return true }
            // The store connects again (as the form's idle check makes it do) without
            // the list settling the first add: ^S comes first.
            _ = try? setup.store.hasChangedExternally()
            do { result = try list.add(corrected) } catch { lastError = error }
            return false
        }
        let stored = try #require(result.storedValue, "\(result); last error: \(String(describing: lastError))")
        #expect(stored.cache.reward == "Gold coin")
        #expect(try setup.copies(of: Samples.oak.title) == 1)
        #expect(try setup.store.loadCaches().map(\.reward) == ["Gold coin"])
        #expect(!list.hasUnsettledWrites)
    }

    @Test func anAddWhoseReplyIsLostIsAddedOnceAndBroadcastAsAdded() throws {
        let setup = try PostgresWriteOutcomeTests.Setup()
        let list = try CacheList(store: setup.store)
        var changes: [CacheListChange] = []
        let token = list.observe { changes.append($0) }
        defer { token.cancel() }
        try setup.relay.arm(.cutAfterCommit)
        let stored = try #require(try list.add(Samples.oak).storedValue)
        #expect(changes == [.added(stored, position: 1, count: 1)])
        #expect(!list.hasUnsettledWrites)
        #expect(try setup.copies(of: Samples.oak.title) == 1)
    }
}
