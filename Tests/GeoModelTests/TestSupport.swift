import Foundation
import GeoModel
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, unique per test.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("geocache-model-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory (not created).
    func file(_ name: String = "caches.sqlite") -> URL {
        url.appendingPathComponent(name)
    }

    /// Deletes the directory and everything in it, restoring permissions first.
    func remove() {
        _ = try? FileManager.default.subpathsOfDirectory(atPath: url.path).forEach {
            chmod(url.appendingPathComponent($0).path, 0o700)
        }
        try? FileManager.default.removeItem(at: url)
    }
}

/// Sample caches for tests.
enum Samples {
    static let oak = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug")
    static let bridge = GeoCache(title: "Bridge", details: "Under the arch", creator: "bo", reward: "Coin")
    static let mill = GeoCache(title: "Mill", details: "By the wheel", creator: "cy", reward: "Pencil")

    /// A valid cache whose title carries `number`.
    static func numbered(_ number: Int) -> GeoCache {
        GeoCache(title: "Cache \(number)", details: "Details \(number)", creator: "tester", reward: "Reward \(number)")
    }

    /// Strings a store and a dictionary must carry unchanged.
    static let awkwardStrings: [String] = [
        "",
        "line one\nline two\r\nline three",
        "東京タワーの下",
        "🧭📦 🇫🇷 👩‍👩‍👧",
        "e\u{301}te\u{301} and a\u{30A}",
        "\"double\" and 'single' quotes, `backticks`",
        "escape \u{1B}[31mred\u{1B}[0m, bell \u{7}, tab \t, NUL \u{0} inside",
        "trailing NUL\u{0}",
        "   ",
    ]
}

/// Records every change a cache list broadcasts.
final class ChangeRecorder {
    private(set) var changes: [CacheListChange] = []
    private(set) var token: ObservationToken?

    init(_ list: CacheList) {
        token = list.observe { [unowned self] in changes.append($0) }
    }

    /// Stops recording by dropping the token.
    func dropToken() { token = nil }
}

/// The bytes of a file, and whether SQLite's side files exist next to it.
struct FileSnapshot: Equatable {
    let bytes: Data?
    let sideFiles: [String]

    init(_ url: URL) {
        bytes = try? Data(contentsOf: url)
        sideFiles = ["-wal", "-shm", "-journal"].filter {
            FileManager.default.fileExists(atPath: url.path + $0)
        }
    }
}

/// The permission bits of a file.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// The built `geocache-tui` executable and a way to run it.
enum GeocacheTUIBinary {
    /// `GEOCACHE_TUI_BIN` if set, else `geocache-tui` next to the test executable,
    /// else `.build/debug/geocache-tui` in the package.
    static let url: URL = {
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
            // On macOS the test bundle is X.xctest/Contents/MacOS/X: look above it too.
            var current = directory
            for _ in 0..<4 {
                let binary = current.appendingPathComponent("geocache-tui")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                current.deleteLastPathComponent()
            }
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/geocache-tui")
    }()

    /// What a finished run left behind.
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs the executable with `arguments` and waits for it.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        try runTool(url.path, arguments, environment: environment)
    }

    /// Runs the program at `path` with `arguments` (in `environment` instead of this
    /// process's, when given) and waits for it.
    static func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outURL = directory.file("stdout"), errURL = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Starts `/bin/sh -c script` with `$BIN` naming the executable and `extra` in
    /// its environment. Foundation starts the child in a process group of its own,
    /// so `kill(-pid, ...)` reaches the shell and whatever it is running.
    /// A shell loop adding caches "<prefix> 1", "<prefix> 2", ... up to `count` to the
    /// store `--store` names, with `$BIN` (``startShell(_:extra:)`` sets it); it stops at
    /// the first failed add.
    static func addLoop(prefix: String, count: Int, store: String) -> String {
        """
        i=1
        while [ $i -le \(count) ]; do
          "$BIN" add --store '\(store)' --title "\(prefix) $i" --details "d $i" --creator "\(prefix)" --reward "r $i" || exit 1
          i=$((i + 1))
        done
        """
    }

    static func startShell(_ script: String, extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
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
    static func killGroup(of process: Process) -> Bool {
        let pid = process.processIdentifier
        return kill(getpgid(pid) == pid ? -pid : pid, SIGKILL) == 0
    }
}
