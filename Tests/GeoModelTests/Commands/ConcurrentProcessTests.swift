import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Several `geocache-tui add` processes on one store, and one killed mid-way.
///
/// Serialized: beside the 400 processes of `concurrentAddProcessesLoseNothing`, the
/// one-process test took 6.6 s instead of 0.15 s on an idle machine, and over its time
/// limit in a loaded fresh-clone run of the whole suite.
@Suite(.serialized) struct ConcurrentProcessTests {
    @Test(.timeLimit(.minutes(10))) func concurrentAddProcessesLoseNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        let perProcess = 200
        let prefixes = ["first", "second"]
        let loops = try prefixes.map {
            try GeocacheTUIBinary.startShell(GeocacheTUIBinary.addLoop(prefix: $0, count: perProcess, store: store.path))
        }
        for loop in loops { try loop.waitForExit() }
        #expect(loops.map(\.terminationStatus) == [0, 0])
        let caches = try SQLiteStore(url: store).loadCaches()
        #expect(caches.count == perProcess * prefixes.count)
        for prefix in prefixes {
            let titles = caches.filter { $0.creator == prefix }.map(\.title)
            // Each process's adds are all there, in the order it made them.
            #expect(titles == (1...perProcess).map { "\(prefix) \($0)" })
        }
        #expect(try SQLiteStore(url: store).count() == caches.count)
    }

    /// Three `add`s started at once on a store that does not exist yet, forty times
    /// over: each creates, claims or migrates it while the others do, and none may fail
    /// (SQLite refuses the switch to WAL mode at once, without its busy timeout, in
    /// some of these meetings; the opening tries again).
    @Test(.timeLimit(.minutes(10))) func processesCreatingOneNewStoreAtOnceAllAdd() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for round in 1...40 {
            let store = directory.file("round-\(round).sqlite").path
            let adds = try ["a", "b", "c"].map { name in
                try GeocacheTUIBinary.startShell(
                    "\"$BIN\" add --store '\(store)' --title \(name) --details d --creator \(name) --reward r")
            }
            for add in adds { try add.waitForExit() }
            #expect(adds.map(\.terminationStatus) == [0, 0, 0], "round \(round)")
            #expect(try SQLiteStore(path: store).count() == 3, "round \(round)")
        }
    }

    @Test(.timeLimit(.minutes(10))) func processKilledWhileAddingLeavesEveryCommittedCache() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        try SQLiteStore(url: store).add(Samples.oak)
        let loop = try GeocacheTUIBinary.startShell(GeocacheTUIBinary.addLoop(prefix: "killed", count: 100_000, store: store.path))
        defer { if loop.isRunning { _ = GeocacheTUIBinary.killGroup(of: loop) } }
        let observer = try SQLiteStore(url: store)
        try waitUntil(timeout: .seconds(60), polling: .milliseconds(20)) { try observer.count() >= 41 || !loop.isRunning }
        // Kill the shell and the add it is running, wherever that add has got to.
        #expect(GeocacheTUIBinary.killGroup(of: loop))
        try loop.waitForExit()
        #expect(loop.terminationReason == .uncaughtSignal)

        let reopened = try SQLiteStore(url: store)
        let caches = try reopened.loadCaches()
        #expect(caches.first?.withoutCode == Samples.oak)
        let titles = caches.dropFirst().map(\.title)
        #expect(titles.count >= 40)
        #expect(titles == (1...max(1, titles.count)).prefix(titles.count).map { "killed \($0)" })
        #expect(try reopened.count() == caches.count)
        let queue = try DatabaseQueue(path: store.path)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        try queue.close()
    }

    @Test(.timeLimit(.minutes(10))) func aSecondStoreOnAnOpenFileKeepsTheFirstOnesLocks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        let first = try SQLiteStore(url: store)
        try first.add(Samples.oak)
        // A second store in this process, opened and closed again.
        _ = try SQLiteStore(url: store).count()
        // Another process's connection closes: it must not find itself the last one
        // (which would checkpoint and delete the write-ahead log under `first`).
        let result = try GeocacheTUIBinary.run(["add", "--store", store.path, "--title", "t", "--details", "d",
                                                "--creator", "c", "--reward", "r"])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: store.path + "-wal"))
        try first.add(Samples.bridge)
        #expect(try first.count() == 3)
        #expect(try first.integrityCheck() == "ok")
    }
}
