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
