import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// An open store whose `-wal` or `-shm` file is deleted or replaced: it writes nothing
/// more and says so, and what it acknowledged before is in the store file.
@Suite struct StoreFileSideFileTests {
    @Test("a write after the -wal file was deleted is refused naming it", arguments: ["-wal", "-shm"])
    func aWriteAfterASideFileWasDeletedIsRefused(_ suffix: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let store = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        unlink(url.path + suffix)

        #expect(throws: StoreError.sideFileLost(path: url.path, sideFile: url.path + suffix)) {
            try store.add(Samples.bridge)
        }
        #expect(throws: StoreError.sideFileLost(path: url.path, sideFile: url.path + suffix)) {
            try store.add(Samples.mill)
        }
    }

    @Test("an add is in the store file once it returns, not only in the write-ahead log")
    func anAcknowledgedAddIsCheckpointed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let store = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        // A copy of the store file alone, without its side files, holds the cache.
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(at: url, to: copy)
        #expect(try SQLiteStore(url: copy).loadCaches().withoutCodes == [Samples.oak])
        _ = store
    }

    @Test("caches an import stored are in the store file once the command returns, while another session has it open")
    func anImportIsCheckpointed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file(), input = directory.file("more.json")
        let session = try SQLiteStore(url: url)
        try Data(#"[{"title": "Mill", "details": "d", "creator": "c", "reward": "r"}]"#.utf8).write(to: input)
        let result = try GeocacheTUIBinary.run(["import", "--store", url.path, input.path])
        #expect(result.status == 0, "\(result.error)")
        // The store file alone, without its side files, as `rm caches.sqlite-wal` leaves it.
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(at: url, to: copy)
        #expect(try SQLiteStore(url: copy).loadCaches().map(\.title) == ["Mill"])
        _ = session
    }

    @Test("a store reopened after its side files were deleted holds every acknowledged add")
    func reopenedStoreHoldsEveryAdd() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let store = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        for suffix in ["-wal", "-shm"] { unlink(url.path + suffix) }
        let reopened = try store.reopened()
        try reopened.add(Samples.bridge)
        #expect(try reopened.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }
}

/// A store file damaged behind geocache-tui's back is refused at the next opening,
/// found by SQLite's `quick_check`, which runs when the file is not as last recorded.
@Suite struct StoreFileQuickCheckTests {
    /// A store of 300 caches in `directory`, closed: its path.
    private static func filledStore(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file()
        let store = try SQLiteStore(url: url)
        for number in 1...300 { try store.add(Samples.numbered(number)) }
        return url
    }

    @Test("a store whose pages were overwritten by another program is refused as damaged when opened")
    func aDamagedStoreIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.filledStore(in: directory)
        // Zeros over the second half of the file, as a bad copy would leave it.
        let handle = try FileHandle(forUpdating: url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(count: Int(size / 2)))
        try handle.close()

        #expect {
            _ = try SQLiteStore(url: url)
        } throws: { error in
            // Found by the quick check, or by the first read of the schema when the
            // zeros reach its pages: refused as damaged either way.
            guard case .corrupt(let path, let reason) = error as? StoreError else { return false }
            return path == url.path && (reason.contains("quick_check") || reason.contains("malformed"))
        }
    }

    @Test("a store refused as damaged is left as it was found: no log or index the opening made stays beside it")
    func aDamagedStoreGetsNoSideFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.filledStore(in: directory)
        // A b-tree page's header made garbage: the quick check finds it, the schema still reads.
        let handle = try FileHandle(forUpdating: url)
        try handle.seek(toOffset: 11 * 4096)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 8))
        try handle.close()
        #expect(throws: StoreError.self) { _ = try SQLiteStore(url: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
    }

    @Test("the record of a store file that was deleted goes when another store is recorded")
    func recordsOfDeletedStoresArePruned() throws {
        let first = try TemporaryDirectory(), second = try TemporaryDirectory()
        defer { second.remove() }
        do {
            let store = try SQLiteStore(url: first.file())
            try store.add(Samples.oak)
        }
        _ = try SQLiteStore(url: first.file())  // a store not recorded yet is checked, then recorded
        let record = StoreFile.CheckRecord.location(of: try StoreFile.identity(of: first.file().path))
        #expect(try String(contentsOfFile: record, encoding: .utf8).hasSuffix(" \(first.file().path)\n"))
        first.remove()

        do {
            let other = try SQLiteStore(url: second.file())
            try other.add(Samples.bridge)
        }
        _ = try SQLiteStore(url: second.file())

        // The deleted file's inode may already belong to a store another test recorded
        // under the same name: what must be gone is the record of the deleted path.
        let left = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        #expect(!left.hasSuffix(" \(first.file().path)\n"))
    }

    @Test("a file copied in place over an open store is never used damaged at the next opening")
    func aFileCopiedInPlaceIsFoundAtTheNextOpening() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file(), other = directory.file("other.sqlite")
        do {
            let replacement = try SQLiteStore(url: other)
            for number in 1...200 { try replacement.add(Samples.numbered(1000 + number)) }
        }
        do {
            let store = try SQLiteStore(url: url)
            for number in 1...200 { try store.add(Samples.numbered(number)) }
            // cp other.sqlite caches.sqlite: the same inode, other bytes.
            let bytes = try Data(contentsOf: other)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: bytes)
            try handle.close()
            for number in 201...260 { _ = try? store.add(Samples.numbered(number)) }
        }
        let reopened = Result { try SQLiteStore(url: url).integrityCheck() }
        switch reopened {
        case .success(let integrity): #expect(integrity == "ok", "a damaged store was opened")
        case .failure(let error):
            guard case .corrupt(_, let reason) = error as? StoreError else {
                Issue.record("unexpected error: \(error)")
                return
            }
            #expect(reason.contains("quick_check"))
        }
    }
}
