import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Another file copied over an open store in place (`cp other.sqlite caches.sqlite`:
/// the same inode, other bytes): the session writes nothing more through what it
/// remembers of the old file, and the file copied in stays sound and whole.
@Suite struct StoreFileOverwriteTests {
    /// What is copied over the store: another store, or a copy of the store itself
    /// taken before its last writes (a backup put back).
    enum Copy: String, CaseIterable, CustomStringConvertible, Sendable {
        case smallerStore, largerStore, earlierCopyOfTheStore
        var description: String { rawValue }
    }

    /// A store at `directory`'s caches.sqlite with 200 caches, and beside it the file
    /// to copy over it (other.sqlite) with the titles it holds.
    private func storeAndCopy(_ copy: Copy, in directory: TemporaryDirectory) throws -> (SQLiteStore, [String]) {
        let other = directory.file("other.sqlite")
        let store = try SQLiteStore(url: directory.file())
        for number in 1...200 { try store.add(Samples.numbered(number)) }
        switch copy {
        case .smallerStore, .largerStore:
            let caches = (1...(copy == .smallerStore ? 20 : 600)).map { Samples.numbered(1000 + $0) }
            try SQLiteStore(url: other).saveCaches(caches)
            return (store, caches.map(\.title))
        case .earlierCopyOfTheStore:
            try copyFile(directory.file(), over: other)
            for number in 201...210 { try store.add(Samples.numbered(number)) }
            return (store, (1...200).map { Samples.numbered($0).title })
        }
    }

    /// `cp source target`, from another process (this one must not open the store file
    /// itself: closing that descriptor would drop the store connection's locks).
    private func copyFile(_ source: URL, over target: URL) throws {
        let result = try GeocacheTUIBinary.runTool("/bin/cp", [source.path, target.path])
        #expect(result.status == 0, "cp failed: \(result.error)")
    }

    /// What `cp source target` has done by `stage`: `target` truncated, then the first
    /// bytes of `source` written, from another process as `cp` is.
    private func copyPart(_ stage: CopyStage, of source: URL, over target: URL) throws {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int)
        let result = try GeocacheTUIBinary.runTool("/bin/sh", ["-c", "head -c \(stage.written(of: size)) \"$1\" > \"$2\"",
                                                                "sh", source.path, target.path])
        #expect(result.status == 0, "head failed: \(result.error)")
    }

    /// The titles stored at `url` and SQLite's integrity check, through a plain
    /// connection as any later process would.
    private func contents(of url: URL) throws -> (titles: [String], integrity: String?) {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT title FROM cache ORDER BY id"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
    }

    @Test(arguments: Copy.allCases)
    func anAddAfterAFileWasCopiedOverTheStoreIsRefusedAndTheCopyStaysSound(_ copy: Copy) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let (opened, copiedTitles) = try storeAndCopy(copy, in: directory)
        var store: SQLiteStore? = opened
        try copyFile(directory.file("other.sqlite"), over: url)

        #expect(throws: StoreError.fileOverwritten(path: url.path)) { try store?.add(Samples.oak) }
        #expect(throws: StoreError.fileOverwritten(path: url.path)) { try store?.add(Samples.bridge) }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == copiedTitles)
        #expect(after.integrity == "ok")
    }

    @Test func theIdleCheckReportsAFileCopiedOverTheStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = try storeAndCopy(.largerStore, in: directory)
        try copyFile(directory.file("other.sqlite"), over: directory.file())

        #expect(throws: StoreError.fileOverwritten(path: directory.file().path)) { try store.hasChangedExternally() }
        #expect(throws: StoreError.fileOverwritten(path: directory.file().path)) { try store.count() }
    }

    /// How far `cp` had got when the idle check read the file: the file truncated and
    /// nothing written yet, part of the header, the first page, half the file.
    enum CopyStage: String, CaseIterable, CustomStringConvertible, Sendable {
        case truncated, partOfTheHeader, firstPage, half
        var description: String { rawValue }

        /// The bytes of a file of `size` bytes written so far.
        func written(of size: Int) -> Int {
            switch self {
            case .truncated: 0
            case .partOfTheHeader: 50
            case .firstPage: 4096
            case .half: size / 2
            }
        }
    }

    @Test(arguments: CopyStage.allCases)
    func theIdleCheckDuringACopyOverTheStoreReportsTheCopyNotDamage(_ stage: CopyStage) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = try storeAndCopy(.largerStore, in: directory)
        let other = directory.file("other.sqlite")
        try copyPart(stage, of: other, over: directory.file())

        #expect(throws: StoreError.fileOverwritten(path: directory.file().path)) { try store.hasChangedExternally() }
        #expect(store.damage == nil)
    }

    @Test(arguments: CopyStage.allCases)
    func theLateCheckOfAStoreCaughtMidCopyFindsNoDamageAndTheCopyIsReported(_ stage: CopyStage) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory)
        let other = directory.file("other.sqlite")
        try SQLiteStore(url: other).saveCaches((1...600).map { Samples.numbered(1000 + $0) })
        let store = try SQLiteStore(path: url.path, defersCheck: true)
        #expect(store.isCheckingIntegrity)
        try copyPart(stage, of: other, over: url)

        store.beginIntegrityCheck()

        #expect(throws: Never.self) { try store.settleIntegrityCheck() }
        #expect(store.damage == nil)
        #expect(!StoreFile.CheckRecord.matches(url.path, try StoreFile.identity(of: url.path)))
        try copyFile(other, over: url)
        #expect(throws: StoreError.fileOverwritten(path: url.path)) { try store.add(Samples.oak) }
        #expect(try contents(of: url).integrity == "ok")
    }

    @Test func aWriteDuringWhichAFileIsCopiedOverTheStoreIsRolledBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let (opened, copiedTitles) = try storeAndCopy(.smallerStore, in: directory)
        var store: SQLiteStore? = opened

        #expect(throws: StoreError.fileOverwritten(path: url.path)) {
            try store?.write { db in
                try db.execute(sql: SQLiteStore.insertCacheSQL,
                               arguments: SQLiteStore.insertArguments(Samples.numbered(999), code: CacheCode.generate()))
                try copyFile(directory.file("other.sqlite"), over: url)
            }
        }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == copiedTitles)
        #expect(after.integrity == "ok")
    }

    @Test(.timeLimit(.minutes(10))) func anImportWhoseInputArrivesAfterACopyOverTheStoreStoresNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let (opened, copiedTitles) = try storeAndCopy(.largerStore, in: directory)
        var store: SQLiteStore? = opened
        let pipe = directory.file("import.json").path, other = directory.file("other.sqlite")
        #expect(mkfifo(pipe, 0o600) == 0)
        // The import opens its connection, then waits for its input; meanwhile the
        // other store is copied over the file, and only then do the records arrive.
        let writer = Thread {
            let descriptor = open(pipe, O_WRONLY | O_CLOEXEC)
            _ = try? GeocacheTUIBinary.runTool("/bin/cp", [other.path, url.path])
            let json = Array(#"[{"title": "New", "details": "d", "creator": "c", "reward": "r"}]"#.utf8)
            _ = json.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()

        #expect(throws: StoreError.fileOverwritten(path: url.path)) { try store?.importCaches(from: .file(pipe)) }
        store = nil

        let after = try contents(of: url)
        #expect(after.titles == copiedTitles)
        #expect(after.integrity == "ok")
    }

    @Test func aStoreClosedAfterAFileWasCopiedOverItLeavesTheCopyAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copiedTitles: [String]
        do {
            let (store, titles) = try storeAndCopy(.largerStore, in: directory)
            copiedTitles = titles
            try copyFile(directory.file("other.sqlite"), over: directory.file())
            withExtendedLifetime(store) {}
        }

        let after = try contents(of: directory.file())
        #expect(after.titles == copiedTitles)
        #expect(after.integrity == "ok")
    }

    @Test func reopeningAfterACopyOverTheStoreShowsTheCopyAndWritesToIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, copiedTitles) = try storeAndCopy(.largerStore, in: directory)
        try copyFile(directory.file("other.sqlite"), over: directory.file())
        #expect(throws: StoreError.fileOverwritten(path: directory.file().path)) { try store.add(Samples.oak) }

        let reopened = try store.reopened()
        try reopened.add(Samples.oak)

        #expect(try reopened.loadCaches().map(\.title) == copiedTitles + [Samples.oak.title])
        #expect(try contents(of: directory.file()).integrity == "ok")
    }

    @Test func aLogNotYetCopiedIntoTheFileIsNotTakenForACopyOverIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let store = try SQLiteStore(url: url), other = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        // A reader holding an older snapshot keeps the next commits in the log: the
        // file lags behind what the connections see, and that is no copy.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: url.path, configuration: configuration)
        try reader.inDatabase { db in
            try db.execute(sql: "BEGIN DEFERRED")
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM cache")
        }
        try other.add(Samples.bridge)
        #expect(try store.hasChangedExternally())
        try store.add(Samples.mill)
        try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
        try reader.close()
        try other.add(Samples.numbered(1))

        #expect(try store.loadCaches().map(\.title) == ["Old Oak", "Bridge", "Mill", Samples.numbered(1).title])
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func theMessageSaysTheFileWasOverwrittenThatNothingMoreWasWrittenAndWhatToDo() {
        #expect(StoreError.fileOverwritten(path: "/x/caches.sqlite").description
            == "/x/caches.sqlite was overwritten in place (another file copied over it) while it was open; nothing "
            + "more was written through this session, so the file copied in is as it was. Reopen the store to use it.")
    }
}
