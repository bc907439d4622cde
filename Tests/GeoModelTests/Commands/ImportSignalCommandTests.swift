import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP during `geocache-tui import`: before the commit the
/// import rolls back and says so in one line; after it the summary is printed; the
/// exit status is 128 + the signal's number. Never a silent exit.
@Suite("Import and signals")
struct ImportSignalCommandTests {
    /// Starts `geocache-tui import` on `fixture`'s store; its output goes to files there.
    private func startImport(_ fixture: StoreFixture, _ arguments: [String],
                             input: Any = FileHandle.nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = GeocacheTUIBinary.url
        process.arguments = ["import", "--store", fixture.storeArgument] + arguments
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: emptyFile(fixture, "stdout"))
        process.standardError = try FileHandle(forWritingTo: emptyFile(fixture, "stderr"))
        // The child inherits this thread's signal mask, and the test runner's threads
        // block SIGINT, SIGTERM and SIGHUP; a shell would start the import with them open.
        var signals = sigset_t(), saved = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        return process
    }

    private func emptyFile(_ fixture: StoreFixture, _ name: String) -> URL {
        let url = fixture.directory.file(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    private func contents(_ fixture: StoreFixture, _ name: String) -> String {
        (try? String(contentsOf: fixture.directory.file(name), encoding: .utf8)) ?? ""
    }

    /// Waits for `process` to end, killing it (and recording an issue) after 30 seconds.
    private func waitForExit(_ process: Process) {
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the import did not end after the signal")
        }
        process.waitUntilExit()
    }

    /// True while another connection holds the store's write lock (the import's transaction).
    private func writeLockIsHeld(_ url: URL) -> Bool {
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration) else { return false }
        defer { try? queue.close() }
        do {
            try queue.inDatabase { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "ROLLBACK")
            }
            return false
        } catch {
            return true
        }
    }

    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
    func aSignalWhileTheImportWaitsForInputRollsItBackAndSaysSo(_ signal: Int32, _ name: String) throws {
        let fixture = try StoreFixture.seeded()
        let input = Pipe()
        let process = try startImport(fixture, ["-"], input: input)
        // Two caches read, then the input stays open: the import waits inside its transaction.
        let elements = [Samples.mill, Samples.numbered(1)].map { JSONInterchange.element(for: $0, isFirst: false) }
        input.fileHandleForWriting.write(Data(("[" + elements.joined().dropFirst()).utf8))
        let deadline = ContinuousClock.now + .seconds(20)
        while !writeLockIsHeld(fixture.fileURL), process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        kill(process.processIdentifier, signal)
        waitForExit(process)
        try input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(contents(fixture, "stderr")
                == "geocache-tui: interrupted by \(name): the import was rolled back; nothing was stored\n")
        #expect(contents(fixture, "stdout").isEmpty)
        #expect(try fixture.store.loadCaches() == [Samples.oak, Samples.bridge])
    }

    /// Delays in milliseconds after the import's transaction began; the last lets the
    /// import finish on an idle machine.
    @Test(arguments: [0, 40, 120, 300, 700, 1_500, 5_000])
    func aTermAtAnyMomentOfALargeImportEitherRollsBackOrReportsEverythingStored(_ delay: Int) throws {
        let fixture = try StoreFixture.seeded()
        let caches = (1...20_000).map(Samples.numbered)
        let file = try fixture.write(JSONInterchange.document(for: caches), to: "big.json")
        let process = try startImport(fixture, [file])
        let deadline = ContinuousClock.now + .seconds(20)
        while !writeLockIsHeld(fixture.fileURL), process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        usleep(useconds_t(delay * 1_000))
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        waitForExit(process)
        #expect(process.terminationReason == .exit)
        let output = contents(fixture, "stdout"), error = contents(fixture, "stderr")
        if output.isEmpty {
            #expect(process.terminationStatus == 143)
            #expect(error == "geocache-tui: interrupted by SIGTERM: the import was rolled back; nothing was stored\n")
            #expect(try fixture.store.count() == 2)
        } else {
            #expect(output == "Added 20000 caches, skipped 0 as duplicates, rejected 0.\n")
            #expect(error.isEmpty)
            #expect([0, 143].contains(process.terminationStatus))
            #expect(try fixture.store.count() == 20_002)
        }
    }
}
