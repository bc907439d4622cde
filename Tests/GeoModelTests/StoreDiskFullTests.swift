import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// A store whose disk fills up: the write that finds no room is refused as such, and
/// the store stays as it was.
@Suite struct StoreDiskFullTests {
    @Test func sqliteFindingNoRoomIsSaidAsAFullDiskNotAsADatabaseError() {
        let error = StoreError(wrapping: DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"),
                               path: "/x/caches.sqlite")
        #expect(error == .diskFull(path: "/x/caches.sqlite"))
        #expect(error.description == "/x/caches.sqlite: the disk holding the store is full; nothing was written. "
            + "Free some space on it, then try again.")
    }

    @Test("a store opened on a full disk, its log and index not made, is read: listed, its add refused as read-only",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
    func aStoreOpenedOnAFullDiskIsReadAndItsAddRefused() throws {
        let disk = try SmallDisk()
        defer { disk.remove() }
        let url = disk.file()
        try SQLiteStore(url: url).add(Samples.oak)
        disk.fill()
        let large = GeoCache(title: "Large", details: String(repeating: "x", count: 200_000), creator: "ana", reward: "Coin")

        let full = try SQLiteStore(url: url)
        #expect(try full.loadCaches().map(\.title) == [Samples.oak.title])
        #expect(full.readOnlyReason == "the disk holding it was full when it was opened")
        #expect(throws: StoreError.readOnly(path: url.path, reason: "the disk holding it was full when it was opened")) {
            try full.add(large)
        }
        disk.makeRoom()
        let store = try SQLiteStore(url: url)
        #expect(try store.count() == 1)
        #expect(try store.first()?.cache.title == Samples.oak.title)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test(.enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
    func anOpenStoreRefusesTheWriteThatFindsNoRoomAndWritesAgainOnceThereIs() throws {
        let disk = try SmallDisk()
        defer { disk.remove() }
        let url = disk.file()
        let store = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        disk.fill()
        let large = GeoCache(title: "Large", details: String(repeating: "x", count: 200_000), creator: "ana", reward: "Coin")

        #expect(throws: StoreError.diskFull(path: url.path)) {
            try store.add(large)
        }
        disk.makeRoom()
        try store.add(Samples.bridge)
        #expect(try store.count() == 2)
        #expect(try store.last()?.cache.title == Samples.bridge.title)
    }

    @Test("a store opened read-only on a full disk leaves no log or index behind, and its refusal says to free space",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
    func aStoreOpenedOnAFullDiskLeavesNoSideFilesAndSaysToFreeSpace() throws {
        let disk = try SmallDisk()
        defer { disk.remove() }
        let url = disk.file()
        try SQLiteStore(url: url).add(Samples.oak)
        disk.fill()
        do {
            let full = try SQLiteStore(url: url)
            #expect(full.readOnlyReason != nil)
            let refusal = try #require(throws: StoreError.self) { try full.add(Samples.bridge) }
            #expect(refusal.description.hasSuffix("to change it, free some space on its disk and open it again."))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
    }

    @Test("a store that cannot be made for a full disk leaves no empty file where it was to be",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
    func aStoreThatCannotBeMadeLeavesNoFile() throws {
        let disk = try SmallDisk()
        defer { disk.remove() }
        let url = disk.file()
        disk.fill()
        #expect(throws: StoreError.diskFull(path: url.path)) { _ = try SQLiteStore(url: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}

/// A store whose file system has no file entries (inodes) left for the log and index
/// SQLite makes beside it: met as a full disk is, and said as such.
@Suite struct StoreNoFreeInodesTests {
    @Test("a store opened with no free inode is read: listed, its add refused naming the inodes, no side files left",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"),
          arguments: [0, 1])
    func aStoreOpenedWithNoFreeInodeIsReadOnly(sparing: Int) throws {
        let disk = try SmallDisk(kibibytes: 8192, inodes: 8)
        defer { disk.remove() }
        let url = disk.file()
        try SQLiteStore(url: url).add(Samples.oak)
        // With one entry spared, the -wal is made and the -shm is not.
        disk.fillEntries(sparing: sparing)
        do {
            let store = try SQLiteStore(url: url)
            #expect(try store.loadCaches().map(\.title) == [Samples.oak.title])
            #expect(store.readOnlyReason == "its file system had no free file entries (inodes) when it was opened")
            let refusal = try #require(throws: StoreError.self) { try store.add(Samples.bridge) }
            #expect(refusal.description.hasSuffix("to change it, delete some files on its file system and open it again."))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
    }

    @Test func sqliteUnableToOpenALogWithNoFreeInodeIsSaidAsSuch() {
        let error = StoreError.noFreeInodes(path: "/x/caches.sqlite")
        #expect(error.description == "/x/caches.sqlite: the file system holding the store has no free file entries "
            + "(inodes) left for the files SQLite keeps beside it; nothing was written. Delete some files there "
            + "(df -i shows how many are left), then try again.")
    }
}
