import Foundation
import GeoTestSupport

/// A private tmux server running one program in a window of a given size, driven
/// with `send-keys` and read with `capture-pane`, as a person at a terminal would.
///
/// Every wait polls the screen (every 20 ms, bounded); nothing sleeps a fixed time.
final class TmuxSession {
    let socket: String
    let directory: URL

    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "timed out waiting for \(expected); screen was:\n\(screen)" }
    }

    /// Starts `command` (run by `sh -c`) in a new detached session of `width`x`height`.
    ///
    /// With `interactiveShell`, the window runs an interactive bash with job control
    /// and the command is typed at its prompt (for Ctrl-Z and `fg`).
    init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:],
         interactiveShell: Bool = false) throws {
        socket = "geocache-e2e-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("geocache-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A club store's files on this machine (field mode) go to the session's own
        // directory, not the runner's ~/.local/share, unless the test names a place.
        var environment = environment
        if environment["XDG_DATA_HOME"] == nil {
            environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        }
        let env = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let window = interactiveShell
            ? "env PS1='$ ' \(env) bash --norc --noprofile -i"
            : "env \(env) \(command); echo \"[exited $?]\"; sleep 120"
        try tmux(["-f", "/dev/null", "start-server",
                  ";", "set-option", "-g", "escape-time", "0",
                  ";", "set-option", "-g", "default-terminal", "tmux-256color",
                  ";", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", window])
        if interactiveShell {
            try waitFor("a shell prompt") { $0.split(separator: "\n").contains("$") }
            try type(command)
            try send("Enter")
        }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs tmux on this session's private socket and returns what it printed.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        // Output goes to a file and the client is waited for with waitpid: the tmux
        // server that new-session starts keeps every inherited descriptor open, so a
        // pipe (or Foundation's Process, which watches one) would wait for ever.
        let output = directory.appendingPathComponent("tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = try Self.spawnAndWait("/usr/bin/tmux", ["-u", "-L", socket] + arguments, stdout: output.path)
        guard status == 0 || arguments.first == "kill-server" else {
            throw TmuxFailed(arguments: arguments, status: status)
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    struct TmuxFailed: Error, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        var description: String { "tmux \(arguments.joined(separator: " ")) exited with \(status)" }
    }

    /// Runs `path` with `arguments`, standard output to the file `stdout`, standard input
    /// and error on /dev/null, and returns its exit status.
    ///
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare.
    private static let closingFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }

    /// A tmux server started this way lives on, so it is given no other descriptor of
    /// the test process's: one that kept the writing end of another test's pipe open
    /// (the input of an import waiting for its end) would keep that reader waiting for
    /// as long as the server lived.
    static func spawnAndWait(_ path: String, _ arguments: [String], stdout: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        _ = closingFrom?(&actions, 3)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The calling thread may be a worker whose signals are blocked; a tmux server
        // started with that mask would ignore the SIGTERM that kill-server sends itself.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGCHLD, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw TmuxFailed(arguments: arguments, status: result) }
        // Bounded: a tmux client that never gets its answer fails the test, not the run.
        var status: Int32 = 0
        let exited = waitUntil(timeout: .seconds(60), polling: .milliseconds(2)) {
            var result = waitpid(pid, &status, WNOHANG)
            while result < 0 && errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
            return result != 0
        }
        guard exited else {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            throw ProcessTimeout(command: ([path] + arguments).joined(separator: " "), timeout: .seconds(60))
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Sends tmux key names ("Tab", "C-q", "Enter") or, with `literal`, text as typed.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "0", "-l", text]) }

    /// The screen as text, one line per row.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "0"]) }

    /// Waits until `predicate` holds for the screen; returns that screen. The default
    /// wait is long: it catches a screen that never comes, and on two cores in a full
    /// run a start of the binary can wait seconds for a CPU.
    @discardableResult
    func waitFor(_ description: String, timeout: TimeInterval = 30,
                 _ predicate: (String) -> Bool) throws -> String {
        var last = ""
        let seen = try waitUntil(timeout: .seconds(timeout), polling: .milliseconds(20)) {
            last = try screen()
            return predicate(last)
        }
        guard seen else { throw Timeout(expected: description, screen: last) }
        return last
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 30) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Resizes the window (tmux delivers SIGWINCH to the program).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The process id of the program in the pane's shell (the pane's child).
    func programPID(named name: String = "geocache-tui") throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let shellPID = Int32(shell) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shellPID)/task/\(shellPID)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ") {
            if let pid = Int32(child),
               let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
               comm.hasPrefix(name.prefix(15)) { return pid }
        }
        return shellPID
    }
}

extension TmuxSession {
    /// The shell command that runs the built app on `store`.
    static func appCommand(store: URL) -> String {
        appCommand(storeArgument: store.path)
    }

    /// The shell command that runs the built app on the store `--store` names.
    static func appCommand(storeArgument: String) -> String {
        "\(quote(GeocacheTUIBinary.url.path)) --store \(quote(storeArgument))"
    }

    /// Starts the built app on `store` in a UTF-8 locale and waits for the open form:
    /// its help bar (the last thing a paint draws) with the store open (the status line
    /// no longer says "Opening…").
    static func app(store: URL, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        try app(storeArgument: store.path, width: width, height: height)
    }

    /// Starts the built app on the store `--store` names (a file or a server URL).
    static func app(storeArgument: String, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let session = try TmuxSession(command: appCommand(storeArgument: storeArgument), width: width, height: height,
                                      environment: ["LANG": "C.UTF-8"])
        try session.waitFor("the form on its open store") { $0.contains("^Q Quit") && !$0.contains("Opening\u{2026}") }
        return session
    }

    /// Types `fields` into the form's fields, Tab between them, from the focused one.
    func typeFields(_ fields: [String]) throws {
        for (index, text) in fields.enumerated() {
            try type(text)
            if index < fields.count - 1 { try send("Tab") }
        }
    }

    /// Runs the built binary with `arguments` outside tmux (a script beside the form)
    /// and returns its exit status.
    static func runBinary(_ arguments: [String]) throws -> Int32 {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("geocache-cmd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        return try spawnAndWait(GeocacheTUIBinary.url.path, arguments, stdout: output.path)
    }

    /// Quits the app with Ctrl-Q and waits for it to exit with status 0.
    func quitApp() throws {
        try send("C-q")
        try waitFor("[exited 0]")
    }
}
