import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The end of a list on a club store (a form's quit or hang-up) right after it stored
/// something: what its copy's thread had still to write into the copy is written before
/// it ends, and a lock held elsewhere never holds the end longer than its limit.
@Suite struct CacheListCopyFinishTests {
    /// A club store holding Old Oak, this machine's copy of it, and `kept` waiting in
    /// this machine's outbox; the copy's lock is held (by "another process") from then on.
    private struct Machine {
        let home: FieldHome
        let url: String
        let lock: HeldFileLock
        var files: FieldFiles { home.files(url) }

        init(keeping kept: [GeoCache]) throws {
            home = try FieldHome()
            url = try PostgresTestServer.shared().makeDatabase()
            let live = try PostgresStore(url: url)
            try live.add(Samples.oak)
            let files = home.files(url)
            try ClubCopy(files: files).refresh(from: live, area: nil)
            let outbox = try Outbox(files: files)
            for cache in kept { try outbox.queueAdd(cache) }
            lock = try HeldFileLock(path: files.directory + "/copy.lock")
        }

        /// A list opened as the form opens it: it delivers the outbox, and its copy's
        /// thread waits for the lock to write what was delivered.
        func openDelivering() throws -> CacheList {
            let opening = StoreOpening(.server(url), environment: home.environment)
            defer { opening.finish() }
            let list = CacheList(opening: opening)
            try list.finishOpening()
            return list
        }

        /// The titles of the copy's caches, in stored order.
        func copiedTitles() throws -> [String] {
            try ClubCopy(files: files).open().loadCaches().map(\.title)
        }
    }

    @Test func aListFinishedRightAfterADeliveryHasWrittenTheDeliveredCachesIntoTheCopy() throws {
        let machine = try Machine(keeping: [Samples.bridge, Samples.mill])
        defer { machine.home.directory.remove() }
        let list = try machine.openDelivering()
        #expect(list.count == 3)
        // The copy's thread has taken the delivery's changes and waits for the lock.
        #expect(waitUntil(timeout: .seconds(10)) { machine.lock.hasWaiterOfThisProcess })
        machine.lock.release(after: .milliseconds(300))
        #expect(list.finishCopyWrites())
        #expect(try machine.copiedTitles() == ["Old Oak", "Bridge", "Mill"])
    }

    @Test func aLockHeldElsewhereHoldsTheEndOfAListNoLongerThanItsLimit() throws {
        let machine = try Machine(keeping: [Samples.bridge])
        defer { machine.home.directory.remove() }
        let list = try machine.openDelivering()
        #expect(waitUntil(timeout: .seconds(10)) { machine.lock.hasWaiterOfThisProcess })
        let started = ContinuousClock.now
        #expect(!list.finishCopyWrites(within: .milliseconds(200)))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(try machine.copiedTitles() == ["Old Oak"])
        machine.lock.release()
    }

    @Test func aWriteStoredAfterTheEndOfAListIsWrittenIntoTheCopyAtOnce() throws {
        let machine = try Machine(keeping: [])
        defer { machine.home.directory.remove() }
        let list = try machine.openDelivering()
        machine.lock.release()
        list.finishCopyWrites()
        try list.add(Samples.mill)
        #expect(try machine.copiedTitles() == ["Old Oak", "Mill"])
    }
}
