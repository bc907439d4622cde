import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Commands on a club store whose connection ends under them. An import cut before its
/// COMMIT was sent stored nothing and says so (exit status 1), whether the server shut
/// down or ended the session; one cut after it that cannot be looked up says it is not
/// known (75). A command never says it connects again by itself.
@Suite(.serialized) struct ClubConnectionCutCommandTests {
    private let caches = [Samples.oak, Samples.bridge, Samples.mill]

    /// Starts the binary on `club`'s store with `arguments`, its standard error in
    /// `stderr` and its standard input `input`.
    private func start(_ club: FieldModeClub, _ arguments: [String], input: Any = FileHandle.nullDevice,
                       stderr: URL, stdout: URL? = nil) throws -> Process {
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = GeocacheTUIBinary.url
        process.arguments = arguments
        var environment = GeocacheTUIBinary.inheritedEnvironment
        environment["XDG_DATA_HOME"] = club.data.url.path
        environment["GEOCACHE_STORE"] = club.url
        process.environment = environment
        process.standardInput = input
        if let stdout { _ = FileManager.default.createFile(atPath: stdout.path, contents: nil) }
        process.standardOutput = try stdout.map { try FileHandle(forWritingTo: $0) } ?? FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        return process
    }

    private func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// Makes every insert into the club's caches wait a minute first (a statement
    /// trigger sleeping): an import then waits inside its transaction, before its COMMIT.
    private func slowInserts(_ club: FieldModeClub) throws {
        _ = try PostgresStore(url: club.url)  // the store's tables, made by its first opening
        let admin = try PostgresConnection(club.url)
        defer { admin.close() }
        try admin.query("""
            CREATE FUNCTION test_slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_sleep(60); RETURN NULL; END $$
            """)
        try admin.query("""
            CREATE TRIGGER test_slow_insert BEFORE INSERT ON geocache
            FOR EACH STATEMENT EXECUTE FUNCTION test_slow_insert()
            """)
    }

    /// The number of server sessions on `club`'s database waiting as `condition` says.
    private func sessions(_ club: FieldModeClub, where condition: String) -> Int {
        guard let admin = try? PostgresConnection(club.url) else { return 0 }
        defer { admin.close() }
        let rows = try? admin.query("""
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND \(condition)
            """).rows
        return rows?.count ?? 0
    }

    /// Starts `import` of ``caches`` on `club` (whose inserts are slow) and returns once
    /// its transaction waits in its first insert.
    private func startImportInsideItsTransaction(_ club: FieldModeClub, in directory: TemporaryDirectory,
                                                 stderr: URL) throws -> Process {
        try slowInserts(club)
        let file = directory.file("caches.json")
        try JSONEncoder().encode(caches).write(to: file)
        let process = try start(club, ["import", file.path], stderr: stderr)
        #expect(waitUntil(timeout: .seconds(30)) { sessions(club, where: "wait_event = 'PgSleep'") == 1 },
                "stderr was: \(text(stderr))")
        return process
    }

    /// Ends the server sessions that wait (the command's), as an admin's
    /// `pg_terminate_backend` does.
    private func endWaitingSessions(_ club: FieldModeClub) throws {
        let admin = try PostgresConnection(club.url)
        defer { admin.close() }
        try admin.query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND (wait_event = 'PgSleep' OR wait_event_type = 'Lock')
            """)
    }

    @Test func anImportWhoseSessionIsEndedBeforeItsCommitSaysNothingWasImported() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stderr = directory.file("stderr")
        let process = try startImportInsideItsTransaction(club, in: directory, stderr: stderr)
        try endWaitingSessions(club)
        try process.waitForExit(timeout: .seconds(60))

        let message = text(stderr)
        #expect(process.terminationStatus == 1, "stderr was: \(message)")
        #expect(message.hasSuffix(". Nothing was imported; run the import again.\n"), "stderr was: \(message)")
        #expect(message.contains("the connection to the store on "), "stderr was: \(message)")
        #expect(try club.serverCaches().isEmpty)
    }

    @Test func anImportCutByAServerShutdownBeforeItsCommitSaysNothingWasImported() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stderr = directory.file("stderr")
        let process = try startImportInsideItsTransaction(club, in: directory, stderr: stderr)
        try club.server.stop()
        try process.waitForExit(timeout: .seconds(60))
        try club.server.start()

        let message = text(stderr)
        #expect(process.terminationStatus == 1, "stderr was: \(message)")
        #expect(message.hasSuffix(". Nothing was imported; run the import again.\n"), "stderr was: \(message)")
        #expect(!message.contains("not known"), "stderr was: \(message)")
        #expect(try club.serverCaches().isEmpty)
    }

    /// An add kept while the server was away, then `sync` stopped in its delivery by
    /// the server's stop (`immediately`: a crash) while its insert sleeps; the ended process.
    private func syncCutByAServerStop(_ club: FieldModeClub, immediately: Bool, stderr: URL,
                                      stdout: URL? = nil) throws -> Process {
        try slowInserts(club)
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try club.server.start()
        let process = try start(club, ["sync"], stderr: stderr, stdout: stdout)
        #expect(waitUntil(timeout: .seconds(30)) { sessions(club, where: "wait_event = 'PgSleep'") == 1 },
                "stderr was: \(text(stderr))")
        try club.server.stop(immediately: immediately)
        try process.waitForExit(timeout: .seconds(60))
        return process
    }

    @Test("a sync whose server crashes during the delivery exits 69, the changes still waiting", arguments: [false, true])
    func aSyncCutByAServerCrashExitsUnavailable(immediately: Bool) throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stderr = directory.file("stderr")
        let process = try syncCutByAServerStop(club, immediately: immediately, stderr: stderr)
        #expect(process.terminationStatus == 69, "stderr was: \(text(stderr))")
        #expect(try club.run(["sync", "--status"]).output.contains("1 change"))
    }

    @Test func aSyncCutByAServerCrashSaysSoOnceOnStandardError() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (stderr, stdout) = (directory.file("stderr"), directory.file("stdout"))
        _ = try syncCutByAServerStop(club, immediately: true, stderr: stderr, stdout: stdout)
        let message = text(stderr)
        #expect(text(stdout).isEmpty, "stdout was: \(text(stdout))")
        #expect(message.split(separator: "\n").count == 1, "stderr was: \(message)")
        #expect(message.hasPrefix("geocache-tui: the club store went away during delivery ("), "stderr was: \(message)")
        #expect(message.contains("1 change still waits on this machine and its copy was not refreshed"),
                "stderr was: \(message)")
    }

    @Test func aSyncWhoseServerGoesAwayAfterItDeliveredSaysWhatItDelivered() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try club.server.start()
        // Another session's lock on the finder's data holds the copy's read, which
        // follows the delivery, so that the server can stop between the two.
        let locker = try PostgresConnection(club.url)
        defer { locker.close() }
        try locker.query("BEGIN")
        try locker.query("LOCK TABLE geocache_own IN ACCESS EXCLUSIVE MODE")
        let (stderr, stdout) = (directory.file("stderr"), directory.file("stdout"))
        let process = try start(club, ["sync"], stderr: stderr, stdout: stdout)
        #expect(waitUntil(timeout: .seconds(20)) { sessions(club, where: "wait_event_type = 'Lock'") == 1 },
                "stderr was: \(text(stderr))")
        try club.server.stop(immediately: true)
        try process.waitForExit(timeout: .seconds(60))

        let message = text(stderr)
        #expect(process.terminationStatus == 69, "stderr was: \(message)")
        #expect(text(stdout) == "delivered 1 change; the copy was not refreshed:\n", "stdout was: \(text(stdout))")
        #expect(message.hasPrefix("geocache-tui: the club store cannot be reached ("), "stderr was: \(message)")
        #expect(message.contains("; nothing waits on this machine, but its copy was not refreshed."), "stderr was: \(message)")
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test func anImportReadingItsInputWhileTheServerRestartsSaysNothingWasImportedNotThatItConnectsAgain() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stderr = directory.file("stderr")
        let input = Pipe.forOneChild()
        let process = try start(club, ["import", "-"], input: input, stderr: stderr)
        waitUntil(timeout: .seconds(20)) { isReadingAnImport(process) || !process.isRunning }
        try club.server.stop()
        try club.server.start()
        input.fileHandleForWriting.write(try JSONEncoder().encode(caches))
        try input.fileHandleForWriting.close()
        try process.waitForExit(timeout: .seconds(60))

        let message = text(stderr)
        #expect(process.terminationStatus == 1, "stderr was: \(message)")
        #expect(message.hasPrefix("geocache-tui: the connection to the store on "), "stderr was: \(message)")
        #expect(message.hasSuffix(". Nothing was imported; run the import again.\n"), "stderr was: \(message)")
        #expect(!message.contains("cannot be reached") && !message.contains("by itself"), "stderr was: \(message)")
        #expect(try club.serverCaches().isEmpty)
    }

    @Test func anImportCutAfterItsCommitThatCannotBeLookedUpSaysItIsNotKnownAndExitsSeventyFive() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try PostgresStore(url: club.url)  // migrated now: the import's opening commits nothing
        let relay = try FaultRelay(to: club.server.port)
        let file = directory.file("caches.json")
        try JSONEncoder().encode(caches).write(to: file)
        let stderr = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        // The COMMIT reaches the server and its reply is lost; then the path stops
        // answering, so the import cannot ask what became of it.
        try relay.arm(.dropRepliesAfterCommit)
        let process = try GeocacheTUIBinary.start(["import", "--store", relay.url(through: club.url), file.path],
                                                  error: try FileHandle(forWritingTo: stderr))
        #expect(waitUntil(timeout: .seconds(30)) { relay.hasFired(.dropRepliesAfterCommit) })
        try relay.stall()
        try process.waitForExit()
        try relay.resume()

        let message = text(stderr)
        #expect(process.terminationStatus == 75, "stderr was: \(message)")
        #expect(message.contains("not known whether the change was stored"), "stderr was: \(message)")
        #expect(message.contains("Importing the same input again stores nothing twice"), "stderr was: \(message)")
        #expect(!message.contains("nothing was stored") && !message.contains("--code in edit"), "stderr was: \(message)")
    }

    /// A command run on a club store holding one cache, while another session holds the
    /// caches' table locked against every reader (an admin's `LOCK TABLE`).
    private func runUnderATableLock(_ arguments: [String]) throws -> FieldModeClub.Run {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let locker = try PostgresConnection(club.url)
        defer { locker.close() }
        try locker.query("BEGIN")
        try locker.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
        return try club.run(arguments)
    }

    @Test("list and sync under another session's table lock name the lock and exit 1, not 'connection lost' or 69",
          arguments: [["list"], ["sync"]])
    func aReadUnderATableLockNamesTheLock(_ arguments: [String]) throws {
        let result = try runUnderATableLock(arguments)
        #expect(result.status == 1, "stderr was: \(result.error)")
        #expect(result.error.contains("another program (") && result.error.contains(" server process "),
                "stderr was: \(result.error)")
        #expect(!result.error.contains("was lost") && !result.error.contains("cannot be reached"), "\(result.error)")
        #expect(result.error.contains("; nothing was changed."), "a read names no write: \(result.error)")
    }

    @Test func anExportWhoseSessionIsEndedSaysItStoppedAndLeavesTheFileAsItWas() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let output = directory.file("caches.gpx")
        try Data("kept\n".utf8).write(to: output)
        // Another session's lock on the caches holds the export's read, so that its
        // session can be ended while it waits.
        let locker = try PostgresConnection(club.url)
        defer { locker.close() }
        try locker.query("BEGIN")
        try locker.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
        let stderr = directory.file("stderr")
        let process = try start(club, ["export", "--format", "gpx", "--output", output.path], stderr: stderr)
        #expect(waitUntil(timeout: .seconds(20)) { sessions(club, where: "wait_event_type = 'Lock'") == 1 })
        try endWaitingSessions(club)
        try process.waitForExit(timeout: .seconds(60))

        let message = text(stderr)
        #expect(process.terminationStatus == 1, "stderr was: \(message)")
        #expect(message.hasPrefix("geocache-tui: the connection to the store on "), "stderr was: \(message)")
        #expect(message.hasSuffix(". The export stopped: \(output.path) is as it was; run it again.\n"),
                "stderr was: \(message)")
        #expect(!message.contains("stored"), "stderr was: \(message)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "kept\n")
    }
}
