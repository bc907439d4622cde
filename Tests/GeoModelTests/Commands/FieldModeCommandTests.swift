import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Field mode on the command line: `add`, `edit`, `delete`, `list` and `import` on a
/// club store whose server the test stops and starts, and the next command delivering
/// what waited.
@Suite(.serialized) struct FieldModeCommandTests {
    @Test func anAddWhileTheServerIsDownIsKeptOnThisMachineAndSaysSo() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let result = try club.run(["add"] + FieldModeClub.fields("Old Oak"))
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.error.hasPrefix("geocache-tui: the club store cannot be reached ("), "stderr was: \(result.error)")
        #expect(result.error.hasSuffix("; kept on this machine: 1 change waiting for the club store\n"))
        #expect(try Outbox(files: club.files).count() == 1)
    }

    @Test func anEditOfACacheInTheCopyWhileTheServerIsDownIsDeliveredWhenItAnswers() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        let code = try club.serverCodes()[0]
        try club.server.stop()
        let edit = try club.run(["edit", "--code", code, "--reward", "Gold coin"])
        #expect(edit.status == 0, "stderr was: \(edit.error)")
        #expect(edit.error.contains("kept on this machine: 1 change waiting for the club store"))
        try club.server.start()
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map(\.reward) == ["Gold coin"])
    }

    @Test func anEditWhileTheServerIsDownAfterOneStoredStartsFromItAndIsDeliveredWithoutAConflict() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        let code = try club.serverCodes()[0]
        #expect(try club.run(["edit", "--code", code, "--reward", "Gold coin"]).status == 0)
        try club.server.stop()
        #expect(try club.run(["list"]).output.contains("Gold coin"))
        #expect(try club.run(["edit", "--code", code, "--title", "Older Oak"]).status == 0)
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(try club.serverCaches().map { "\($0.title)/\($0.reward)" } == ["Older Oak/Gold coin"])
    }

    @Test func anEditOfAnAddWaitingOnThisMachineNamesItByCode() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        let code = try #require(try Outbox(files: club.files).changes().first?.code)
        let edit = try club.run(["edit", "--code", code, "--reward", "Gold coin"])
        #expect(edit.status == 0, "stderr was: \(edit.error)")
        #expect(edit.error.contains("kept on this machine: 2 changes waiting for the club store"))
        try club.server.start()
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map { "\($0.title)/\($0.reward)/\($0.code ?? "")" } == ["Old Oak/Gold coin/\(code)"])
    }

    @Test func anEditWhileTheServerIsDownWithoutACopySaysWhyAndExitsOne() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let edit = try club.run(["edit", "--position", "1", "--reward", "Gold coin"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("this machine holds no copy of its caches"), "stderr was: \(edit.error)")
        #expect(!FileManager.default.fileExists(atPath: club.files.copyPath))
    }

    @Test func aDeleteOfACacheInTheCopyWhileTheServerIsDownIsKeptAndPrintsIt() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["add"] + FieldModeClub.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let delete = try club.run(["delete", "--position", "1"])
        #expect(delete.status == 0, "stderr was: \(delete.error)")
        #expect(delete.output.hasPrefix("deleted: Old Oak\t"))
        try club.server.start()
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map(\.title) == ["Bridge"])
    }

    @Test func aListWhileTheServerIsDownShowsTheCopyAndSaysHowOldItIs() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["add"] + FieldModeClub.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let list = try club.run(["list"])
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["Old Oak", "Bridge"])
        #expect(list.error.hasPrefix("geocache-tui: club store away; showing the copy of "), "stderr was: \(list.error)")
    }

    @Test func aListWhileTheServerIsDownWithoutACopyFailsAsBefore() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let list = try club.run(["list"])
        #expect(list.status == 1)
        #expect(list.error.hasPrefix("geocache-tui: cannot connect to the store on"), "stderr was: \(list.error)")
    }

    @Test func anImportWhileTheServerIsDownIsRefusedAndNothingIsKept() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let file = club.data.file("caches.json")
        try #"[{"title":"Old Oak","details":"d","creator":"c","reward":"r"}]"#.write(to: file, atomically: true, encoding: .utf8)
        try club.server.stop()
        let result = try club.run(["import", file.path])
        #expect(result.status == 1)
        #expect(result.error.contains("imports are not kept on this machine"), "stderr was: \(result.error)")
        #expect(result.error.contains("Try again when the server answers."))
        #expect(!FileManager.default.fileExists(atPath: club.files.outboxPath))
    }

    @Test func anAddWithAConnectionOptionLibpqRefusesIsRefusedAndNothingIsKept() throws {
        let club = try FieldModeClub { server in
            let url = try server.makeDatabase()
            return url + (url.contains("?") ? "&" : "?") + "sslmode=bogus"
        }
        defer { club.finish() }
        let result = try club.run(["add"] + FieldModeClub.fields("Old Oak"))
        #expect(result.status == 64)
        #expect(result.error.contains("Correct that option in the URL"), "stderr was: \(result.error)")
        #expect(!FileManager.default.fileExists(atPath: club.files.outboxPath))
    }

    @Test func theNextCommandDeliversWhatWaitedFirstInOrderExactlyOnce() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("First")).status == 0)
        #expect(try club.run(["add"] + FieldModeClub.fields("Second")).status == 0)
        try club.server.start()
        let add = try club.run(["add"] + FieldModeClub.fields("Third"))
        #expect(add.status == 0, "stderr was: \(add.error)")
        #expect(add.error == "geocache-tui: delivered 2 changes kept on this machine\n")
        let list = try club.run(["list"])
        #expect(list.error.isEmpty, "stderr was: \(list.error)")
        #expect(try club.serverCaches().map(\.title) == ["First", "Second", "Third"])
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test func aCommandThatFindsAnotherProcessDeliveringWaitsForItAndStillComesLast() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["add"] + FieldModeClub.fields("First")).status == 0)
        try club.server.start()
        // Another process (an open form, say) is delivering: it holds the outbox's lock
        // for a moment, then lets go without having delivered anything.
        let lock = open(club.files.directory + "/outbox.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        // It lets go once the command has opened the outbox and so is waiting for the lock.
        let outboxPath = club.files.outboxPath
        Thread.detachNewThread {
            waitUntil(timeout: .seconds(30)) { Self.anotherProcessHasOpen(outboxPath) }
            close(lock)
        }
        let add = try club.run(["add"] + FieldModeClub.fields("Second"))
        #expect(add.status == 0, "stderr was: \(add.error)")
        #expect(add.error == "geocache-tui: delivered 1 change kept on this machine\n")
        #expect(try club.serverCaches().map(\.title) == ["First", "Second"])
    }

    /// True when a process other than this one has the file at `path` open.
    private static func anotherProcessHasOpen(_ path: String) -> Bool {
        let me = String(getpid())
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.contains { pid in
            guard pid != me, pid.allSatisfy(\.isNumber) else { return false }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return descriptors.contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path
            }
        }
    }
}

/// A club store on a PostgreSQL server of its own (stopped and started by the tests),
/// and a data directory of its own for the binary (`XDG_DATA_HOME`).
final class FieldModeClub {
    let server: PostgresTestServer
    let url: String
    let data: TemporaryDirectory

    init(url makeURL: ((PostgresTestServer) throws -> String)? = nil) throws {
        server = try PostgresTestServer()
        url = try makeURL?(server) ?? server.makeDatabase()
        data = try TemporaryDirectory()
    }

    /// Where the binary keeps this store's outbox and copy.
    var files: FieldFiles { FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": data.url.path]) }

    /// The four fields of a cache titled `title`, as `add` takes them.
    static func fields(_ title: String, at place: String? = nil) -> [String] {
        ["--title", title, "--details", "d", "--creator", "c", "--reward", "r"] + (place.map { ["--at", $0] } ?? [])
    }

    /// Runs the binary on this store with `arguments` (or `tool` with them, which runs
    /// the binary in its turn), for at most `timeout`: a run that lasts longer is killed
    /// and recorded as an issue.
    func run(_ arguments: [String], tool: String? = nil, timeout: Duration = .seconds(60)) throws -> Run {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outURL = directory.file("stdout"), errURL = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.url.path
        environment["GEOCACHE_STORE"] = url
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = tool.map { URL(fileURLWithPath: $0) } ?? GeocacheTUIBinary.url
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if !waitUntil(timeout: timeout, { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("geocache-tui \(arguments.joined(separator: " ")) did not end within \(timeout)")
            _ = waitUntil(timeout: .seconds(10)) { !process.isRunning }
        }
        return Run(status: process.isRunning ? -1 : process.terminationStatus,
                   output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   error: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// What a finished run left behind.
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// The caches on the server, in stored order.
    func serverCaches() throws -> [GeoCache] {
        try PostgresStore(url: url).loadCaches()
    }

    /// The codes of the caches on the server, in stored order.
    func serverCodes() throws -> [String] {
        try serverCaches().map { $0.code ?? "" }
    }

    /// Stops the server and removes its files and the data directory.
    func finish() {
        server.destroy()
        data.remove()
    }
}
