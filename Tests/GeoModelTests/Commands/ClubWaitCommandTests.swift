import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Commands on a PostgreSQL store that wait for another session's lock: they say so
/// once on stderr and go on waiting; a signal ends the wait at once.
@Suite struct ClubWaitCommandTests {
    private var server: PostgresTestServer { get throws { try PostgresTestServer.shared() } }

    /// Starts the binary with `arguments`, its stderr in `stderr`, with the signals a
    /// shell leaves open (the test runner's threads block them).
    private func start(_ arguments: [String], stderr: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        return try GeocacheTUIBinary.start(arguments, error: try FileHandle(forWritingTo: stderr))
    }

    private func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// Holds the lock every append takes, on a connection of its own, as an import would.
    private func holdAppendLock(_ url: String) throws -> PostgresConnection {
        let other = try PostgresConnection(url)
        try other.query("SELECT pg_advisory_lock(\(0x6765_6F63))")
        return other
    }

    @Test func anAddWaitingForALockSaysSoOnceAndSucceedsWhenItIsReleased() throws {
        let url = try server.makeDatabase()
        _ = try PostgresStore(url: url)
        let other = try holdAppendLock(url)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stderr = directory.file("stderr")
        let process = try start(["add", "--store", url, "--title", "Patient oak", "--details", "d",
                                 "--creator", "c", "--reward", "r"], stderr: stderr)
        #expect(waitUntil(timeout: .seconds(10)) { text(stderr).contains("waiting for another session's change") })
        try other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))")
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(text(stderr) == "geocache-tui: waiting for another session's change\n")
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Patient oak"])
    }

    @Test func sigtermEndsAnImportWaitingOnItsServerAtOnceWithItsStatus() throws {
        let url = try server.makeDatabase()
        _ = try PostgresStore(url: url)
        let other = try holdAppendLock(url)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("caches.json")
        let elements = [Samples.mill, Samples.numbered(1)].map { JSONInterchange.element(for: $0, isFirst: false) }
        try Data(("[" + elements.joined().dropFirst() + "]").utf8).write(to: file)
        let stderr = directory.file("stderr")
        let process = try start(["import", "--store", url, file.path], stderr: stderr)
        #expect(waitUntil(timeout: .seconds(10)) { text(stderr).contains("waiting for another session's change") })
        kill(process.processIdentifier, SIGTERM)
        #expect(waitUntil(timeout: .seconds(10)) { !process.isRunning })
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try process.waitForExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(text(stderr).contains("interrupted by SIGTERM"), "stderr was: \(text(stderr))")
        try other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))")
        #expect(try PostgresStore(url: url).count() == 0)
    }
}
