import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Several `geocache-tui` processes on one PostgreSQL store at once, and processes
/// killed in the middle of their work.
@Suite struct ClubConcurrencyTests {
    @Test(.timeLimit(.minutes(10))) func fourProcessesAddingSixtyEachKeepAllTwoHundredFortyInOrder() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        _ = try PostgresStore(url: url)
        let prefixes = ["north", "east", "south", "west"]
        let loops = try prefixes.map { try GeocacheTUIBinary.startShell(GeocacheTUIBinary.addLoop(prefix: $0, count: 60, store: url)) }
        for loop in loops { try loop.waitForExit() }
        #expect(loops.map(\.terminationStatus) == [0, 0, 0, 0])
        let store = try PostgresStore(url: url)
        let caches = try store.loadCaches()
        #expect(caches.count == 240)
        #expect(try store.count() == 240)
        for prefix in prefixes {
            #expect(caches.filter { $0.creator == prefix }.map(\.title) == (1...60).map { "\(prefix) \($0)" })
        }
    }

    @Test(.timeLimit(.minutes(10))) func aProcessKilledWhileAddingLeavesEveryCommittedCacheAndNothingElse() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let observer = try PostgresStore(url: url)
        let loop = try GeocacheTUIBinary.startShell(GeocacheTUIBinary.addLoop(prefix: "killed", count: 100_000, store: url))
        defer { if loop.isRunning { _ = GeocacheTUIBinary.killGroup(of: loop) } }
        try waitUntil(timeout: .seconds(60), polling: .milliseconds(20)) { try observer.count() >= 20 || !loop.isRunning }
        #expect(GeocacheTUIBinary.killGroup(of: loop))
        try loop.waitForExit()
        let caches = try PostgresStore(url: url).loadCaches()
        #expect(caches.count >= 20)
        #expect(caches.map(\.title) == (1...max(1, caches.count)).prefix(caches.count).map { "killed \($0)" })
        #expect(try observer.count() == caches.count)
    }

    @Test(.timeLimit(.minutes(10))) func aProcessKilledDuringAnImportLeavesNothingOfIt() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let store = try PostgresStore(url: url)
        try store.add(Samples.oak)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("caches.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let importing = try GeocacheTUIBinary.startShell("\"$BIN\" import --store '\(url)' '\(fifo)'")
        defer { if importing.isRunning { _ = GeocacheTUIBinary.killGroup(of: importing) } }
        // Two thousand caches go in, then the input stalls with the transaction open.
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        let elements = (1...2000).map { JSONInterchange.element(for: Samples.numbered($0), isFirst: $0 == 1) }
        writer.write(Data(elements.joined().utf8))
        try waitUntil(timeout: .seconds(20), polling: .milliseconds(20)) {
            try store.count() != 1 || importHoldsTheAppendLock(url)
        }
        #expect(GeocacheTUIBinary.killGroup(of: importing))
        try importing.waitForExit()
        try writer.close()
        #expect(try PostgresStore(url: url).loadCaches().withoutCodes == [Samples.oak])
    }

    /// Whether a session of `url`'s database holds an advisory lock (an import's).
    private func importHoldsTheAppendLock(_ url: String) throws -> Bool {
        let name = String(url.split(separator: "/").last!)
        let locks = try PostgresTestServer.shared().superuser("""
            SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE l.locktype = 'advisory' AND l.granted AND d.datname = '\(name)'
            """)
        return locks.rows.first?.int(0) ?? 0 > 0
    }
}
