import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// How long a write on a store file waits for another program's write lock: the store's
/// ``SQLiteStore/lockWait``, its connection's busy timeout, 10 s unless its owner sets less.
@Suite struct SQLiteLockWaitTests {
    /// The busy timeout of the store's connection, in milliseconds.
    private func busyTimeout(_ store: SQLiteStore) throws -> Int {
        try store.queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? -1 }
    }

    @Test func aStoreFileWaitsTenSecondsForAnotherWriterUnlessToldOtherwise() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        #expect(store.lockWait == 10)
        #expect(try busyTimeout(store) == 10_000)
    }

    @Test func theLockWaitSetOnAStoreFileHoldsAfterItsWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        store.lockWait = 0.2
        try store.add(Samples.oak)
        try store.add(Samples.bridge)
        #expect(try busyTimeout(store) == 200)
    }

    @Test func aWriteThatMeetsAnotherProgramsLockThrowsLockedNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        store.lockWait = 0.2
        let lock = try FileWriteLock(path: directory.file().path)
        #expect {
            try store.add(Samples.oak)
        } throws: { error in
            guard case StoreError.locked(let path, _)? = error as? StoreError else { return false }
            return path == store.path
        }
        try lock.release()
        try store.add(Samples.oak)
        #expect(try store.count() == 1)
    }
}
