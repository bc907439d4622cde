import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import GeoModel
import GeoTestSupport

/// A write lock another program holds on the store (a transaction left open in
/// `sqlite3`), met by a command run through the built executable.
@Suite struct StoreLockCommandTests {
    @Test("add refused by a write lock another program holds names the holder and gives no disk advice")
    func addNamesTheLockHolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        try SQLiteStore(url: store).add(Samples.oak)

        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [store.path]
        let input = Pipe.forOneChild()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer {
            // Not by closing its input: a process started meanwhile (a test's PostgreSQL
            // server) may have inherited the pipe and would keep it open.
            kill(holder.processIdentifier, SIGKILL)
            try? holder.waitForExit(timeout: .seconds(30))
            try? input.fileHandleForWriting.close()
        }
        // With a busy timeout: the shell has none, and its BEGIN failed for good when it
        // met the probe below holding the lock for its own try.
        input.fileHandleForWriting.write(Data(".timeout 10000\nBEGIN IMMEDIATE;\n".utf8))
        #expect(waitUntil(timeout: .seconds(10)) { writeLockIsHeld(store) }, "sqlite3 took the write lock")

        let result = try GeocacheTUIBinary.run(["add", "--store", store.path, "--title", "Mill",
                                                "--details", "d", "--creator", "c", "--reward", "r"])
        #expect(result.status == 1)
        #expect(result.error.contains("another program (sqlite3, process \(holder.processIdentifier)) "
                                      + "holds a lock on the store; nothing was changed"), "\(result.error)")
        #expect(!result.error.contains("Check the disk"), "\(result.error)")
        #expect(try SQLiteStore(url: store).count() == 1)
    }

    @Test("add on a club store refused by an append lock another session holds names that session")
    func clubAddNamesTheLockHolder() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        try PostgresStore(url: url).add(Samples.oak)
        let holder = try PostgresConnection(url + "?application_name=lock-holder")
        try holder.query("BEGIN")
        try holder.query("SELECT pg_advisory_xact_lock(\(PostgresStore.appendLock))")
        defer { _ = try? holder.query("ROLLBACK") }

        let result = try GeocacheTUIBinary.run(["add", "--store", url, "--title", "Mill",
                                                "--details", "d", "--creator", "c", "--reward", "r"])
        #expect(result.status == 1)
        #expect(result.error.contains("another program (lock-holder of "), "\(result.error)")
        #expect(result.error.contains("holds a lock on the store; nothing was changed"), "\(result.error)")
        #expect(try PostgresStore(url: url).count() == 1)
    }
}
