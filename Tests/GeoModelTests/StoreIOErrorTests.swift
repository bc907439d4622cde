import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A disk that fails to read or write the store (EIO: a disk going bad, an ext4 file
/// system shut down): said as the disk's input/output error, never as a file copied over
/// the store or a permission to mend with chmod.
@Suite struct StoreIOErrorTests {
    private let path = "/x/caches.sqlite"

    @Test func theMarkUnreadableForTheDisksErrorIsAnIOErrorNotACopyOver() {
        let readFailed = ResultCode.SQLITE_IOERR_READ.rawValue  // EIO from pread
        #expect(throws: StoreError.ioError(path: path, reason: "SQLite says: disk I/O error")) {
            _ = try SQLiteStore.mark(read: readFailed, value: 0, path: path)
        }
    }

    @Test func aMarkCutShortByAFileBeingCopiedOverStillComparesAsAnotherMark() throws {
        #expect(try SQLiteStore.mark(read: ResultCode.SQLITE_IOERR_SHORT_READ.rawValue, value: 0, path: path) == nil)
        #expect(try SQLiteStore.mark(read: ResultCode.SQLITE_OK.rawValue, value: 7, path: path) == 7)
    }

    @Test func sqlitesIOErrorIsSaidAsTheDisksFailureWithoutChmodAdvice() {
        let error = StoreError(wrapping: DatabaseError(resultCode: .SQLITE_IOERR_READ, message: "disk I/O error"),
                               path: path)
        #expect(error == .ioError(path: path, reason: "SQLite says: disk I/O error"))
        #expect(error.description == "/x/caches.sqlite cannot be read or written: the disk holding it failed (SQLite "
            + "says: disk I/O error); nothing was written. Check the disk (dmesg shows what the system saw), then try again.")
    }

    @Test("a store on an ext4 file system shut down is refused as the disk's input/output error, not a permission",
          .enabled(if: LoopDisk.isAvailable, "needs root, mkfs.ext4 and a loop device"))
    func aStoreOnAShutDownFileSystemIsAnIOError() throws {
        let disk = try LoopDisk()
        defer { disk.remove() }
        let url = disk.directory.file()
        try SQLiteStore(url: url).add(Samples.oak)
        try disk.shutDown()
        let error = try #require(throws: StoreError.self) { _ = try SQLiteStore(url: url) }
        #expect(error == .ioError(path: url.path, reason: "Input/output error"))
        #expect(!error.description.contains("chmod"))
    }
}

/// An ext4 file system of 16 MiB in a file, mounted through a loop device on a new
/// directory, that a test may shut down (`EXT4_IOC_SHUTDOWN`): every read and write on it
/// then fails with EIO, as on a disk gone bad.
struct LoopDisk {
    let image: TemporaryDirectory
    let directory: TemporaryDirectory

    static let isAvailable: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/sbin/mkfs.ext4"),
              let disk = try? LoopDisk() else { return false }
        disk.remove()
        return true
    }()

    init() throws {
        image = try TemporaryDirectory()
        directory = try TemporaryDirectory()
        let file = image.file("disk.img").path
        guard truncate(file, 16 << 20) == 0 || (FileManager.default.createFile(atPath: file, contents: nil)
                                                 && truncate(file, 16 << 20) == 0),
              Self.run("/sbin/mkfs.ext4", ["-q", file]),
              Self.run("/bin/mount", ["-o", "loop", file, directory.url.path]) else {
            image.remove()
            directory.remove()
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Shuts the file system down without flushing its journal (flag 2, NOLOGFLUSH).
    func shutDown() throws {
        let descriptor = open(directory.url.path, O_RDONLY)
        defer { close(descriptor) }
        var flags: UInt32 = 2
        // EXT4_IOC_SHUTDOWN: _IOR('X', 125, __u32).
        guard descriptor >= 0, ioctl(descriptor, 0x8004_587D, &flags) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func remove() {
        _ = Self.run("/bin/umount", [directory.url.path])
        directory.remove()
        image.remove()
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
