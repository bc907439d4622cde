import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `geocache-tui` executable and a way to run it.
package enum GeocacheTUIBinary {
    /// `GEOCACHE_TUI_BIN` if set, else `geocache-tui` next to the test executable (where
    /// `swift build --build-tests` puts the product too), else `.build/debug/geocache-tui`
    /// in the package.
    package static let url: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GEOCACHE_TUI_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in candidates {
            // Inside an .xctest bundle directory on some layouts: look above it too.
            var current = directory
            for _ in 0..<4 {
                let binary = current.appendingPathComponent("geocache-tui")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                current.deleteLastPathComponent()
            }
        }
        return PackageRoot.url.appendingPathComponent(".build/debug/geocache-tui")
    }()

    /// The test process's own `XDG_DATA_HOME`, removed when the process exits.
    private static let dataHome = FileManager.default.temporaryDirectory
        .appendingPathComponent("geocache-data-\(getpid())").path

    /// This process's environment with `XDG_DATA_HOME` (where a club store's field-mode
    /// files go) in a directory of the test process's own, not the runner's
    /// ~/.local/share: what a run without an environment of its own gets.
    package static let inheritedEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        try? FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: GeocacheTUIBinary.dataHome) }
        environment["XDG_DATA_HOME"] = dataHome
        return environment
    }()

    /// What a finished run left behind.
    package struct Result {
        package let status: Int32
        package let output: String
        package let error: String
    }

    /// Runs the executable with `arguments` and waits for it.
    package static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        try runTool(url.path, arguments, environment: environment)
    }

    /// Runs the program at `path` with `arguments` (in `environment` instead of this
    /// process's, when given) and waits for it. Its output goes to files, not pipes: a
    /// pipe inherited by any other process (a tmux server another test started) would
    /// keep its reader waiting.
    package static func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outURL = directory.file("stdout"), errURL = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment ?? inheritedEnvironment
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try process.waitForExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A shell loop adding caches "<prefix> 1", "<prefix> 2", ... up to `count` to the
    /// store `--store` names, with `$BIN` (``startShell(_:extra:)`` sets it); it stops at
    /// the first failed add.
    package static func addLoop(prefix: String, count: Int, store: String) -> String {
        """
        i=1
        while [ $i -le \(count) ]; do
          "$BIN" add --store '\(store)' --title "\(prefix) $i" --details "d $i" --creator "\(prefix)" --reward "r $i" || exit 1
          i=$((i + 1))
        done
        """
    }

    /// Starts the binary with `arguments` and the given standard streams, with SIGINT,
    /// SIGTERM and SIGHUP open as a shell would leave them: the child inherits the
    /// starting thread's signal mask, and the test runner's threads block them.
    package static func start(_ arguments: [String], input: Any = FileHandle.nullDevice,
                              output: Any = FileHandle.nullDevice, error: Any = FileHandle.nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        process.environment = inheritedEnvironment
        var signals = sigset_t(), saved = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        return process
    }

    /// Starts `/bin/sh -c script` with `$BIN` naming the executable and `extra` in
    /// its environment. Foundation starts the child in a process group of its own,
    /// so `kill(-pid, ...)` reaches the shell and whatever it is running.
    package static func startShell(_ script: String, extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = inheritedEnvironment
        environment["BIN"] = url.path
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Sends SIGKILL to the process group `process` leads, or to the process alone
    /// when it leads none.
    package static func killGroup(of process: Process) -> Bool {
        let pid = process.processIdentifier
        return kill(getpgid(pid) == pid ? -pid : pid, SIGKILL) == 0
    }
}
