import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A store whose file is deleted or replaced while it is open refuses to write, and
/// neither the failed write nor closing the store touches what is now at the path.
@Suite struct StoreFileIdentityTests {
    /// Writes a store with `caches` at `url` and closes it.
    private func makeStore(at url: URL, with caches: [GeoCache]) throws {
        try SQLiteStore(url: url).saveCaches(caches)
    }

    /// The titles stored at `url` and SQLite's integrity check, read through a plain
    /// connection as any later process would (it applies a `-wal` it finds there).
    /// Makes a store holding ``replacementCaches`` beside the store file and renames it
    /// over the store file, as `mv other.sqlite caches.sqlite` would.
    private func moveReplacement(over directory: TemporaryDirectory) throws {
        try makeStore(at: directory.file("other.sqlite"), with: replacementCaches)
        #expect(rename(directory.file("other.sqlite").path, directory.file().path) == 0)
    }

    private func contents(of url: URL) throws -> (titles: [String], integrity: String?) {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT title FROM cache ORDER BY id"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
    }

    /// Deletes the store file at `url` and its `-wal` and `-shm`.
    private func deleteWithSideFiles(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] { unlink(url.path + suffix) }
    }

    /// A store on `directory`'s caches.sqlite with a few caches, all still in its
    /// write-ahead log (not yet checkpointed into the file).
    private func openStoreWithUncheckpointedCaches(in directory: TemporaryDirectory) throws -> SQLiteStore {
        let store = try SQLiteStore(url: directory.file())
        for number in 1...20 { try store.add(Samples.numbered(number)) }
        return store
    }

    private let replacementCaches = [Samples.oak, Samples.bridge, Samples.mill]

    // MARK: - Replaced

    @Test func anAddAfterTheFileWasReplacedIsRefusedAndTheReplacementKeepsItsCaches() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)

        #expect(throws: StoreError.fileReplaced(path: url.path)) { try store?.add(Samples.numbered(99)) }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == replacementCaches.map(\.title))
        #expect(after.integrity == "ok")
    }

    @Test func aStoreClosedAfterItsFileWasReplacedLeavesTheReplacementIntact() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)
        #expect(store != nil)

        store = nil

        let after = try contents(of: url)
        #expect(after.titles == replacementCaches.map(\.title))
        #expect(after.integrity == "ok")
    }

    @Test func theIdleCheckReportsAReplacedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)

        #expect(throws: StoreError.fileReplaced(path: directory.file().path)) { try store.hasChangedExternally() }
    }

    @Test func aDraftIsNotSavedOverAReplacedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)

        #expect(throws: StoreError.fileReplaced(path: url.path)) { try store?.leaveDraft(FormDraft(fields: [.title: "Half written"])) }
        store = nil

        let replacement = try SQLiteStore(url: url)
        #expect(try replacement.keptDrafts().isEmpty)
        #expect(try replacement.loadCaches().withoutCodes == replacementCaches)
    }

    @Test func aWriteDuringWhichTheFileIsReplacedIsRolledBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        try makeStore(at: directory.file("other.sqlite"), with: replacementCaches)

        #expect(throws: StoreError.fileReplaced(path: url.path)) {
            try store?.write { db in
                try db.execute(sql: SQLiteStore.insertCacheSQL, arguments: SQLiteStore.insertArguments(Samples.numbered(99), code: CacheCode.generate()))
                #expect(rename(directory.file("other.sqlite").path, url.path) == 0)
            }
        }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == replacementCaches.map(\.title))
        #expect(after.integrity == "ok")
    }

    @Test func anImportIntoAReplacedFileIsRefusedAndStoresNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)
        let json = #"[{"title": "New", "details": "d", "creator": "c", "reward": "r"}]"#

        #expect(throws: StoreError.fileReplaced(path: url.path)) {
            try store?.importCaches(from: .bytes(Array(json.utf8), name: "new.json"))
        }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == replacementCaches.map(\.title))
        #expect(after.integrity == "ok")
    }

    @Test(.timeLimit(.minutes(10))) func anImportDuringWhichTheFileIsReplacedIsRolledBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        try makeStore(at: directory.file("other.sqlite"), with: replacementCaches)
        let pipe = directory.file("import.json").path, replacement = directory.file("other.sqlite").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // The import opens the pipe inside its transaction; once it has, the file is
        // replaced, and only then do the records arrive.
        let writer = Thread {
            let descriptor = open(pipe, O_WRONLY | O_CLOEXEC)
            rename(replacement, url.path)
            let json = Array(#"[{"title": "New", "details": "d", "creator": "c", "reward": "r"}]"#.utf8)
            _ = json.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()

        #expect(throws: StoreError.fileReplaced(path: url.path)) { try store?.importCaches(from: .file(pipe)) }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == replacementCaches.map(\.title))
        #expect(after.integrity == "ok")
    }

    @Test func aDetachedStoreRefusesReadsToo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)
        _ = try? store.add(Samples.numbered(99))

        #expect(throws: StoreError.fileReplaced(path: directory.file().path)) { try store.count() }
    }

    @Test func reopeningAReplacedStoreShowsTheReplacementAndWritesToIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)
        #expect(throws: StoreError.self) { try store.add(Samples.numbered(99)) }

        let reopened = try store.reopened()
        try reopened.add(Samples.numbered(99))

        #expect(try reopened.loadCaches().withoutCodes == replacementCaches + [Samples.numbered(99)])
    }

    @Test func reopeningBeforeAnyWriteNoticedTheReplacementStillKeepsTheOldLogOut() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try openStoreWithUncheckpointedCaches(in: directory)
        try moveReplacement(over: directory)

        let reopened = try store.reopened()

        #expect(try reopened.loadCaches().withoutCodes == replacementCaches)
        #expect(throws: StoreError.fileReplaced(path: directory.file().path)) { try store.count() }
    }

    // MARK: - Deleted or moved away

    @Test func anAddAfterTheFileWasDeletedIsRefusedAndRecreatesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        deleteWithSideFiles(directory.file())

        #expect(throws: StoreError.fileDeleted(path: directory.file().path)) { try store?.add(Samples.oak) }
        store = nil

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func theIdleCheckReportsADeletedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try openStoreWithUncheckpointedCaches(in: directory)
        deleteWithSideFiles(directory.file())

        #expect(throws: StoreError.fileDeleted(path: directory.file().path)) { try store.hasChangedExternally() }
    }

    @Test func aDraftIsNotSavedAfterTheFileWasDeleted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        deleteWithSideFiles(directory.file())

        #expect(throws: StoreError.fileDeleted(path: directory.file().path)) {
            try store?.leaveDraft(FormDraft(fields: [.title: "Half written"]))
        }
        store = nil

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func aFileMovedAwayKeepsEveryCacheCommittedBeforeTheMove() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store: SQLiteStore? = try openStoreWithUncheckpointedCaches(in: directory)
        #expect(rename(directory.file().path, directory.file("moved.sqlite").path) == 0)

        #expect(throws: StoreError.fileDeleted(path: directory.file().path)) { try store?.add(Samples.oak) }
        store = nil

        let moved = try contents(of: directory.file("moved.sqlite"))
        #expect(moved.titles == (1...20).map { Samples.numbered($0).title })
        #expect(moved.integrity == "ok")
    }

    @Test func reopeningADeletedStoreStartsANewOneAtTheSamePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try openStoreWithUncheckpointedCaches(in: directory)
        deleteWithSideFiles(directory.file())
        #expect(throws: StoreError.self) { try store.add(Samples.oak) }

        let reopened = try store.reopened()
        try reopened.add(Samples.oak)

        #expect(try reopened.loadCaches().withoutCodes == [Samples.oak])
        #expect(try permissions(of: directory.file()) == 0o600)
    }

    @Test func reopeningTheDefaultStoreRecreatesItsDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let dataHome = directory.url.appendingPathComponent("data")
        let store = try StoreLocation.standard(environment: ["XDG_DATA_HOME": dataHome.path]).open()
        try FileManager.default.removeItem(at: dataHome)

        let reopened = try store.reopened()

        #expect(reopened.name == store.name)
        #expect(try permissions(of: dataHome.appendingPathComponent("geocache-tui")) == 0o700)
    }

    // MARK: - No false alarms

    @Test func checkpointsAndOtherConnectionsDoNotLookLikeAReplacement() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        try store.saveCaches((1...3000).map(Samples.numbered))
        do {
            let other = try SQLiteStore(url: directory.file())
            try other.add(Samples.oak)
        }
        let queue = try DatabaseQueue(path: directory.file().path)
        _ = try queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try queue.close()

        for number in 1...50 { try store.add(Samples.numbered(number)) }
        try store.leaveDraft(FormDraft(fields: [.title: "kept"]))

        #expect(try store.hasChangedExternally())
        #expect(try store.count() == 3051)
    }

    @Test func theMessagesSayWhatHappenedThatNothingWasWrittenAndWhatToDo() {
        let path = "/x/caches.sqlite"
        #expect(StoreError.fileDeleted(path: path).description == "/x/caches.sqlite was deleted or moved away "
            + "while it was open; nothing was written to it. Reopen the store to start a new one there.")
        #expect(StoreError.fileReplaced(path: path).description == "/x/caches.sqlite was replaced by another file "
            + "while it was open; nothing was written to it. Reopen the store to use the file now there.")
    }
}
