import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Waiting is not being away: a round trip the server does not answer ends when the
/// store's owner gives it up, a lost connection is made again without blocking, and a
/// lock another session holds is reported as a lock, not as an unreachable server.
@Suite struct PostgresWaitTests {
    private var server: PostgresTestServer { get throws { try PostgresTestServer.shared() } }

    /// A pipe whose read end is readable once `signal()` wrote into it.
    private final class WakePipe {
        let read: Int32
        let write: Int32
        init() throws {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw Failure("no pipe") }
            (read, write) = (ends[0], ends[1])
        }
        deinit {
            close(read)
            close(write)
        }
        func signal() {
            var byte: UInt8 = 1
            _ = Glibc.write(write, &byte, 1)
        }
        /// Reads the bytes waiting, without blocking.
        func drain() {
            var ready = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            while poll(&ready, 1, 0) > 0, Glibc.read(read, &byte, 1) == 1 {}
        }
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A store on a fresh database reached through `relay`, which waits 30 s to connect.
    private func storeThrough(_ relay: FaultRelay) throws -> PostgresStore {
        try PostgresStore(url: relay.url(through: try server.makeDatabase(), parameters: "connect_timeout=30"))
    }

    @Test func aRoundTripTheServerDoesNotAnswerEndsWhenTheOwnerGivesItUp() throws {
        let relay = try FaultRelay(to: try server.port)
        let store = try storeThrough(relay)
        let wake = try WakePipe()
        store.interruption = StoreInterruption(descriptors: [wake.read]) { _ in true }
        try relay.stall()
        wake.signal()
        let error = try #require(throws: StoreError.self) { try store.add(Samples.oak) }
        #expect(error.meansTheServerIsAway)
        #expect(error.description.contains("given up"))
    }

    @Test func aReadableDescriptorThatDoesNotAskToGiveUpLetsTheRoundTripFinish() throws {
        let relay = try FaultRelay(to: try server.port, delayMilliseconds: 50)
        let store = try storeThrough(relay)
        let wake = try WakePipe()
        var asked = 0
        store.interruption = StoreInterruption(descriptors: [wake.read]) { _ in
            asked += 1
            wake.drain()
            return false
        }
        wake.signal()
        try store.add(Samples.oak)
        #expect(asked >= 1)
        #expect(try store.count() == 1)
    }

    @Test func reconnectingToAServerThatDoesNotAnswerNeverBlocksAndSucceedsWhenItAnswers() throws {
        let relay = try FaultRelay(to: try server.port)
        let store = try storeThrough(relay)
        let wake = try WakePipe()
        store.interruption = StoreInterruption(descriptors: [wake.read]) { _ in true }
        try relay.stall()
        wake.signal()
        _ = try? store.count()  // given up: the connection is lost
        wake.drain()
        // Each look moves the attempt on and returns: the attempt waits on its socket.
        // (The relay's second connection is the cancel request of the round trip given up.)
        let connecting = waitUntil(timeout: .seconds(10), polling: .milliseconds(50)) {
            _ = try? store.hasChangedExternally()
            return (try? relay.counts().connections) == 3
        }
        #expect(connecting)
        #expect(throws: StoreError.self) { try store.hasChangedExternally() }
        #expect(store.changeDescriptor != nil)
        try relay.resume()
        let back = waitUntil(timeout: .seconds(10), polling: .milliseconds(50)) {
            (try? store.hasChangedExternally()) == true
        }
        #expect(back)
        try store.add(Samples.bridge)
        #expect(try store.count() == 1)
    }

    @Test func aTableLockedByAnotherSessionIsReportedAsLockedAndTheWriteGoesThroughOnceReleased() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        store.lockWait = 0.2
        let other = try PostgresConnection(url)
        try other.query("BEGIN")
        try other.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
        let error = try #require(throws: StoreError.self) { try store.add(Samples.oak) }
        guard case .locked = error else { Issue.record("got \(error)"); return }
        #expect(!error.meansTheServerIsAway)
        try other.query("ROLLBACK")
        try store.add(Samples.oak)
        #expect(try store.count() == 1)
    }

    @Test func theAppendLockHeldByAnotherSessionIsReportedWithItsHolder() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        store.lockWait = 0.2
        let other = try PostgresConnection(url + "?application_name=holder-test")
        try other.query("SELECT pg_advisory_lock(\(0x6765_6F63))")
        let error = try #require(throws: StoreError.self) { try store.add(Samples.oak) }
        guard case .locked(_, let holder) = error else { Issue.record("got \(error)"); return }
        #expect(holder?.contains("holder-test") == true)
        try other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))")
        try store.add(Samples.oak)
        #expect(try store.count() == 1)
    }

    @Test func aTableLockHeldByAnotherSessionIsReportedWithItsHolder() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        store.lockWait = 0.2
        let other = try PostgresConnection(url + "?application_name=table-lock-test")
        try other.query("BEGIN")
        try other.query("LOCK TABLE geocache IN EXCLUSIVE MODE")
        let error = try #require(throws: StoreError.self) { try store.add(Samples.oak) }
        guard case .locked(_, let holder) = error else { Issue.record("got \(error)"); return }
        #expect(holder?.contains("table-lock-test") == true, "\(String(describing: holder))")
        try other.query("ROLLBACK")
    }

    @Test func aWriteThatWaitsForALockSaysSoOnceAndGoesOnWaiting() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        let other = try PostgresConnection(url)
        try other.query("SELECT pg_advisory_lock(\(0x6765_6F63))")
        var notices = 0
        store.lockWaitNotice = {
            notices += 1
            _ = try? other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))")
        }
        try store.add(Samples.oak)
        #expect(notices == 1)
        #expect(try store.count() == 1)
    }
}
