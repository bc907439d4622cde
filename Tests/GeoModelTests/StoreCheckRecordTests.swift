import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// The records of store files known to be sound (``StoreFile/CheckRecord``), shared by
/// every session on the machine.
@Suite struct StoreCheckRecordTests {
    /// A new store file in a temporary directory (remove it when done), with its identity.
    private func newStore() throws -> (directory: TemporaryDirectory, url: URL, identity: StoreFile.Identity) {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        _ = try SQLiteStore(url: url)
        return (directory, url, try StoreFile.identity(of: url.path))
    }

    @Test("a store emptied in place (a shell's > on it) is refused, naming what it held, and left empty")
    func aStoreEmptiedInPlaceIsRefused() throws {
        let (directory, url, _) = try newStore()
        defer { directory.remove() }
        #expect(truncate(url.path, 0) == 0)
        let error = try #require(throws: StoreError.self) { try SQLiteStore(url: url) }
        #expect("\(error)".contains("is damaged (it is empty, but held a store of "), "\(error)")
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    }

    /// The meeting `ConcurrentProcessTests` met by chance: this
    /// opening saw the file empty, another process then made the store in it and
    /// recorded it, and only then was the record read.
    @Test("a file seen empty that another process has since made a store in and recorded is not refused as emptied")
    func aFileMadeAStoreSinceItWasSeenEmptyIsNotRefused() throws {
        let (directory, url, identity) = try newStore()
        defer { directory.remove() }
        #expect(StoreFile.CheckRecord.recordedSize(of: url.path, identity) ?? 0 > 0)
        #expect(throws: Never.self) { try SQLiteStore.refuseIfEmptied(url.path) }
    }

    @Test("a store a read found damaged is checked at every later opening and refused, though its size and time are as recorded")
    func aStoreAReadFoundDamagedIsRefusedAtTheNextOpening() throws {
        let (directory, url, _) = try newStore()
        defer { directory.remove() }
        let store = try SQLiteStore(url: url)
        for number in 1...200 { try store.add(GeoCache(title: "Cache \(number)", details: String(repeating: "d", count: 400),
                                                       creator: "c", reward: "r")) }
        store.prepareForExit()
        try Self.overwriteALeafOfTheCacheTable(url.path)
        let opened = try SQLiteStore(url: url)
        #expect(throws: StoreError.self) { try opened.forEachCache { _ in } }
        let error = try #require(throws: StoreError.self) { try SQLiteStore(url: url) }
        #expect(error.meansTheFileIsDamaged, "\(error)")
    }

    /// Writes junk over a leaf page of the `cache` table of the store at `path` and sets
    /// the file's time back: damage its size and time do not show (a bit flipped on disk).
    private static func overwriteALeafOfTheCacheTable(_ path: String) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let (page, pageSize) = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT pageno FROM dbstat WHERE name = 'cache' AND pagetype = 'leaf' LIMIT 1 OFFSET 3")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * pageSize + 8))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test("a damaged store's refusal is one line, whatever quick_check's lines")
    func aDamagedStoresRefusalIsOneLine() {
        let reason = SQLiteStore.damage(["*** in database main ***\nPage 4: never used", "Page 5: never used"])
        #expect(reason == "SQLite's quick_check found: *** in database main *** Page 4: never used; "
                + "Page 5: never used; was it copied over while a session had it open?")
    }

    @Test("a 0-byte file geocache-tui never knew becomes a new store")
    func aNeverKnownEmptyFileBecomesAStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let store = try SQLiteStore(url: url)
        try store.add(GeoCache(title: "t", details: "d", creator: "c", reward: "r"))
        #expect(try store.count() == 1)
    }

    @Test("a record written while another session prunes a gone file's record of the same name is kept")
    func aRecordWrittenDuringAPruneIsKept() throws {
        let (directory, url, identity) = try newStore()
        defer { directory.remove() }
        let record = StoreFile.CheckRecord.location(of: identity)
        let records = (record as NSString).deletingLastPathComponent
        // The record a gone file left under this inode's name, as after an inode is reused.
        let stale = "4096 1.0 \(directory.file("gone.sqlite").path)\n"

        var kept = 0
        for _ in 0..<200 {
            try stale.write(toFile: record, atomically: true, encoding: .utf8)
            let pruning = Thread {
                StoreFile.CheckRecord.lockingRecords(in: records) { StoreFile.CheckRecord.prune(records) }
            }
            pruning.start()
            StoreFile.CheckRecord.record(url.path, identity)
            while !pruning.isFinished { usleep(100) }
            if StoreFile.CheckRecord.matches(url.path, identity) { kept += 1 }
        }

        #expect(kept == 200)
    }

    @Test("a prune leaves alone the files a record is written through before its rename")
    func aPruneLeavesTemporaryFiles() throws {
        let (directory, url, identity) = try newStore()
        defer { directory.remove() }
        let records = (StoreFile.CheckRecord.location(of: identity) as NSString).deletingLastPathComponent
        let passing = records + "/.12-34.sZ9xQa"
        try StoreFile.CheckRecord.stamp(of: url.path)!.write(toFile: passing, atomically: false, encoding: .utf8)
        defer { unlink(passing) }

        StoreFile.CheckRecord.lockingRecords(in: records) { StoreFile.CheckRecord.prune(records) }

        #expect(FileManager.default.fileExists(atPath: passing))
    }

    @Test("a record is readable by its owner only and leaves no other file beside it")
    func aRecordIsPrivateAndAlone() throws {
        let (directory, url, identity) = try newStore()
        defer { directory.remove() }
        let record = StoreFile.CheckRecord.location(of: identity)
        unlink(record)

        StoreFile.CheckRecord.record(url.path, identity)

        var info = stat()
        #expect(stat(record, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let name = (record as NSString).lastPathComponent
        let beside = try FileManager.default.contentsOfDirectory(atPath: StoreFile.CheckRecord.directory())
            .filter { $0.hasPrefix(name) && $0 != name }
        #expect(beside.isEmpty)
    }

    @Test("a record that says more than the file's stamp does not match it")
    func aLongerRecordDoesNotMatch() throws {
        let (directory, url, identity) = try newStore()
        defer { directory.remove() }
        let stamp = try #require(StoreFile.CheckRecord.stamp(of: url.path))
        try (stamp + "more\n").write(toFile: StoreFile.CheckRecord.location(of: identity), atomically: true, encoding: .utf8)

        #expect(!StoreFile.CheckRecord.matches(url.path, identity))
    }

    @Test func aStoreAnOpeningMakesIsRecordedAsItLeftIt() throws {
        let (directory, url, identity) = try newStore()
        defer { directory.remove() }
        #expect(StoreFile.CheckRecord.matches(url.path, identity))
    }

    @Test func aStoreAnOpeningUpgradesIsRecordedAsItLeftIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try OlderStoreFile.write(url, version: 2) { db in
            try db.execute(sql: "INSERT INTO cache (title, details, creator, reward) VALUES ('Oak', 'd', 'c', 'r')")
        }
        let identity = try StoreFile.identity(of: url.path)
        #expect(!StoreFile.CheckRecord.matches(url.path, identity))

        #expect(try SQLiteStore(url: url).count() == 1)

        #expect(StoreFile.CheckRecord.matches(url.path, identity))
    }

    @Test("the records live under XDG_STATE_HOME when it is absolute, else under HOME's .local/state")
    func theRecordsDirectoryFollowsTheEnvironment() {
        #expect(StoreFile.CheckRecord.directory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/geocache-tui/checked")
        #expect(StoreFile.CheckRecord.directory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
                == "/h/.local/state/geocache-tui/checked")
    }
}
