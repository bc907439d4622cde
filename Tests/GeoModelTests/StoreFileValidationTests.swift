import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// Opening a file that is not a valid store must fail with a clear error naming the
/// file, and leave it byte for byte as it was, with no SQLite side files.
@Suite struct StoreFileValidationTests {
    /// Opens `url` as a store, expects a failure matching `check`, and the file unchanged.
    private func expectRefusal(
        of url: URL,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ check: (StoreError) -> Bool
    ) {
        let before = FileSnapshot(url)
        do {
            _ = try SQLiteStore(url: url)
            Issue.record("opening \(url.path) succeeded", sourceLocation: sourceLocation)
        } catch {
            #expect(check(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(url.path), sourceLocation: sourceLocation)
            #expect(error.path == url.path, sourceLocation: sourceLocation)
        }
        #expect(FileSnapshot(url) == before, "the file or its side files changed", sourceLocation: sourceLocation)
    }

    /// Runs `sql` on the SQLite file at `url`, made when missing, as another program
    /// would: statements apart from any transaction, so that pragmas take.
    private func runSQL(on url: URL, _ sql: String) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }

    @Test func garbageFileIsNotAStoreAndIsLeftUnchanged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: url)
        expectRefusal(of: url) {
            if case .notAStore(_, let reason) = $0 { reason.contains("not an SQLite database") } else { false }
        }
    }

    @Test func shortTextFileIsNotAStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try Data("my caches\n".utf8).write(to: url)
        expectRefusal(of: url) { if case .notAStore = $0 { true } else { false } }
    }

    @Test func aPNGImageIsNotAStoreAndIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 200)).write(to: url)
        expectRefusal(of: url) {
            if case .notAStore(_, let reason) = $0 { reason.contains("it is a PNG image, not an SQLite database") } else { false }
        }
    }

    @Test func zipArchiveIsNotAStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00] + Array(repeating: 0, count: 200)).write(to: url)
        expectRefusal(of: url) {
            if case .notAStore(_, let reason) = $0 { reason.contains("zip") } else { false }
        }
    }

    @Test func truncatedStoreIsCorruptAndIsLeftUnchanged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        do {
            let store = try SQLiteStore(url: url)
            try store.saveCaches((1...300).map(Samples.numbered))
        }
        let full = try Data(contentsOf: url)
        #expect(full.count > 8192)
        try full.prefix(full.count / 2).write(to: url)
        expectRefusal(of: url) {
            if case .corrupt(_, let reason) = $0 { reason.contains("truncated") } else { false }
        }
    }

    @Test func headerOnlyFragmentIsCorrupt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try Data("SQLite format 3\u{0}".utf8 + [0x10, 0x00]).write(to: url)
        expectRefusal(of: url) { if case .corrupt = $0 { true } else { false } }
    }

    @Test func anotherUsersStoreThisUserMayNotReadIsRefusedNamingItsOwner() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        #expect(chown(url.path, 65534, 65534) == 0)
        #expect(chmod(url.path, 0o600) == 0)
        let owner = getpwuid(65534).map { String(cString: $0.pointee.pw_name) } ?? "user 65534"
        #expect(throws: StoreError.othersFile(path: url.path, owner: owner, mode: "mode 600")) {
            _ = try StoreFile.inspect(url.path) { path, mode in
                path == url.path && mode & R_OK != 0 ? EACCES : nil
            }
        }
    }

    @Test func storeWithANewerSchemaIsRefused() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        try runSQL(on: url, "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        expectRefusal(of: url) { $0 == .newerSchema(path: url.path) }
    }

    @Test func unreadableFileIsRefusedEvenForRoot() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        #expect(chmod(url.path, 0) == 0)
        expectRefusal(of: url) {
            if case .permissionDenied(_, let reason) = $0 { reason.contains("000") } else { false }
        }
        #expect(try permissions(of: url) == 0)
    }

    /// Opens the store at `url`, which cannot be written, and checks that it reads its
    /// one cache, refuses an add with `expected`, and leaves the file and its
    /// directory as they were.
    private func expectReadOnly(_ url: URL, _ expected: StoreError,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = FileSnapshot(url)
        do {
            let store = try SQLiteStore(url: url)
            #expect(try store.loadCaches().withoutCodes == [Samples.oak], sourceLocation: sourceLocation)
            #expect(store.readOnlyReason != nil, sourceLocation: sourceLocation)
            #expect(throws: expected, sourceLocation: sourceLocation) { try store.add(Samples.bridge) }
        }
        #expect(FileSnapshot(url) == before, sourceLocation: sourceLocation)
    }

    /// A temporary directory holding a store with the oak in it, closed, and the
    /// store's URL; the caller removes the directory.
    private static func storeWithOak() throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        do {
            try SQLiteStore(url: url).add(Samples.oak)
        } catch {
            directory.remove()
            throw error
        }
        return (directory, url)
    }

    @Test func aReadOnlyFileOpensForReadingAndRefusesWrites() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        #expect(chmod(url.path, 0o400) == 0)
        try expectReadOnly(url, .readOnly(path: url.path, reason: "its owner may not write it, mode 400"))
    }

    @Test func aReadOnlyStoreThatNeedsAnUpgradeIsRefusedWithoutOfferingToListIt() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        // The store as an older version left it: its last migration not run.
        let last = try #require(SQLiteStore.migrationIdentifiers.last)
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [last])
        }
        #expect(chmod(url.path, 0o400) == 0)
        let before = FileSnapshot(url)

        let error = try #require(throws: StoreError.self) { try SQLiteStore(url: url) }
        #expect(error == .cannotOpenReadOnly(path: url.path,
                                             reason: "its owner may not write it, mode 400, and it needs an upgrade this version would write"))
        #expect(!error.description.contains("Listing"))
        #expect(FileSnapshot(url) == before)
    }

    @Test func anEmptyReadOnlyFileIsRefusedWithoutOfferingToListIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o400]))

        let error = try #require(throws: StoreError.self) { try SQLiteStore(url: url) }
        #expect(error == .cannotOpenReadOnly(path: url.path, reason: "its owner may not write it, mode 400, and it holds no store yet"))
        #expect(!error.description.contains("Listing"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["caches.sqlite"])
    }

    @Test func aWritableStoreInAnUnwritableDirectoryIsReadOnlyNamingTheDirectory() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        let deniedDirectory = directory.url.path

        #expect {
            _ = try StoreFile.inspect(url.path) { path, mode in
                path == deniedDirectory && mode & W_OK != 0 ? EACCES : nil
            }
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error == .readOnly(path: url.path, reason: "you may not write in its directory \(deniedDirectory)")
                && !error.description.contains("chmod 600")
        }
    }

    @Test func aStoreOnAReadOnlyFileSystemIsReadOnly() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }

        #expect(throws: StoreError.readOnly(path: url.path, reason: "it is on a read-only file system")) {
            try StoreFile.inspect(url.path) { _, mode in mode & W_OK != 0 ? EROFS : nil }
        }
    }

    /// Whether `chattr +i` works here (root, on a file system that has the attribute).
    private static let canMakeDirectoriesImmutable: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        defer { directory.remove() }
        let works = changeAttribute("+i", of: directory.url)
        return works && changeAttribute("-i", of: directory.url)
    }()

    /// Runs `chattr change path`; true when it succeeded.
    private static func changeAttribute(_ change: String, of url: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [change, url.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        guard (try? process.waitForExit(timeout: .seconds(30))) != nil else { return false }
        return process.terminationStatus == 0
    }

    /// An immutable directory cannot be written even by root, as SQLite would find.
    @Test(.enabled(if: canMakeDirectoriesImmutable, "needs chattr +i (root, on ext4 or similar)"))
    func aStoreInAnImmutableDirectoryOpensForReadingAndIsLeftUntouched() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        #expect(Self.changeAttribute("+i", of: directory.url))
        defer { _ = Self.changeAttribute("-i", of: directory.url) }

        try expectReadOnly(url, .readOnly(path: url.path, reason: "its directory \(directory.url.path) is marked immutable"))
    }

    /// A log left with commits beside a store whose directory cannot be written, its
    /// index gone (a backup that skipped the `-shm`): SQLite cannot read it there.
    @Test(.enabled(if: canMakeDirectoriesImmutable, "needs chattr +i (root, on ext4 or similar)"))
    func aReadOnlyStoreWithALogButNoIndexSaysSoNotThatItCannotBeCreated() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        let session = try DatabaseQueue(path: url.path)
        try session.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "UPDATE cache SET title = 'From the log'")
        }
        let log = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))
        try session.close()
        try log.write(to: URL(fileURLWithPath: url.path + "-wal"))
        try? FileManager.default.removeItem(atPath: url.path + "-shm")
        #expect(Self.changeAttribute("+i", of: directory.url))
        defer { _ = Self.changeAttribute("-i", of: directory.url) }

        #expect {
            _ = try SQLiteStore(url: url)
        } throws: { error in
            guard case .cannotOpenReadOnly(_, let reason) = error as? StoreError else { return false }
            return reason.hasSuffix("cannot be read without its index (-shm), which cannot be made there")
        }
    }

    /// An immutable file cannot be written even by root, whatever its mode says.
    @Test(.enabled(if: canMakeDirectoriesImmutable, "needs chattr +i (root, on ext4 or similar)"))
    func anImmutableStoreOpensForReadingSayingItIsImmutableNotNamingItsMode() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        #expect(Self.changeAttribute("+i", of: url))
        defer { _ = Self.changeAttribute("-i", of: url) }

        try expectReadOnly(url, .readOnly(path: url.path, reason: "it is marked immutable"))
    }

    @Test func aStoreWhoseDirectoryTheSystemRefusesWithEPERMIsReadOnlyWithoutCallingItImmutable() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }

        let reason = "the system does not let anyone write in its directory \(directory.url.path)"
        #expect(throws: StoreError.readOnly(path: url.path, reason: reason)) {
            try StoreFile.inspect(url.path) { path, mode in path != url.path && mode & W_OK != 0 ? EPERM : nil }
        }
    }

    /// EPERM without the immutable mark (a file of /proc, a security module's refusal)
    /// is not called immutable.
    @Test func aStoreTheSystemRefusesToWriteWithEPERMIsReadOnlyWithoutCallingItImmutable() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }

        #expect(throws: StoreError.readOnly(path: url.path, reason: "the system does not let anyone write it")) {
            try StoreFile.inspect(url.path) { path, mode in path == url.path && mode & W_OK != 0 ? EPERM : nil }
        }
    }

    @Test func aLinkToAFileThatDoesNotExistIsRefusedAndNothingIsMadeWhereItPoints() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("unmounted.sqlite"), link = directory.file()
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)

        expectRefusal(of: link) { $0 == .brokenLink(path: link.path, reason: "is a symbolic link to \(target.path), which does not exist") }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["caches.sqlite"])
    }

    @Test func aLinkThatLeadsRoundInALoopIsRefusedSayingSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let link = directory.file()
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: link.path)

        expectRefusal(of: link) { $0 == .brokenLink(path: link.path, reason: "has symbolic links that lead round in a loop") }
    }

    @Test func openingNotToCreateWhereNothingExistsIsRefusedAndMakesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file().path
        #expect(throws: StoreError.noStore(path: path, missingDirectory: nil)) {
            _ = try StoreLocation.file(path, createsDirectories: false).open(for: .command, creatingFile: false)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func openingNotToCreateAStoreThatExistsOpensIt() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        let store = try StoreLocation.file(url.path, createsDirectories: false).open(for: .command, creatingFile: false)
        #expect(try store.count() == 1)
    }

    @Test func openingNotToCreateThroughALinkToNothingSaysTheLinkIsBroken() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("unmounted.sqlite"), link = directory.file()
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect(throws: StoreError.brokenLink(path: link.path, reason: "is a symbolic link to \(target.path), which does not exist")) {
            _ = try StoreLocation.file(link.path, createsDirectories: false).open(for: .command, creatingFile: false)
        }
    }

    @Test func aLinkToAStoreOpensTheStore() throws {
        let (directory, url) = try Self.storeWithOak()
        defer { directory.remove() }
        let link = directory.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: url.path)

        #expect(try SQLiteStore(url: link).loadCaches().withoutCodes == [Samples.oak])
    }

    @Test func directoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        expectRefusal(of: directory.url) { $0 == .isDirectory(path: directory.url.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func otherApplicationsDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try runSQL(on: url, "CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('soup')")
        expectRefusal(of: url) {
            if case .notAStore(_, let reason) = $0 { reason.contains("another application") } else { false }
        }
    }

    @Test func databaseWithAnotherApplicationIDIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try runSQL(on: url, """
            PRAGMA application_id = 1234; PRAGMA journal_mode = WAL; CREATE TABLE cache (id INTEGER PRIMARY KEY)
            """)
        expectRefusal(of: url) {
            if case .notAStore(_, let reason) = $0 { reason.contains("application_id 0x4d2") } else { false }
        }
    }

    @Test(arguments: ["UTF-16le", "UTF-16be"])
    func anEmptyDatabaseWhoseTextIsUTF16IsRefused(_ encoding: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try runSQL(on: url, "PRAGMA encoding = '\(encoding)'; CREATE TABLE t (x); DROP TABLE t")
        expectRefusal(of: url) {
            if case .notAStore(_, let reason) = $0 { reason.contains("kept as \(encoding)") } else { false }
        }
    }

    @Test func emptyFileBecomesANewStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        let store = try SQLiteStore(url: url)
        try store.add(Samples.oak)
        #expect(try store.count() == 1)
    }

    @Test func missingParentDirectoryCannotBeCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("no/such/place/caches.sqlite")
        #expect {
            _ = try SQLiteStore(url: url)
        } throws: { error in
            guard case .cannotCreate(let path, let reason) = error as? StoreError else { return false }
            return path == url.path && reason.contains("does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("no").path))
    }

    @Test func parentThatIsAFileCannotHoldAStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.file("plain")
        try Data("x".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("caches.sqlite")
        #expect {
            _ = try SQLiteStore(url: url)
        } throws: { error in
            guard case .cannotCreate(let path, _) = error as? StoreError else { return false }
            return path == url.path
        }
    }

    @Test func everyMessageSaysWhatToDo() {
        let path = "/x/caches.sqlite"
        let errors: [StoreError] = [
            .notAStore(path: path, reason: "r"), .corrupt(path: path, reason: "r"), .newerSchema(path: path),
            .permissionDenied(path: path, reason: "r"), .othersFile(path: path, owner: "bo", mode: "mode 600"),
            .directoryNotSearchable(path: path), .isDirectory(path: path),
            .directoryNotWritable(path: path, directory: "/x", reason: "r"),
            .cannotCreate(path: path, reason: "r"), .noStore(path: path, missingDirectory: nil), .noStore(path: path, missingDirectory: "/x"),
            .brokenLink(path: path, reason: "r"),
            .database(path: path, message: "m"), .diskFull(path: path),
            .fileDeleted(path: path), .fileReplaced(path: path),
            .sideFileLost(path: path, sideFile: path + "-wal"), .locked(path: path, holder: "sqlite3, process 9"),
            .locked(path: path, holder: nil), .readOnly(path: path, reason: "r"),
        ]
        for error in errors {
            #expect(error.description.contains(path))
            #expect(error.description.split(separator: ".").count >= 2, "no advice in: \(error)")
        }
    }
}
