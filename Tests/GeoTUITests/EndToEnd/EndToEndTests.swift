import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary in a real terminal: tmux runs it on a private server, keys go in
/// with send-keys and the screen comes back with capture-pane. Every wait polls the
/// screen for what a person would see; nothing sleeps a fixed time.
@Suite(.serialized) final class EndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
    }

    /// The store's directory goes with the test (the app has quit, its tmux server is gone).
    deinit { directory.remove() }

    /// Types the four fields and presses the Add shortcut.
    private func add(_ fields: [String], in session: TmuxSession) throws {
        try session.typeFields(fields)
        try session.send("C-s")
    }

    @Test func addThreeCachesCycleThroughThemAndFindThemAfterARestart() throws {
        let session = try TmuxSession.app(store: store)
        try add(["Old Oak", "Behind the tree", "ana", "Travel bug"], in: session)
        try session.waitFor("Cache 1 of 1")
        try add(["東京タワー 🗼", "Under the 🌸 bench", "Ken 健", "Coin 🪙"], in: session)
        try session.waitFor("Cache 2 of 2")
        try session.waitFor("Title:   東京タワー 🗼")
        try add(["River Bend", "Near the bridge", "bo", "Logbook"], in: session)
        try session.waitFor("Cache 3 of 3")

        try session.send("C-n")
        try session.waitFor("Title:   Old Oak")
        try session.waitFor("Cache 1 of 3")
        try session.send("C-n")
        try session.waitFor("Title:   東京タワー 🗼")
        try session.send("C-n")
        try session.waitFor("Title:   River Bend")
        try session.quitApp()

        let again = try TmuxSession.app(store: store)
        try again.waitFor("Cache 1 of 3")
        try again.waitFor("Title:   Old Oak")
        try again.send("C-n")
        try again.waitFor("Details: Under the 🌸 bench")
        try again.quitApp()
        #expect(try SQLiteStore(url: store).count() == 3)
    }

    @Test func emptyFieldsAreNamedOnScreenAndNothingIsStored() throws {
        let session = try TmuxSession.app(store: store)
        try add(["Only a title", "", ""], in: session)
        try session.waitFor("Details, Creator and Reward are empty")
        let screen = try session.screen()
        #expect(screen.contains("Only a title"))
        #expect(screen.contains("No caches yet"))
        try session.quitApp()
        #expect(try SQLiteStore(url: store).count() == 0)
    }

    @Test func resizeRelaysOutAtOnceAndSaysWhenTooSmall() throws {
        let session = try TmuxSession.app(store: store)
        try session.resize(width: 30, height: 8)
        try session.waitFor("Terminal too small")
        try session.resize(width: 100, height: 30)
        try session.waitFor("layout at 100 columns") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("┌") && $0.count == 100 }
        }
        try session.quitApp()
    }

    @Test func hangupKeepsTheDraftForTheNextStart() throws {
        let session = try TmuxSession.app(store: store)
        try session.type("Half typed 東京")
        try session.waitFor("Half typed 東京")
        let pid = try #require(try session.programPID())
        kill(pid, SIGHUP)
        try session.waitFor("[exited")
        let again = try TmuxSession.app(store: store)
        try again.waitFor("Draft restored")
        try again.waitFor("Half typed 東京")
        try again.quitApp()
    }

    @Test func terminateKeepsTheDraftToo() throws {
        let session = try TmuxSession.app(store: store)
        try session.type("Kept on TERM")
        try session.waitFor("Kept on TERM")
        let pid = try #require(try session.programPID())
        kill(pid, SIGTERM)
        try session.waitFor("[exited")
        let again = try TmuxSession.app(store: store)
        try again.waitFor("Kept on TERM")
        try again.quitApp()
    }

    @Test func ctrlZSuspendsToTheShellAndFgRepaintsTheScreen() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store), environment: ["LANG": "C.UTF-8"], interactiveShell: true)
        try session.waitFor("^Q Quit")
        try session.type("typed before suspend")
        try session.send("C-z")
        try session.waitFor("Stopped")
        #expect(!(try session.screen().contains("^Q Quit")))
        try session.type("fg")
        try session.send("Enter")
        try session.waitFor("repainted form") { $0.contains("^Q Quit") && $0.contains("typed before suspend") && $0.contains("No caches yet") }
        try session.send("C-q")
        try session.waitFor("the shell prompt after quitting") { screen in
            !screen.contains("^Q Quit") && screen.split(separator: "\n").last == "$"
        }
    }

    @Test("kill %1 on a suspended form keeps its draft and ends it, the shell's terminal left alone (cursor shown)")
    func killOfASuspendedFormEndsItInTheBackground() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store), environment: ["LANG": "C.UTF-8"], interactiveShell: true)
        try session.waitFor("^Q Quit")
        let pid = try #require(try session.programPID())
        try session.type("typed before kill")
        try session.send("C-z")
        try session.waitFor("Stopped")
        try session.type("kill %1")
        try session.send("Enter")
        // The process itself, not the shell's job table: bash may say the job is gone
        // (`kill -0 %1` failing) while the program still keeps its draft, and a form
        // started meanwhile would find no draft free to take.
        #expect(waitUntil(timeout: .seconds(30)) { kill(pid, 0) != 0 && errno == ESRCH })
        try session.waitFor("the shell's prompt") { $0.split(separator: "\n").last == "$" }
        #expect(!(try session.screen().contains("^Q Quit")))
        #expect(try session.tmux(["display-message", "-p", "-t", "0", "#{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let again = try TmuxSession.app(store: store)
        try again.waitFor("typed before kill")
        try again.quitApp()
    }

    @Test("a signal the form does not handle (SIGUSR1, SIGQUIT, SIGPIPE, SIGSYS, a real-time one, a fault's, an abort's or a trap's sent with kill) ends it with the shell's terminal modes and screen back",
          arguments: [SIGUSR1, SIGQUIT, SIGPIPE, SIGSEGV, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, 40])
    func aSignalTheFormDoesNotHandleGivesTheTerminalBack(_ signal: Int32) throws {
        let modes = directory.file("modes").path
        let command = "stty -g > \(modes)-before; \(TmuxSession.appCommand(store: store)); stty -g > \(modes)-after"
        let session = try TmuxSession(command: command, environment: ["LANG": "C.UTF-8"], interactiveShell: true)
        try session.waitFor("^Q Quit")
        let pid = try #require(try session.programPID())
        kill(pid, signal)
        #expect(waitUntil(timeout: .seconds(60)) { FileManager.default.fileExists(atPath: modes + "-after") })
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? String(contentsOfFile: modes + "-after", encoding: .utf8))?.isEmpty == false
        })
        #expect(try String(contentsOfFile: modes + "-after", encoding: .utf8)
                == String(contentsOfFile: modes + "-before", encoding: .utf8))
        let flags = try session.tmux(["display-message", "-p", "-t", "0",
                                      "#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag}"])
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1 0 0")
    }

    @Test("Ctrl-Z with no job control above the form (sh -c) says it did not suspend, and the form goes on")
    func ctrlZWithoutJobControlSaysSo() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("C-z")
        try session.waitFor("Not suspended: no job control here")
        try session.type("still here")
        try session.waitFor(">Title   [still here")
        try session.quitApp()
    }

    @Test func ctrlZOnATerminalWithoutAnAlternateScreenLeavesNoFormAboveTheShell() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store),
                                      environment: ["LANG": "C.UTF-8", "TERM": "vt100"], interactiveShell: true)
        try session.waitFor("^Q Quit")
        try session.send("C-z")
        try session.waitFor("Stopped")
        let suspended = try session.screen()
        #expect(!suspended.contains("^Q Quit"), "\(suspended)")
        try session.type("fg")
        try session.send("Enter")
        try session.waitFor("^Q Quit")
        try session.send("C-q")
        try session.waitFor("the shell prompt after quitting") { screen in
            !screen.contains("^Q Quit") && screen.split(separator: "\n").last == "$"
        }
    }

    @Test func cacheAddedByAnotherProcessAppearsWithoutAKeyPress() throws {
        let session = try TmuxSession.app(store: store)
        let adder = Process()
        adder.executableURL = GeocacheTUIBinary.url
        adder.arguments = ["add", "--store", store.path, "--title", "From elsewhere", "--details", "d",
                           "--creator", "c", "--reward", "r"]
        try adder.run()
        try adder.waitForExit()
        #expect(adder.terminationStatus == 0)
        try session.waitFor("Cache 1 of 1")
        try session.quitApp()
    }

    @Test func escapeDismissesTheErrorPromptly() throws {
        let session = try TmuxSession.app(store: store)
        try session.send("C-s")
        try session.waitFor("are empty")
        let sent = Date()
        try session.send("Escape")
        try session.waitFor("No caches yet.")
        // Not a timing assertion on the app: the wait above would fail only after its
        // 10 s bound; this records that no one-second escape delay is involved.
        #expect(Date().timeIntervalSince(sent) < 5)
        try session.quitApp()
    }

    @Test func bracketedPasteGoesIntoTheFieldAsOneLine() throws {
        let session = try TmuxSession.app(store: store)
        try session.tmux(["set-buffer", "pasted\nacross\tlines"])
        try session.tmux(["paste-buffer", "-p", "-t", "0"])
        try session.waitFor("pasted across lines")
        try session.quitApp()
    }

    @Test("inside tmux with TERM=screen a pasted text of five lines goes into the field as one line and adds nothing")
    func aPasteOfLinesUnderTermScreenAddsNothing() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store),
                                      environment: ["TERM": "screen", "LANG": "C.UTF-8"])
        try session.waitFor("^Q Quit")
        try session.tmux(["set-buffer", "one\ntwo\nthree\nfour\nfive\n"])
        try session.tmux(["paste-buffer", "-p", "-t", "0"])
        try session.waitFor("one two three four five")
        #expect(!(try session.screen().contains("Added")))
        try session.quitApp()
        #expect(try SQLiteStore(url: store).loadCaches().isEmpty)
    }

    @Test func mouseClickOnAFieldFocusesIt() throws {
        let session = try TmuxSession.app(store: store)
        // An SGR mouse press and release on the Creator field (row 4, column 12).
        try session.type("\u{1B}[<0;12;4M\u{1B}[<0;12;4m")
        try session.type("clicked")
        try session.waitFor(">Creator [clicked")
        try session.quitApp()
    }

    @Test func unknownTerminalTypeGivesOneLineAndStatusTwo() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store),
                                      environment: ["TERM": "no-such-terminal", "LANG": "C.UTF-8"])
        let screen = try session.waitFor("[exited 2]")
        #expect(screen.contains("geocache-tui: unknown terminal type 'no-such-terminal' (TERM)"))
    }

    @Test("LINES and COLUMNS exported for another terminal do not size the form: the terminal's own size does")
    func staleLinesAndColumnsDoNotSizeTheForm() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store), width: 100, height: 30,
                                      environment: ["LANG": "C.UTF-8", "COLUMNS": "60", "LINES": "20"])
        let screen = try session.waitFor("^Q Quit")
        let widest = screen.split(separator: "\n" as Character).map(\.count).max() ?? 0
        #expect(widest > 60, "\(screen)")
        try session.quitApp()
    }

    @Test func aTerminalThatCannotMoveTheCursorIsRefused() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store),
                                      environment: ["TERM": "dumb", "LANG": "C.UTF-8"])
        let screen = try session.waitFor("[exited 2]")
        #expect(screen.contains("geocache-tui: terminal 'dumb' cannot move the cursor"))
    }

    @Test func aNonUTF8LocaleStillGivesAUsableScreen() throws {
        try SQLiteStore(url: store).add(GeoCache(title: "東京 🗼", details: "d", creator: "c", reward: "r"))
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store),
                                      environment: ["LANG": "C", "LC_ALL": "C"])
        try session.waitFor("^Q Quit")
        try session.waitFor("Title:   東京 🗼")
        #expect(try session.screen().contains("┌ Cache"))
        try session.quitApp()
    }

    @Test func cachesImportedByAnotherProcessAppearInTheCount() throws {
        let session = try TmuxSession.app(store: store)
        let file = directory.file("two.json")
        let caches = [GeoCache.sample("First"), GeoCache.sample("Second")]
        try JSONSerialization.data(withJSONObject: caches.map(\.dictionary)).write(to: file)
        let importer = Process()
        importer.executableURL = GeocacheTUIBinary.url
        importer.arguments = ["import", "--store", store.path, file.path]
        importer.standardOutput = FileHandle.nullDevice
        try importer.run()
        try importer.waitForExit()
        #expect(importer.terminationStatus == 0)
        try session.waitFor("Cache 1 of 2")
        try session.quitApp()
    }

    /// The process that takes over the watch's last close at exit (it waits for the
    /// kernel in the app's place) ends right after the app.
    @Test func quittingLeavesNoProcessOfTheAppBehind() throws {
        let session = try TmuxSession.app(store: store)
        try session.type("A draft to keep")
        try session.waitFor("A draft to keep")
        let pid = try #require(try session.programPID())
        let group = try #require(Self.processGroup(of: pid))
        try session.quitApp()
        waitUntil(timeout: .seconds(10)) { Self.appProcesses(inGroup: group).isEmpty }
        #expect(Self.appProcesses(inGroup: group).isEmpty)
    }

    /// The process group of `pid`, from /proc/PID/stat (the fifth field).
    private static func processGroup(of pid: pid_t) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 2 ? Int(fields[2]) : nil
    }

    /// The running geocache-tui processes in process group `group`.
    private static func appProcesses(inGroup group: Int) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return comm.hasPrefix("geocache-tui") && processGroup(of: pid) == group
        }
    }

    @Test func quitRestoresTheTerminal() throws {
        let session = try TmuxSession.app(store: store)
        try session.quitApp()
        let screen = try session.screen()
        #expect(!screen.contains("^Q Quit"))
    }
}

/// Starting the app where it cannot draw: a one-line message, exit status 2.
@Suite struct LaunchCheckTests {
    /// Runs the app on a store in a fresh directory, with only `environment`.
    private func run(environment: [String: String]) throws -> (status: Int32, stderr: String, stdout: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(["--store", directory.file().path], environment: environment)
        return (result.status, result.error, result.output)
    }

    @Test func noTerminalGivesOneLineAndStatusTwo() throws {
        let result = try run(environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(result.stderr == "geocache-tui: standard input is not a terminal\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aFormThatCannotStartMakesNoStoreNorItsDirectories() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let result = try GeocacheTUIBinary.run([], environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
                                                                 "XDG_DATA_HOME": data.url.path])
        #expect(result.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.url.path).isEmpty)
    }

    @Test func aFormThatCannotStartLeavesAStoreThatWasThereAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("caches.sqlite").path
        #expect(try GeocacheTUIBinary.run(["--store", store, "add", "--title", "t", "--details", "d", "--creator", "c",
                                           "--reward", "r"]).status == 0)
        let result = try GeocacheTUIBinary.run(["--store", store], environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(try GeocacheTUIBinary.run(["--store", store, "list"]).output.hasPrefix("t\t"))
    }
}
