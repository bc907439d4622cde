import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Where `export --output PATH` writes, run through the built executable: a regular
/// file is replaced whole, devices and FIFOs are written into, a symbolic link is
/// followed, and a store is never written over.
@Suite("Export output")
struct ExportOutputCommandTests {
    /// The JSON export of the seeded store: its two caches with the codes it gave them.
    private func document(_ fixture: StoreFixture) throws -> String {
        JSONInterchange.document(for: try fixture.open().loadCaches())
    }

    private func export(_ fixture: StoreFixture, to path: String) throws -> GeocacheTUIBinary.Result {
        try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument, "--output", path])
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func theStoreBeingReadIsRefusedAndStillOpensAndLists() throws {
        let fixture = try StoreFixture.seeded()
        let result = try export(fixture, to: fixture.storeArgument)
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write \(fixture.storeArgument): "
                + "it is the store being exported; write the export to another file\n")
        let list = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument])
        #expect(list.status == 0)
        #expect(list.output == "Old Oak\tBehind the tree\tana\tTravel bug\nBridge\tUnder the arch\tbo\tCoin\n")
    }

    @Test func theStoreReachedThroughASymbolicLinkIsRefused() throws {
        let fixture = try StoreFixture.seeded()
        let link = fixture.directory.file("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.storeArgument)
        let result = try export(fixture, to: link)
        #expect(result.status == 1)
        #expect(result.error.contains("it is the store being exported"), "stderr was: \(result.error)")
        #expect(try SQLiteStore(url: fixture.fileURL).loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test("the store's -journal, not made in WAL mode and a hot journal to SQLite, is refused, however spelled")
    func theJournalNotMadeYetIsRefused() throws {
        let suffix = "-journal"
        let fixture = try StoreFixture.seeded()
        let store = fixture.storeArgument
        let directory = (store as NSString).deletingLastPathComponent
        let spelled = directory + "/./" + (store as NSString).lastPathComponent
        let side = spelled + suffix
        try? FileManager.default.removeItem(atPath: store + suffix)
        let result = try export(fixture, to: side)
        #expect(result.status == 1)
        #expect(result.error.contains("it is the store being exported"), "stderr was: \(result.error)")
        #expect(!FileManager.default.fileExists(atPath: store + suffix))
        #expect(try SQLiteStore(url: fixture.fileURL).loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test func anotherGeocacheStoreIsRefusedAndLeftByteForByte() throws {
        let fixture = try StoreFixture.seeded()
        let other = fixture.directory.file("other.sqlite")
        try SQLiteStore(url: other).saveCaches([Samples.mill])
        let before = FileSnapshot(other)
        let result = try export(fixture, to: other.path)
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write \(other.path): "
                + "it is a geocache-tui store; write the export to another file\n")
        #expect(FileSnapshot(other) == before)
    }

    @Test func anotherStoresWriteAheadLogIsRefusedAndLeftByteForByte() throws {
        let fixture = try StoreFixture.seeded()
        let other = fixture.directory.file("other.sqlite")
        try SQLiteStore(url: other).saveCaches([Samples.mill])
        let log = other.path + "-wal"
        try Data("frames not yet checkpointed".utf8).write(to: URL(fileURLWithPath: log))
        let result = try export(fixture, to: log)
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write \(log): it is the -wal file SQLite keeps beside "
                + "the database \(other.path); write the export to another file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == Data("frames not yet checkpointed".utf8))
    }

    @Test("a -journal not made yet beside another program's SQLite database is refused: SQLite would play it back")
    func aJournalBesideAnotherProgramsDatabaseIsRefused() throws {
        let fixture = try StoreFixture.seeded()
        let theirs = fixture.directory.file("theirs.db")
        try Data(Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)).write(to: theirs)
        let result = try export(fixture, to: theirs.path + "-journal")
        #expect(result.status == 1)
        #expect(result.error.contains("it is the -journal file SQLite keeps beside the database"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: theirs.path + "-journal"))
    }

    @Test func aNameEndingInWalBesideAFileThatIsNoDatabaseIsWritten() throws {
        let fixture = try StoreFixture.seeded()
        let notes = fixture.directory.file("notes.txt")
        try Data("plain text".utf8).write(to: notes)
        let result = try export(fixture, to: notes.path + "-wal")
        #expect(result.status == 0, "\(result.error)")
        #expect(try String(contentsOfFile: notes.path + "-wal", encoding: .utf8) == document(fixture))
    }

    @Test func anEmptyOutputIsAUsageErrorSayingSo() throws {
        let fixture = try StoreFixture.seeded()
        let result = try export(fixture, to: "")
        #expect(result.status == 64)
        #expect(result.error.contains("--output is empty: give a file's path"), "\(result.error)")
    }

    @Test func aDirectoryIsRefusedWithAClearMessage() throws {
        let fixture = try StoreFixture.seeded()
        let directory = fixture.directory.file("folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let result = try export(fixture, to: directory.path)
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write \(directory.path): it is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aRegularFileIsReplacedWholeKeepingItsPermissions() throws {
        let fixture = try StoreFixture.seeded()
        let file = fixture.directory.file("out.json")
        try Data(repeating: UInt8(ascii: "x"), count: 100_000).write(to: file)
        chmod(file.path, 0o640)
        let result = try export(fixture, to: file.path)
        #expect(result.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == (try document(fixture)))
        #expect(try permissions(of: file) == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path)
            .filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func aFileNameOfTheLongestLengthAFileSystemTakesIsWritten() throws {
        let fixture = try StoreFixture.seeded()
        let file = fixture.directory.file(String(repeating: "ä", count: 125) + "xxxxx")  // 255 bytes
        let result = try export(fixture, to: file.path)
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(try String(contentsOf: file, encoding: .utf8) == (try document(fixture)))
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetHoldsTheExport() throws {
        let fixture = try StoreFixture.seeded()
        let target = fixture.directory.file("target.json")
        try Data("old".utf8).write(to: target)
        let link = fixture.directory.file("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
        let result = try export(fixture, to: link)
        #expect(result.status == 0)
        #expect(fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.json")
        #expect(try String(contentsOf: target, encoding: .utf8) == (try document(fixture)))
    }

    @Test func aFIFOReceivesTheBytesAndStaysAFIFO() throws {
        let fixture = try StoreFixture.seeded()
        let fifo = fixture.directory.file("pipe").path
        let received = fixture.directory.file("received").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", #"cat "$0" > "$1""#, fifo, received]
        reader.standardInput = FileHandle.nullDevice
        try reader.run()
        let result = try export(fixture, to: fifo)
        waitUntil(timeout: .seconds(10), polling: .milliseconds(20)) { !reader.isRunning }
        if reader.isRunning {
            reader.terminate()
            Issue.record("the reader of the FIFO never saw the end of the export")
        }
        try reader.waitForExit()
        #expect(result.status == 0)
        #expect(fileType(fifo) == S_IFIFO)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: received)), as: UTF8.self) == (try document(fixture)))
    }

    @Test(arguments: StoreKind.allCases) func devNullSucceedsAndStaysACharacterDevice(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let result = try export(fixture, to: "/dev/null")
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test(arguments: StoreKind.allCases) func devStdoutWritesToStandardOutput(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let result = try export(fixture, to: "/dev/stdout")
        #expect(result.status == 0)
        #expect(result.output == (try document(fixture)))
        #expect(fileType("/dev/stdout") == S_IFLNK)
    }
}
