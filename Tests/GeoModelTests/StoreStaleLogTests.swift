import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// A store file restored from a backup while the log of a session that ended without
/// closing the store still lies beside it: the log's pages do not fit the copy, and
/// opening neither reads through them into the file nor deletes them.
@Suite struct StoreStaleLogTests {
    /// A store, a backup of it made before 30 more adds, and the log a session left when
    /// it ended without closing the store (its `-wal` and `-shm` copied while it was
    /// open), with the backup copied in place over the store and that log beside it.
    ///
    /// With `few`, the store holds 3 caches and gains 3 after the backup, and the
    /// session changed one cache's details: the log's pages then read as a store whose
    /// indexes disagree with their table, which only `integrity_check` sees.
    private static func restoredBesideAStaleLog(in directory: TemporaryDirectory, few: Bool = false) throws -> URL {
        let url = directory.file()
        do {
            let store = try SQLiteStore(url: url)
            for number in 1...(few ? 3 : 300) { try store.add(Samples.numbered(number)) }
        }
        let backup = try Data(contentsOf: url)
        do {
            let store = try SQLiteStore(url: url)
            for number in few ? 4...6 : 301...330 {
                var cache = Samples.numbered(number)
                cache.details = String(repeating: "long details \(number) ", count: few ? 1 : 200)
                try store.add(cache)
            }
        }
        let session = try DatabaseQueue(path: url.path)
        try session.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: few ? "UPDATE cache SET details = 'crash edit' WHERE id = 1"
                                    : "DELETE FROM cache WHERE title LIKE 'Cache 1%'")
        }
        let log = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))
        let index = try Data(contentsOf: URL(fileURLWithPath: url.path + "-shm"))
        try session.close()
        // The backup copied in place (`cp`: the same file, new content), the log put back.
        let handle = try FileHandle(forUpdating: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: backup)
        try handle.close()
        try log.write(to: URL(fileURLWithPath: url.path + "-wal"))
        try index.write(to: URL(fileURLWithPath: url.path + "-shm"))
        return url
    }

    @Test("opening a backup copied in place beside a stale log is refused as such, naming the log")
    func aStaleLogIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.restoredBesideAStaleLog(in: directory)
        #expect(throws: StoreError.staleLog(path: url.path)) { _ = try SQLiteStore(url: url) }
        #expect(StoreError.staleLog(path: url.path).description.contains("move \(url.path)-wal and \(url.path)-shm away"))
    }

    @Test("a stale log whose pages leave the backup's indexes short of its rows is refused too, not read")
    func aStaleLogThatBreaksOnlyTheIndexesIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.restoredBesideAStaleLog(in: directory, few: true)
        let file = try Data(contentsOf: url)
        #expect(throws: StoreError.staleLog(path: url.path)) { _ = try SQLiteStore(url: url) }
        #expect(try Data(contentsOf: url) == file)
    }

    @Test("a refused backup and the stale log beside it are left exactly as they were")
    func theFileAndTheLogAreLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.restoredBesideAStaleLog(in: directory)
        let file = try Data(contentsOf: url), log = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))
        _ = try? SQLiteStore(url: url)
        #expect(try Data(contentsOf: url) == file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal")) == log)
    }

    @Test("once the stale log is moved away, the backup opens with its 300 caches")
    func theBackupOpensWithoutTheLog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.restoredBesideAStaleLog(in: directory)
        _ = try? SQLiteStore(url: url)
        for suffix in ["-wal", "-shm"] { try FileManager.default.removeItem(atPath: url.path + suffix) }
        #expect(try SQLiteStore(url: url).count() == 300)
    }
}
