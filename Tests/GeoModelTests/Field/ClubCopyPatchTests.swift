import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The copy follows what this machine stores on the club store: each write a session
/// stores, and each change a delivery stores, is written into the copy before its next
/// refresh, and a refresh that read the store before a write keeps it.
@Suite struct ClubCopyPatchTests {
    /// A club store with Old Oak, a session on it whose field files live in `home`, and
    /// the copy refreshed from it.
    private struct Club {
        let url: String
        let home: FieldHome
        let session: WriteSession
        var copy: ClubCopy { ClubCopy(files: home.files(url)) }

        init(refreshed: Bool = true) throws {
            url = try PostgresTestServer.shared().makeDatabase()
            home = try FieldHome()
            let store = try PostgresStore(url: url, purpose: .command)
            session = WriteSession(store: store, location: .server(url), files: home.files(url))
            _ = try session.add(Samples.oak)
            if refreshed { try ClubCopy(files: home.files(url)).refresh(from: store, area: nil) }
        }

        /// The caches of the copy as it is now, in stored order.
        func copied() throws -> [StoredCache] {
            try copy.open().loadStoredCaches()
        }

        /// The one cache of the club store.
        func oak() throws -> StoredCache {
            try #require(try session.readStore().first())
        }
    }

    @Test func anEditStoredOnTheClubStoreIsInTheCopyBeforeItsNextRefresh() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let oak = try club.oak()
        _ = try club.session.update(oak, to: oak.cache.withReward("Gold coin"))
        #expect(try club.copied() == [StoredCache(id: oak.id, cache: oak.cache.withReward("Gold coin"))])
    }

    @Test func anAddStoredOnTheClubStoreIsInTheCopyUnderTheServersIdentifierAndRecord() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        guard case .stored(let added) = try club.session.add(Samples.bridge) else {
            Issue.record("the add was not stored")
            return
        }
        let copied = try club.copied()
        #expect(copied.map(\.cache.title) == ["Old Oak", "Bridge"])
        #expect(copied.last == added.stored)
        #expect(try club.copy.open().cache(added.stored.id)?.club?.owner == added.stored.club?.owner)
    }

    @Test func aDeleteStoredOnTheClubStoreTakesTheCacheOutOfTheCopy() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        _ = try club.session.delete(try club.oak())
        #expect(try club.copied().isEmpty)
        #expect(try club.copy.open().count() == 0)
    }

    @Test func thePersonsDataAndVisitsStoredOnTheClubStoreAreInTheCopy() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let code = try #require(try club.oak().cache.code)
        let found = Visit(code: code, time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")
        _ = try club.session.recordVisits([found])
        _ = try club.session.setOwnData(OwnData(note: "behind the oak"), forCode: code)
        let book = try club.copy.open().ownData(includingVisits: true)
        #expect(book.visitsByCode[code] == [found])
        #expect(book.of(code: code).note == "behind the oak")
    }

    @Test func aStoredWriteMakesNoCopyWhereThereIsNone() throws {
        let club = try Club(refreshed: false)
        defer { club.home.directory.remove() }
        let oak = try club.oak()
        _ = try club.session.update(oak, to: oak.cache.withReward("Gold coin"))
        #expect(!FileManager.default.fileExists(atPath: club.copy.files.directory))
    }

    @Test func aChangeDeliveredFromTheOutboxIsInTheCopy() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let oak = try club.oak()
        let outbox = try club.session.outbox()
        _ = try outbox.queueEdit(of: oak.cache, to: oak.cache.withReward("Gold coin"))
        _ = try outbox.queueAdd(Samples.bridge)
        #expect(try club.session.deliverWaiting()?.report.delivered.count == 2)
        #expect(try club.copied().map(\.cache.title) == ["Old Oak", "Bridge"])
        #expect(try club.copied() == club.session.readStore().loadStoredCaches())
    }

    @Test func aRefreshWhoseReadBeganBeforeAWriteWasSentKeepsThatWrite() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let oak = try club.oak()
        let changed = oak.cache.withReward("Gold coin")
        // The write is sent and written into the copy while the refresh is reading.
        let reading = ReadThenWrite(try club.session.readStore()) {
            _ = try? club.session.update(oak, to: changed)
        }
        try club.copy.refresh(from: reading, area: nil)
        #expect(reading.wrote)
        #expect(try club.copied() == [StoredCache(id: oak.id, cache: changed)])
    }

    @Test func aPatchOfAWriteSentBeforeTheLastRefreshReadIsLeftOut() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let oak = try club.oak()
        let early = CopyPatches(patches: [.cache(StoredCache(id: oak.id, cache: oak.cache.titled("Stale")))],
                                sentAt: .now)
        try club.copy.refresh(from: club.session.readStore(), area: nil)
        try club.copy.patch(early)
        #expect(try club.copied().map(\.cache.title) == ["Old Oak"])
    }

    @Test func theNewFilesOfAPatchAreNeverReadableByOtherUsers() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let watcher = ModeWatcher(directory: club.copy.files.directory)
        for reward in ["Coin 1", "Coin 2", "Coin 3", "Coin 4", "Coin 5"] {
            let oak = try club.oak()
            _ = try club.session.update(oak, to: oak.cache.withReward(reward))
        }
        #expect(watcher.stop().isEmpty)
        #expect(try club.copied().map(\.cache.reward) == ["Coin 5"])
    }

    @Test func aNewCopyFileLeftByAProcessThatEndedIsRemovedAtTheCopysNextWrite() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let left = club.copy.files.directory + "/copy.sqlite.new-\(ended.processIdentifier)-0BADF00D"
        for path in [left, left + "-journal"] { #expect(FileManager.default.createFile(atPath: path, contents: Data([1]))) }
        let oak = try club.oak()
        _ = try club.session.update(oak, to: oak.cache.withReward("Gold coin"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: club.copy.files.directory).sorted()
                == ["copy.lock", "copy.sqlite"])
    }

    @Test func aNewCopyFileOfAProcessStillRunningIsLeftWhereItIs() throws {
        let club = try Club()
        defer { club.home.directory.remove() }
        let running = club.copy.files.directory + "/copy.sqlite.new-\(getpid())-0BADF00D"
        #expect(FileManager.default.createFile(atPath: running, contents: Data([1])))
        let oak = try club.oak()
        _ = try club.session.update(oak, to: oak.cache.withReward("Gold coin"))
        #expect(FileManager.default.fileExists(atPath: running))
    }

    /// Looks at the files of a directory, over and over on a thread of its own, until
    /// ``stop()``: every file seen readable or writable by other users, with its mode.
    private final class ModeWatcher: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var seen: [String: mode_t] = [:]
        private let done = DispatchSemaphore(value: 0)

        init(directory: String) {
            let thread = Thread { [self] in
                while !lock.withLock({ stopped }) {
                    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                        var info = stat()
                        guard stat(directory + "/" + name, &info) == 0, info.st_mode & 0o077 != 0 else { continue }
                        lock.withLock { seen[name] = info.st_mode & 0o777 }
                    }
                }
                done.signal()
            }
            thread.start()
        }

        /// Stops looking; returns what was seen.
        func stop() -> [String: mode_t] {
            lock.withLock { stopped = true }
            done.wait()
            return lock.withLock { seen }
        }
    }

    /// A store whose walk through its caches runs `write` once, after its first cache:
    /// a write sent while a refresh reads.
    private final class ReadThenWrite: ForwardingStore {
        let write: () -> Void
        var wrote = false

        init(_ base: any CacheStore, write: @escaping () -> Void) {
            self.write = write
            super.init(base)
        }

        override func forEachCache(_ body: (StoredCache) throws -> Void) throws {
            var read: [StoredCache] = []
            try base.forEachCache { read.append($0) }
            if !wrote {
                wrote = true
                write()
            }
            for stored in read { try body(stored) }
        }
    }
}
