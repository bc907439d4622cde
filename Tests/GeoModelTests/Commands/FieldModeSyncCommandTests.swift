import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `geocache-tui sync`: delivering, conflicts and how the member settles them, the
/// status, a copy of the caches near a place, and a server away.
@Suite(.serialized) struct FieldModeSyncCommandTests {
    @Test func syncDeliversWhatWaitsAndSaysSo() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output == "delivered 1 change; the copy holds 1 cache (all the club's caches)\n")
        #expect(try club.serverCaches().map(\.title) == ["Old Oak"])
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test("a sync whose copy cannot be written after it delivered says what it delivered",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit"))
    func aSyncWhoseCopyFailsSaysWhatItDelivered() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try club.server.start()
        // A cache on the server larger than the copy may be under the limit below.
        try PostgresStore(url: club.url).add(GeoCache(title: "Large", details: String(repeating: "x", count: 120_000),
                                                      creator: "ana", reward: "Coin"))
        let sync = try club.run(["--default-signal=XFSZ", "/usr/bin/prlimit", "--fsize=102400", GeocacheTUIBinary.url.path, "sync"],
                                tool: "/usr/bin/env")
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output == "delivered 1 change; the copy was not refreshed:\n", "stdout was: \(sync.output)")
        #expect(sync.error.contains("file size limit"), "stderr was: \(sync.error)")
        #expect(try club.serverCaches().map(\.title) == ["Large", "Old Oak"])
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test func aDeliveryCutRightAfterItsCommitIsNotRepeated() throws {
        var relay: FaultRelay?
        let club = try FieldModeClub { server in
            relay = try FaultRelay(to: server.port)
            return try #require(relay).url(through: try server.makeDatabase())
        }
        defer { club.finish() }
        let cutter = try #require(relay)
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try club.server.start()
        try cutter.arm(.cutAfterCommit)
        let sync = try club.run(["sync"])
        #expect(cutter.hasFired(.cutAfterCommit))
        #expect(sync.status == 0, "stderr was: \(sync.error) stdout: \(sync.output)")
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map(\.title) == ["Old Oak"])
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test("a command whose delivery of a kept change loses the reply and the server keeps its own change behind it")
    func theOwnChangeWaitsBehindAKeptChangeWhoseReplyWasLost() throws {
        var relay: FaultRelay?
        let club = try FieldModeClub { server in
            relay = try FaultRelay(to: server.port)
            return try #require(relay).url(through: try server.makeDatabase())
        }
        defer { club.finish() }
        let path = try #require(relay)
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        try club.server.start()
        // The kept add's COMMIT reaches the server, its reply is lost, then the path stops answering.
        try path.arm(.dropRepliesAfterCommit)
        let staller = Thread {
            _ = waitUntil(timeout: .seconds(30)) { path.hasFired(.dropRepliesAfterCommit) }
            try? path.stall()
        }
        staller.start()
        let add = try club.run(["add"] + FieldModeClub.fields("Bridge"))
        try path.resume()
        #expect(add.status == 0, "stderr was: \(add.error)")
        #expect(add.error.contains("kept on this machine"), "stderr was: \(add.error)")
        #expect(try Outbox(files: club.files).changes().map(\.title) == ["Old Oak", "Bridge"])
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map(\.title) == ["Old Oak", "Bridge"])
    }

    @Test func syncReportsAConflictingEditWithBothVersionsExitsOneAndKeepsIt() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict()
        let sync = try club.run(["sync"])
        #expect(sync.status == 1)
        #expect(sync.output.contains("conflict: change 1, an edit of "), "stdout was: \(sync.output)")
        #expect(sync.output.contains("  the cache was changed on the server meanwhile\n  Reward\n"
                                     + "    base: r\n    server: Their coin\n    yours: My coin\n"))
        #expect(!sync.output.contains("  Title\n"))
        #expect(sync.output.contains("keep your changes: sync --overwrite 1; give it up: sync --discard 1"))
        #expect(try Outbox(files: club.files).changes().map(\.sequence) == [1])
        #expect(try club.serverCaches().map(\.reward) == ["Their coin"])
    }

    @Test("a conflict names the change's cache with its control characters escaped, as list writes them")
    func aConflictNamesTheTitleEscaped() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict(title: "Old\u{1B}]0;X\u{07}Oak")
        let sync = try club.run(["sync"])
        #expect(sync.output.contains("“Old\\u{1B}]0;X\\u{7}Oak” queued"), "stdout was: \(sync.output)")
        #expect(!sync.output.contains("\u{1B}"))
    }

    @Test("an online edit of a cache whose kept edit waits in conflict is refused, so the older one never comes after it")
    func anOnlineEditOfACacheInConflictIsRefused() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict()
        let code = try club.serverCodes()[0]
        let edit = try club.run(["edit", "--code", code, "--reward", "Newer"])
        #expect(edit.status == 1, "stderr was: \(edit.error)")
        #expect(edit.error.contains("change 1, of \(code) “Old Oak”, kept on this machine, waits for you"), "\(edit.error)")
        #expect(try club.serverCaches().map(\.reward) == ["Their coin"])
        #expect(try Outbox(files: club.files).changes().map(\.sequence) == [1])
    }

    @Test func discardDropsTheConflictingChangeAndTheServerKeepsItsVersion() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict()
        #expect(try club.run(["sync"]).status == 1)
        let discard = try club.run(["sync", "--discard", "1"])
        #expect(discard.status == 0, "stderr was: \(discard.error)")
        #expect(discard.output.hasPrefix("dropped change 1, an edit of "))
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map(\.reward) == ["Their coin"])
    }

    @Test func overwriteMakesTheConflictingChangeWinAndDeliversIt() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict()
        #expect(try club.run(["sync"]).status == 1)
        let overwrite = try club.run(["sync", "--overwrite", "1"])
        #expect(overwrite.status == 0, "stdout was: \(overwrite.output), stderr: \(overwrite.error)")
        #expect(try club.serverCaches().map(\.reward) == ["My coin"])
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test func aConflictFoundByAnotherCommandIsSaidOnStandardErrorAndTheCommandGoesOn() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict()
        let add = try club.run(["add"] + FieldModeClub.fields("Bridge"))
        #expect(add.status == 0)
        #expect(add.error.hasPrefix("geocache-tui: conflict: change 1, an edit of "), "stderr was: \(add.error)")
        #expect(add.error.contains("\n    base: r\n    server: Their coin\n    yours: My coin\n"))
        #expect(try club.serverCaches().map(\.title) == ["Old Oak", "Bridge"])
        #expect(try Outbox(files: club.files).count() == 1)
    }

    @Test func overwriteOfAChangeNotInConflictSaysSoAndExitsOne() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let overwrite = try club.run(["sync", "--overwrite", "1"])
        #expect(overwrite.status == 1)
        #expect(overwrite.error.hasPrefix("geocache-tui: "), "stderr was: \(overwrite.error)")
        #expect(overwrite.error.split(separator: "\n").count == 1)
        #expect(try Outbox(files: club.files).count() == 1)
    }

    @Test func discardOfAChangeThatDoesNotWaitSaysSoAndExitsOne() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let discard = try club.run(["sync", "--discard", "7"])
        #expect(discard.status == 1)
        #expect(discard.error == "geocache-tui: there is no waiting change 7: nothing waits on this machine (see sync --status)\n")
    }

    @Test func statusListsWhatWaitsAndTheCopyWithoutTheServer() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let code = try #require(try Outbox(files: club.files).changes().first?.code)
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        let lines = status.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "stdout was: \(status.output)")
        #expect(lines.first?.hasPrefix("1 change waiting on this machine for ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("1\tadd\t\(code)\tOld Oak\tqueued ") == true)
        #expect(lines.dropFirst().first?.hasSuffix("\twaiting") == true)
        #expect(lines.last?.hasPrefix("copy: 1 cache, refreshed just now (") == true)
        #expect(lines.last?.hasSuffix("), all the club's caches") == true)
    }

    @Test func syncWithinADistanceKeepsOnlyTheCachesNearThePlace() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Zurich", at: "N47 22.123 E008 32.456")).status == 0)
        #expect(try club.run(["add"] + FieldModeClub.fields("Bern", at: "N46 56.869 E007 26.683")).status == 0)
        let sync = try club.run(["sync", "--within", "50km", "--near", "N47 22.000 E008 32.000"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output.hasPrefix("delivered 0 changes; the copy holds 1 cache (within 50"), "stdout was: \(sync.output)")
        try club.server.stop()
        let list = try club.run(["list"])
        #expect(list.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["Zurich"])
    }

    @Test(arguments: ["km", "-5km", "5 miles", "0m", "far"])
    func aDistanceThatIsNoNumberAboveZeroInAUnitItKnowsIsAUsageError(_ distance: String) throws {
        let sync = try GeocacheTUIBinary.run(["sync", "--store", "postgresql://geo@127.0.0.1:1/caches",
                                              "--within", distance, "--near", "N47 22.000 E008 32.000"])
        #expect(sync.status == 64)
        #expect(sync.error.contains("is not a distance"), "stderr was: \(sync.error)")
    }

    @Test func syncWhileTheServerIsDownSaysSoExitsSixtyNineAndKeepsTheChanges() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let sync = try club.run(["sync"])
        #expect(sync.status == 69)
        #expect(sync.error.hasPrefix("geocache-tui: the club store cannot be reached ("), "stderr was: \(sync.error)")
        #expect(sync.error.contains("1 change still waits on this machine"))
        #expect(try Outbox(files: club.files).count() == 1)
        #expect(!FileManager.default.fileExists(atPath: club.files.copyPath))
    }

    @Test func aPasswordInTheURLNeverReachesTheFilesOnThisMachine() throws {
        let club = try FieldModeClub { server in
            // Empty: the role that owns the database sets it up, as before the club's rules.
            let database = URL(string: try server.makeDatabase(settingUp: false))!.lastPathComponent
            try server.superuser("ALTER DATABASE \(database) OWNER TO \(PostgresTestServer.passwordRole)")
            return server.uri(database: database, user: PostgresTestServer.passwordRole,
                              password: PostgresTestServer.rolePassword)
        }
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let root = club.data.url.path
        let files = try FileManager.default.subpathsOfDirectory(atPath: root)
        #expect(files.contains { $0.hasSuffix("outbox.sqlite") } && files.contains { $0.hasSuffix("copy.sqlite") })
        for file in files {
            #expect(!file.contains(PostgresTestServer.rolePassword))
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + file))) ?? Data()
            #expect(bytes.range(of: Data(PostgresTestServer.rolePassword.utf8)) == nil, "\(file) holds the password")
        }
    }

    @Test func syncOnAFileStoreIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(["sync", "--store", directory.file().path])
        #expect(result.status == 64)
        #expect(result.error.contains("sync is for a club store"), "stderr was: \(result.error)")
    }
}

extension FieldModeClub {
    /// A cache on the server, an edit of it kept on this machine while the server was
    /// down (reward "My coin"), and another edit stored on the server meanwhile (reward
    /// "Their coin"): change 1 conflicts when delivered.
    func makeConflict(title: String = "Old Oak") throws {
        #expect(try run(["add"] + Self.fields(title)).status == 0)
        #expect(try run(["sync"]).status == 0)
        let code = try serverCodes()[0]
        try server.stop()
        #expect(try run(["edit", "--code", code, "--reward", "My coin"]).status == 0)
        try server.start()
        let store = try PostgresStore(url: url)
        let stored = try #require(try store.cache(withCode: code))
        var theirs = stored.cache
        theirs.reward = "Their coin"
        _ = try store.update(stored, to: theirs)
    }
}
