import CSystem
import Foundation
import GeoModel
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for tests: its own cluster in a temporary
/// directory, listening on 127.0.0.1 and a free port, with trust authentication for
/// the superuser `geo` and a password for the role `club`.
///
/// ``shared()`` starts one server per test process on first use (under a lock, so
/// suites running in parallel share it). A test that stops a server (a fault test)
/// starts its own with ``init()``, so the shared one never goes away under other tests,
/// and ends it with ``destroy()``. Every server has a reaper, a process that stops it
/// and removes its directory once the test process has exited (or was killed): the
/// exit itself waits for neither. When no server can be started the call throws, and
/// the test fails with the reason: it is never skipped.
///
/// As root, `initdb` and `pg_ctl` run as the `postgres` user (`runuser`), because
/// `initdb` refuses to run as root.
package final class PostgresTestServer: @unchecked Sendable {
    /// The role that needs a password (scram-sha-256), for authentication tests.
    package static let passwordRole = "club"
    /// The password of ``passwordRole``.
    package static let rolePassword = "club-Pa55word"
    /// The group whose members log in with their passwords (scram-sha-256), as a club's
    /// members do (``ClubFixture``); every other role is trusted.
    package static let passwordGroup = "geo_password_login"

    /// The port the server listens on, on 127.0.0.1.
    package let port: Int
    /// The directory holding the cluster (`data`), the socket (`sock`) and the log.
    package let directory: URL
    private let binDirectory: URL
    private let lock = NSLock()
    private var databaseCount = 0
    /// The write end of the pipe the server's reaper waits on (``startReaper()``); -1
    /// once the server was destroyed.
    private var reaperPipe: Int32 = -1

    /// The data directory.
    package var dataDirectory: URL { directory.appendingPathComponent("data") }
    /// The directory of the server's Unix socket.
    package var socketDirectory: URL { directory.appendingPathComponent("sock") }

    /// The server every test of this process shares, started on first use.
    package static func shared() throws -> PostgresTestServer {
        try Registry.instance.sharedServer()
    }

    /// Starts a new server of its own (about 1.5 s), stopped by ``destroy()`` or, at the
    /// latest, by its reaper once this process has exited. With `port`, on that port
    /// (another server stopped there: a second cluster answering at the same URLs).
    package init(port: Int? = nil) throws {
        binDirectory = try Self.findBinDirectory()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("geocache-pg-\(UUID().uuidString)")
        self.port = try port ?? LoopbackSocket.freePort()
        try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: true)
        reaperPipe = try startReaper()
        if geteuid() == 0 { try Self.run(["/bin/chown", "-R", "postgres:", directory.path], log: nil) }
        try runTool("initdb", [
            "-D", dataDirectory.path, "-A", "trust", "-U", "geo", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8",
        ])
        let hba = dataDirectory.appendingPathComponent("pg_hba.conf")
        let rules = try String(contentsOf: hba, encoding: .utf8)
        try ("host all \(Self.passwordRole) 127.0.0.1/32 scram-sha-256\n"
             + "host all +\(Self.passwordGroup) 127.0.0.1/32 scram-sha-256\n" + rules)
            .write(to: hba, atomically: false, encoding: .utf8)
        try start()
        try superuser("CREATE ROLE \(Self.passwordRole) LOGIN PASSWORD '\(Self.rolePassword)'")
        try superuser("CREATE ROLE \(Self.passwordGroup) NOLOGIN")
        try runTool("pg_ctl", ["-D", dataDirectory.path, "reload"])
    }

    /// A URI for `database` as `user` (the superuser `geo` unless told).
    package func uri(database: String, user: String = "geo", password: String? = nil) -> String {
        let credentials = password.map { "\(user):\($0)" } ?? user
        return "postgresql://\(credentials)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates a new, uniquely named database set up as a club store by the superuser
    /// `geo` (its tables and the club's rules, `club init`, which also tells `geo` once
    /// that the rules do not bind it) and returns its URI
    /// (`postgresql://geo@127.0.0.1:PORT/NAME`). With `settingUp` false the database
    /// is left empty, for what the first connection does to it.
    package func makeDatabase(settingUp: Bool = true) throws -> String {
        let name = lock.withLock {
            databaseCount += 1
            return "geo_test_\(getpid())_\(databaseCount)"
        }
        try superuser("CREATE DATABASE \(name)")
        if settingUp { _ = try PostgresStore(url: uri(database: name), purpose: .command).setUpClub() }
        return uri(database: name)
    }

    /// Runs `sql` as the superuser `geo` on a new connection to `database`.
    @discardableResult
    package func superuser(_ sql: String, database: String = "postgres") throws -> PostgresResult {
        let connection = try PostgresConnection(uri(database: database))
        defer { connection.close() }
        return try connection.query(sql)
    }

    /// Starts the server (again) on the same port and data directory; returns when it
    /// accepts connections.
    package func start() throws {
        try runTool("pg_ctl", [
            "-D", dataDirectory.path, "-l", directory.appendingPathComponent("server.log").path, "-w", "-t", "30",
            "-o", "-p \(port) -k \(socketDirectory.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500",
            "start",
        ])
    }

    /// Stops the server (fast shutdown: sessions are ended with 57P01).
    package func stop(immediately: Bool = false) throws {
        try runTool("pg_ctl", ["-D", dataDirectory.path, "-w", "-m", immediately ? "immediate" : "fast", "stop"])
    }

    /// Stops the server if it runs and removes its directory, once (a second call does
    /// nothing); its reaper then ends with nothing to do.
    package func destroy() {
        let pipe = lock.withLock {
            defer { reaperPipe = -1 }
            return reaperPipe
        }
        guard pipe >= 0 else { return }
        _ = try? runTool("pg_ctl", stopArguments)
        try? FileManager.default.removeItem(at: directory)
        close(pipe)
    }

    /// `pg_ctl`'s arguments that stop the server at once (immediate shutdown).
    private var stopArguments: [String] { ["-D", dataDirectory.path, "-w", "-m", "immediate", "stop"] }

    /// Starts this server's reaper, and returns the write end of the pipe it waits on.
    ///
    /// The reaper is a shell, orphaned at once (so the system reaps it), that waits for
    /// the end of a pipe whose only write end this process holds (closed on exec: no
    /// program started meanwhile keeps it) and then stops the server and removes its
    /// directory. The pipe ends when this process exits, however it ends (its last test
    /// done, or killed by `scripts/run-tests.sh`), or when ``destroy()`` closes it. The
    /// reaper ignores the terminal's signals and holds none of this process's output,
    /// so nothing waits for it. An exit handler did this before, and the exit waited
    /// for it: removing the shared server's directory (a database per test, 2.6 GB after
    /// a whole run) held the finished test process for 100 s.
    private func startReaper() throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard sys_make_pipe(&ends, 0) == 0 else { throw Failure("cannot make the reaper's pipe: errno \(errno)") }
        defer { close(ends[0]) }
        // A program still writing into the directory (an initdb cut short with this process)
        // can make one removal fail: it is tried again.
        let script = #"""
            ( trap '' HUP INT QUIT TERM; read -r line <&3; "$@"
              for try in 1 2 3 4 5; do rm -rf "$0"; [ -e "$0" ] || break; sleep 1; done ) &
            """#
        do {
            try Self.run(["/bin/sh", "-c", script, directory.path] + toolCommand("pg_ctl", stopArguments),
                         log: nil, passing: ends[0])
        } catch {
            close(ends[1])
            throw error
        }
        return ends[1]
    }

    /// Runs one of the server's programs, as `postgres` when this process is root.
    private func runTool(_ name: String, _ arguments: [String]) throws {
        try Self.run(toolCommand(name, arguments), log: directory.appendingPathComponent("\(name).out"))
    }

    /// The command line of one of the server's programs, through `runuser` when this
    /// process is root.
    private func toolCommand(_ name: String, _ arguments: [String]) -> [String] {
        let tool = binDirectory.appendingPathComponent(name).path
        return geteuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", tool] + arguments : [tool] + arguments
    }

    /// The `bin` directory of the newest PostgreSQL under /usr/lib/postgresql.
    private static func findBinDirectory() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let candidates = versions
            .filter { FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("\($0)/bin/initdb").path) }
            .sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
        guard let newest = candidates.last else {
            throw Failure("no PostgreSQL server found (/usr/lib/postgresql/*/bin/initdb): install the postgresql package (make test does)")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }

    /// Runs `command` to completion, its output in `log` (a file, never a pipe: the
    /// server pg_ctl starts must not hold a pipe open), with `passing` as its descriptor
    /// 3 when given; throws with the output when it fails.
    ///
    /// `posix_spawn` and `waitpid` rather than Foundation's `Process`: under the
    /// parallel test runner `Process.waitUntilExit()` never returned for `runuser …
    /// pg_ctl start` (the child stayed a zombie, never reaped).
    private static func run(_ command: [String], log: URL?, passing descriptor: Int32? = nil) throws {
        let output = log ?? FileManager.default.temporaryDirectory.appendingPathComponent("geocache-pg-\(UUID().uuidString).out")
        defer { if log == nil { try? FileManager.default.removeItem(at: output) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, 3) }
        let arguments = command.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + environment).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environment)
        guard spawned == 0 else { throw Failure("cannot start \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure("waitpid for \(command[0]) failed: errno \(errno)") }
        }
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        if !exited || code != 0 {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            let how = exited ? "exited with status \(code)" : "was killed by signal \(status & 0x7f)"
            throw Failure("\(command.joined(separator: " ")) \(how): \(text)")
        }
    }

    /// Why the test server could not be set up.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = "PostgreSQL test server: " + description }
    }

    /// The process's shared server, started once (or its failure kept).
    private final class Registry: @unchecked Sendable {
        static let instance = Registry()
        private let startLock = NSLock()
        private var shared: Result<PostgresTestServer, Error>?

        func sharedServer() throws -> PostgresTestServer {
            try startLock.withLock {
                if let shared { return try shared.get() }
                let result = Result { try PostgresTestServer() }
                shared = result
                return try result.get()
            }
        }
    }
}
